import { randomUUID } from 'node:crypto';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, offlineScans, orderScans, storageLocations, users, warehouses } from '../../src/server/db/schema';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import type { SyncAnswer, SyncItem } from '../../src/shared/api/offlineSync';
import type { OrderDetail } from '../../src/shared/api/orders';
import { pageOfType, type OrderPage, type OrderType } from '../../src/shared/orders/orderTypes';
import { dealer1Warehouse } from './fixtures';
import { startTestServer, type TestServer } from './server';

/**
 * The offline queue's batch call (docs/offline-floor.md): each queued scan judged once by its
 * device id, with the online scan's reasons, under the caller's own name, permission and scope.
 */
let server: TestServer;
let admin: string;
let dealer1: string;
let dealer2: string;
const ids: Record<string, number> = {};
let central: number;
let own: { warehouseId: number; locationId: number };
let mats: number[];
let serial = 0;

beforeAll(async () => {
  server = await startTestServer();
  [admin, dealer1, dealer2] = await Promise.all([server.login('admin'), server.login('dealer1'), server.login('dealer2')]);
  const db = server.services.db;
  for (const u of await db.select({ id: users.id, userName: users.userName }).from(users).where(inArray(users.userName, ['admin', 'dealer1', 'dealer2']))) ids[u.userName] = u.id;
  [{ id: central }] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC02'));
  const d1 = await dealer1Warehouse(db);
  const [loc] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, d1.id)).limit(1);
  own = { warehouseId: d1.id, locationId: loc.id };
  mats = (await db.select({ id: materials.id }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(12)).map((m) => m.id).slice(6);
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(`/orderManage/${path}`, { token, body, lang: 'en-US' });
const ok = async <T>(res: Promise<{ status: number; body: { msg: string; data: T } }>) => {
  const r = await res;
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
};
const newCodes = (n: number) => Array.from({ length: n }, () => `SYNC${String(++serial).padStart(8, '0')}`);

/** A delivery from the maker: a receipt order with its shipped serials (pending). */
async function deliver(warehouseId: number, materialId: number, qty: number, token = admin) {
  const shipped = newCodes(qty).map((barcode) => ({ barcode, materialId, dotCode: '2325' }));
  const { id } = await ok(call<{ id: number }>('PRorder/save', { orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: qty }], shipped }, token));
  return { id, codes: shipped.map((s) => s.barcode) };
}
const order = async (type: OrderType, warehouseId: number, materialId: number, qty: number, token = admin) =>
  (await ok(call<{ id: number }>(`${pageOfType(type)}/save`, { orderType: type, warehouseId, lines: [{ materialId, plannedQty: qty }], counterparty: 'Walk-in' }, token))).id;
const detail = (page: OrderPage, id: number, token = admin) => ok(call<OrderDetail>(`${page}/detail`, { id }, token));
const sync = (page: OrderPage, items: SyncItem[], token = admin) => call<SyncAnswer>(`${page}/sync`, { items }, token);

/** Items as a device queues them: a fresh id each, in reading order, a second apart. */
const queued = (orderId: number, codes: string[], user: string, extra: Partial<SyncItem> = {}): SyncItem[] =>
  codes.map((barcode, i) => ({
    deviceId: randomUUID(), op: 'scan', orderId, userId: ids[user], barcode, scannedAt: new Date(Date.UTC(2026, 10, 28, 8, 0, i)).toISOString(), ...extra,
  }));

const scansOn = async (orderId: number) => (await server.services.db.select({ n: count() }).from(orderScans).where(eq(orderScans.orderId, orderId)))[0].n;
const expectConsistent = async () => expect(await checkStockInvariant(server.services.db)).toEqual([]);

/** Stock received into a warehouse, ready to sell. */
async function stockIn(warehouseId: number, materialId: number, qty: number) {
  const { id, codes } = await deliver(warehouseId, materialId, qty);
  for (const barcode of codes) await ok(call('PRorder/scan', { orderId: id, barcode }));
  await ok(call('PRorder/complete', { id }));
  return codes;
}

describe('a queued batch', () => {
  it('is judged in order with the online reasons, and sent again changes nothing and answers the same verdicts', async () => {
    const { id, codes } = await deliver(central, mats[0], 5);
    const items = queued(id, [codes[0], codes[1], 'NOSUCHTYRE01', codes[1], codes[2]], 'admin');
    const first = await ok(sync('PRorder', items));
    expect(first.verdicts.map((v) => [v.verdict, v.message])).toEqual([
      ['added', null], ['added', null],
      ['refused', 'Unknown barcode NOSUCHTYRE01'],
      ['refused', `Barcode ${codes[1]} was already scanned`],
      ['added', null],
    ]);
    expect(first.verdicts.map((v) => v.deviceId)).toEqual(items.map((i) => i.deviceId));
    expect(first.verdicts.every((v) => !v.replayed)).toBe(true);
    expect(first.verdicts[2].reason).toBe('barcodeUnknown');
    // The online scan of the same unknown barcode says the same words.
    expect((await call('PRorder/scan', { orderId: id, barcode: 'NOSUCHTYRE01' })).body.msg).toBe('Unknown barcode NOSUCHTYRE01');

    const again = await ok(sync('PRorder', items));
    expect(again.verdicts.map(({ replayed: _, ...v }) => v)).toEqual(first.verdicts.map(({ replayed: _, ...v }) => v));
    expect(again.verdicts.every((v) => v.replayed)).toBe(true);
    expect(await scansOn(id)).toBe(3);
    expect((await detail('PRorder', id)).lines[0].scannedQty).toBe(3);
    // Said again in the caller's language on a resend.
    const zh = await server.call<SyncAnswer>('/orderManage/PRorder/sync', { token: admin, body: { items }, lang: 'zh-CN' });
    expect(zh.body.data.verdicts[2].message).toBe('条码 NOSUCHTYRE01 不存在');
  });

  it('sent twice at the same moment takes each scan once', async () => {
    const { id, codes } = await deliver(central, mats[1], 30);
    const items = queued(id, codes, 'admin');
    const answers = await Promise.all([sync('PRorder', items), sync('PRorder', items)]);
    for (const a of answers) expect(a.status, a.body.msg).toBe(200);
    expect(await scansOn(id)).toBe(30);
    await ok(call('PRorder/complete', { id }));
    await expectConsistent();
    const verdicts = answers.flatMap((a) => a.body.data.verdicts);
    expect(verdicts.filter((v) => v.verdict === 'added' && !v.replayed)).toHaveLength(30);
    expect(verdicts.filter((v) => v.verdict === 'added' && v.replayed)).toHaveLength(30);
  });

  it('scans and unscans in reading order: a tyre scanned, taken off and scanned again ends on the order once', async () => {
    const { id, codes } = await deliver(central, mats[2], 2);
    const [a, b, c] = queued(id, [codes[0], codes[0], codes[0]], 'admin');
    const res = await ok(sync('PRorder', [a, { ...b, op: 'unscan' }, c]));
    expect(res.verdicts.map((v) => v.verdict)).toEqual(['added', 'removed', 'added']);
    const unknownUnscan = await ok(sync('PRorder', queued(id, [codes[1]], 'admin', { op: 'unscan' })));
    expect(unknownUnscan.verdicts[0]).toMatchObject({ verdict: 'refused', message: `Barcode ${codes[1]} is not scanned on this order` });
    expect(await scansOn(id)).toBe(1);
  });

  it('an id already used for another scan is refused, never taken as that scan', async () => {
    const { id, codes } = await deliver(central, mats[2], 2);
    const [item] = queued(id, [codes[0]], 'admin');
    await ok(sync('PRorder', [item]));
    const res = await ok(sync('PRorder', [{ ...item, barcode: codes[1] }]));
    expect(res.verdicts[0]).toMatchObject({ verdict: 'refused', reason: 'syncIdReused', replayed: false });
    expect(await scansOn(id)).toBe(1);
  });
});

describe('conflicts', () => {
  it('a tyre another device shipped meanwhile, and an order completed or cancelled meanwhile, are refused with their reasons', async () => {
    const m = mats[3];
    const [x, y] = await stockIn(central, m, 2);
    const saleA = await order('WL', central, m, 2);
    const saleB = await order('WL', central, m, 1);
    // Device A queued X into sale A offline; device B shipped X online meanwhile.
    const offline = queued(saleA, [x, y], 'admin');
    await ok(call('WLorder/scan', { orderId: saleB, barcode: x }));
    await ok(call('WLorder/complete', { id: saleB }));
    const res = await ok(sync('WLorder', offline));
    expect(res.verdicts.map((v) => [v.verdict, v.reason, v.message])).toEqual([
      ['refused', 'barcodeAlreadyOut', `Barcode ${x} is already out`],
      ['added', null, null],
    ]);
    await ok(call('WLorder/complete', { id: saleA }));
    await expectConsistent();

    const completed = await ok(sync('WLorder', queued(saleA, [y], 'admin', { op: 'unscan' })));
    expect(completed.verdicts[0]).toMatchObject({ verdict: 'refused', reason: 'orderNotOpen', message: 'The order is completed or cancelled and cannot be changed' });
    const { id: cancelled, codes } = await deliver(central, m, 1);
    await ok(call('PRorder/cancel', { id: cancelled }));
    expect((await ok(sync('PRorder', queued(cancelled, codes, 'admin')))).verdicts[0]).toMatchObject({ verdict: 'refused', reason: 'orderNotOpen' });
    await expectConsistent();
  });

  it('a receipt needing a location says so as the online scan does', async () => {
    const { id, codes } = await deliver(own.warehouseId, mats[4], 2, admin);
    const res = await ok(sync('PRorder', [...queued(id, [codes[0]], 'dealer1'), ...queued(id, [codes[1]], 'dealer1', { locationId: own.locationId })], dealer1));
    const online = await call('PRorder/scan', { orderId: id, barcode: codes[0] }, dealer1);
    expect(res.verdicts.map((v) => [v.verdict, v.message])).toEqual([['refused', online.body.msg], ['added', null]]);
  });
});

describe("the caller's own name, permission and scope", () => {
  it('refuses a batch holding another user\'s scans, and takes none of it', async () => {
    const { id, codes } = await deliver(own.warehouseId, mats[5], 2);
    const items = [...queued(id, [codes[0]], 'dealer1', { locationId: own.locationId }), ...queued(id, [codes[1]], 'admin', { locationId: own.locationId })];
    const res = await sync('PRorder', items, dealer1);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('These offline scans belong to another user; they are sent when that user signs in');
    const asAdmin = await sync('PRorder', items.slice(0, 1), admin);
    expect(asAdmin.status).toBe(403);
    expect(await scansOn(id)).toBe(0);
    const recorded = await server.services.db.select({ n: count() }).from(offlineScans).where(inArray(offlineScans.deviceId, items.map((i) => i.deviceId)));
    expect(recorded[0].n).toBe(0);
  });

  it("refuses another dealer's order as not found, and a page the order is not of", async () => {
    const { id, codes } = await deliver(own.warehouseId, mats[5], 2);
    const foreign = await ok(sync('PRorder', queued(id, [codes[0]], 'dealer2', { locationId: own.locationId }), dealer2));
    expect(foreign.verdicts[0]).toMatchObject({ verdict: 'refused', reason: 'notFound' });
    const wrongPage = await ok(sync('WLorder', queued(id, [codes[0]], 'dealer1', { locationId: own.locationId }), dealer1));
    expect(wrongPage.verdicts[0]).toMatchObject({ verdict: 'refused', reason: 'notFound' });
    expect(await scansOn(id)).toBe(0);
    // The refusal was dealer2's: dealer1's own device ids are judged afresh.
    const mine = await ok(sync('PRorder', queued(id, [codes[0]], 'dealer1', { locationId: own.locationId }), dealer1));
    expect(mine.verdicts[0].verdict).toBe('added');
  });

  it('refuses a batch without a session (the scan permission is checked as for every route: tests/reliability/authzMatrix.test.ts)', async () => {
    const { id, codes } = await deliver(central, mats[5], 1);
    const noSession = await server.call('/orderManage/PRorder/sync', { body: { items: queued(id, codes, 'admin') } });
    expect(noSession.status).toBe(401);
    expect(await scansOn(id)).toBe(0);
  });

  it('refuses malformed items: a device id that is not a uuid, an unknown op, too many items', async () => {
    const { id, codes } = await deliver(central, mats[5], 1);
    const [item] = queued(id, codes, 'admin');
    for (const bad of [{ ...item, deviceId: 'abc' }, { ...item, op: 'complete' }, { ...item, scannedAt: 'yesterday' }]) {
      expect((await call('PRorder/sync', { items: [bad] })).status).toBe(400);
    }
    expect((await call('PRorder/sync', { items: Array.from({ length: 201 }, () => ({ ...item, deviceId: randomUUID() })) })).status).toBe(400);
    expect(await scansOn(id)).toBe(0);
  });
});

describe("an order's offline book", () => {
  it("lists a receipt's shipped tyres and a sale's tyres in stock, of the lines' materials, within scope", async () => {
    const { id, codes } = await deliver(central, mats[0], 3);
    const receipt = await ok(call<{ barcodes: { code: string; materialId: number }[]; complete: boolean; duplicateScanDelete: boolean }>('PRorder/offlineBook', { id }));
    expect(receipt.complete).toBe(true);
    expect(receipt.duplicateScanDelete).toBe(false);
    // dealer1 deletes by scanning twice: the device is told so.
    const dealers = await deliver(own.warehouseId, mats[0], 1);
    expect((await ok(call<{ duplicateScanDelete: boolean }>('PRorder/offlineBook', { id: dealers.id }, dealer1))).duplicateScanDelete).toBe(true);
    expect(receipt.barcodes.filter((b) => codes.includes(b.code))).toEqual(codes.map((code) => ({ code, materialId: mats[0] })));
    expect(receipt.barcodes.every((b) => b.materialId === mats[0])).toBe(true);
    const sold = await stockIn(central, mats[4], 2);
    const sale = await order('WL', central, mats[4], 1);
    const book = await ok(call<{ barcodes: { code: string }[] }>('WLorder/offlineBook', { id: sale }));
    expect(sold.every((c) => book.barcodes.some((b) => b.code === c))).toBe(true);
    expect(book.barcodes.some((b) => codes.includes(b.code))).toBe(false);
    expect((await call('PRorder/offlineBook', { id }, dealer2)).status).toBe(404);
  });
});
