import ExcelJS from 'exceljs';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodes, orders } from '../../src/server/db/schema';
import { post } from '../../src/server/modules/stock/ledger';
import { TRACE_EXPORT_PATH, type TraceCancelResult } from '../../src/shared/analytics/reports/inventory';
import { SOCKET_EVENTS, SOCKET_PATH, type StockChange } from '../../src/shared/api/notices';
import type { BarcodeTrace } from '../../src/shared/api/orders';
import { dealer1Warehouse, unusedMaterial } from './fixtures';
import { startTestServer, type TestServer } from './server';

/** The barcode trace page's own calls beside the trace: cancelling a wrong record, and the export. */
let server: TestServer;
let admin: string;
let w1: { id: number; dealerId: number };
let material: number;
let serial = 0;
const sockets: Socket[] = [];

const call = <T>(path: string, body: unknown, token = admin) => server.call<T>(path, { body, token, lang: 'en-US' });
const trace = async (code: string) => (await call<BarcodeTrace>('/orderManage/barcode/trace', { barcode: code })).body.data;

/** A tyre received into W1 through the ledger (a purchase receipt), then sold if asked. */
async function tyre(code: string, sold = false) {
  const db = server.services.db;
  await db.insert(barcodes).values({ code, materialId: material, dotCode: '2325', status: 'pending', dealerId: w1.dealerId });
  for (const [orderType, qty] of [['PR', 1], ...(sold ? [['WL', -1]] : [])] as ['PR' | 'WL', 1 | -1][]) {
    const [o] = await db.insert(orders).values({
      orderNo: `BT${String(++serial).padStart(6, '0')}`, orderType, status: '2', dealerId: w1.dealerId, warehouseId: w1.id, completedAt: new Date(),
    }).returning({ id: orders.id });
    await db.transaction((tx) => post(tx, {
      orderId: o.id, orderType, userId: null, at: new Date(),
      moves: [{ barcode: code, qty, dealerId: w1.dealerId, warehouseId: w1.id, locationId: null, materialId: material, dotCode: '2325' }],
      states: [{ code, status: qty > 0 ? 'in' : 'out', dealerId: w1.dealerId, warehouseId: w1.id, locationId: null, inbound: qty > 0 }],
    }));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const db = server.services.db;
  w1 = await dealer1Warehouse(db);
  material = (await unusedMaterial(db)).id;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
});

describe('cancelling a trace record', () => {
  it('tells open dashboards and wall screens that stock changed, once committed', async () => {
    await tyre('TRACE0001', true);
    const socket = io(server.url, { path: SOCKET_PATH, auth: { token: admin }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => { socket.once('connect', resolve); socket.once('connect_error', reject); });
    const pushed: StockChange[] = [];
    socket.on(SOCKET_EVENTS.stock, (change: StockChange) => pushed.push(change));

    const sale = (await trace('TRACE0001')).moves.at(-1)!;
    const res = await call<TraceCancelResult>('/orderManage/barcode/trace/cancel', { barcode: 'TRACE0001', moveId: sale.id });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ reversed: [sale.id], status: 'in' });
    for (let i = 0; i < 20 && !pushed.length; i++) await new Promise((done) => setTimeout(done, 50));
    expect(pushed).toEqual([{ dealerId: w1.dealerId, warehouseIds: [w1.id], orderId: sale.orderId, orderType: 'WL', moved: 1 }]);

    // A refused cancellation changes nothing and tells nobody.
    expect((await call('/orderManage/barcode/trace/cancel', { barcode: 'TRACE0001', moveId: sale.id })).status).toBe(409);
    // A push of the hub's own after the refusal is the yardstick: the socket receives in order, so
    // anything the refusal had pushed would come before it.
    const yardstick: StockChange = { dealerId: null, warehouseIds: [], orderId: 0, orderType: 'PR', moved: 0 };
    server.services.realtime.stockChanged(yardstick);
    for (let i = 0; i < 40 && pushed.length < 2; i++) await new Promise((done) => setTimeout(done, 50));
    expect(pushed).toEqual([expect.objectContaining({ orderId: sale.orderId }), yardstick]);
  });
});

describe('exporting a trace', () => {
  const exportOf = (barcode: string, token = admin) => fetch(`${server.url}/fms/api/v1${TRACE_EXPORT_PATH}`, {
    method: 'POST', headers: { token, 'content-type': 'application/json', 'accept-language': 'en-US' }, body: JSON.stringify({ barcode }),
  });

  it('streams the tyre\'s moves as xlsx, oldest first, naming corrections and the moves they cancelled', async () => {
    await tyre('TRACE0002', true);
    const sale = (await trace('TRACE0002')).moves.at(-1)!;
    expect((await call('/orderManage/barcode/trace/cancel', { barcode: 'TRACE0002', moveId: sale.id })).status).toBe(200);
    const res = await exportOf('TRACE0002');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(res.headers.get('content-disposition')!)).toContain('Barcode trace TRACE0002.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const [header, ...rows] = (book.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1));
    expect(header).toEqual(['Barcode', 'Time', 'Order no', 'Order type', 'Quantity', 'Dealer', 'Warehouse', 'Location', 'User', 'Record']);
    const pick = (r: unknown[]) => [r[0], r[3], r[4], r[9]];
    expect(rows.map(pick)).toEqual([
      ['TRACE0002', 'Purchase receipt', 1, 'Normal'], ['TRACE0002', 'Sales outbound', -1, 'Cancelled'], ['TRACE0002', 'Sales outbound', 1, 'Correction'],
    ]);
  });

  it('is the caller\'s data scope: another dealer\'s tyre is unknown, as on the page', async () => {
    const [dealer1, dealer2] = [await server.login('dealer1'), await server.login('dealer2')];
    const own = await exportOf('TRACE0002', dealer1);
    expect(own.status).toBe(200);
    await own.arrayBuffer(); // read to the end: a response left unread keeps its connection, and the server's close, waiting
    const other = await exportOf('TRACE0002', dealer2);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe(404);
    expect((await exportOf('NO-SUCH-TYRE')).status).toBe(404);
  });
});
