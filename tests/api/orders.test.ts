import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodes, dealers, materials, stockDaily, stockMoves, stockOnHand, storageLocations, warehouses } from '../../src/server/db/schema';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { dayOf } from '../../src/server/modules/stock/ledger';
import type { BarcodeTrace, CompleteResult, OrderDetail, OrderRow, ScanResult, StocktakeLineRow, UploadResult } from '../../src/shared/api/orders';
import { ORDER_PAGES, pageOfType, type OrderPage, type OrderType } from '../../src/shared/orders/orderTypes';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let dealer1: string;
let dealer2: string;
/** dealer1's main warehouse (locations on, duplicate-scan-delete on) and one of its locations. */
let own: { dealerId: number; warehouseId: number; locationId: number };
let other: { warehouseId: number };
/** Two of the maker's central warehouses: no dealer, no location rule, no duplicate-scan-delete. */
let central: number;
let central2: number;
let mats: number[];
let serial = 0;

beforeAll(async () => {
  server = await startTestServer();
  [admin, dealer1, dealer2] = await Promise.all([server.login('admin'), server.login('dealer1'), server.login('dealer2')]);
  const db = server.services.db;
  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  const [loc] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, d1.warehouseId!)).limit(1);
  own = { dealerId: d1.id, warehouseId: d1.warehouseId!, locationId: loc.id };
  const [d2] = await db.select({ warehouseId: dealers.defaultWarehouseId }).from(dealers).orderBy(asc(dealers.id)).limit(1).offset(4);
  other = { warehouseId: d2.warehouseId! };
  const cw = await db.select({ id: warehouses.id }).from(warehouses).where(sql`${warehouses.code} in ('CDC02', 'CDC03')`).orderBy(asc(warehouses.code));
  [central, central2] = cw.map((w) => w.id);
  mats = (await db.select({ id: materials.id }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(70)).map((m) => m.id).slice(40);
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(`/orderManage/${path}`, { token, body, lang: 'en-US' });
const ok = async <T>(res: Promise<{ status: number; body: { msg: string; data: T } }>) => {
  const r = await res;
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
};
const newCodes = (n: number) => Array.from({ length: n }, () => `TEST${String(++serial).padStart(8, '0')}`);

/** A delivery from the maker: a receipt order with its shipped serials (pending). */
async function deliver(warehouseId: number, lines: { materialId: number; qty: number; ship?: number }[], type: OrderType = 'PR') {
  const shipped = lines.flatMap((l) => newCodes(l.ship ?? l.qty).map((barcode) => ({ barcode, materialId: l.materialId, dotCode: '2325' })));
  const { id } = await ok(call<{ id: number }>(`${pageOfType(type)}/save`, {
    orderType: type, warehouseId, lines: lines.map((l) => ({ materialId: l.materialId, plannedQty: l.qty })), shipped,
  }));
  return { id, codes: shipped.map((s) => s.barcode) };
}
const order = async (type: OrderType, warehouseId: number, lines: { materialId: number; qty: number; adjustKind?: 'loss' | 'overflow' }[], token = admin, extra = {}) =>
  (await ok(call<{ id: number }>(`${pageOfType(type)}/save`, {
    orderType: type, warehouseId, lines: lines.map((l) => ({ materialId: l.materialId, plannedQty: l.qty, adjustKind: l.adjustKind })), ...extra,
  }, token))).id;
const scan = (page: OrderPage, orderId: number, barcode: string, token = admin, extra: Record<string, unknown> = {}) =>
  call<ScanResult>(`${page}/scan`, { orderId, barcode, ...extra }, token);
const scanAll = async (page: OrderPage, orderId: number, codes: string[], token = admin, extra: Record<string, unknown> = {}) => {
  for (const c of codes) await ok(scan(page, orderId, c, token, extra));
};
const complete = (page: OrderPage, id: number, token = admin) => call<CompleteResult>(`${page}/complete`, { id }, token);
const detail = (page: OrderPage, id: number, token = admin) => ok(call<OrderDetail>(`${page}/detail`, { id }, token));
async function onHand(warehouseId: number, materialId: number) {
  const [r] = await server.services.db.execute(sql`select coalesce(sum(qty), 0)::int as q from stock_on_hand where warehouse_id = ${warehouseId} and material_id = ${materialId}`)
    .then((x) => (x as unknown as { rows: { q: number }[] }).rows);
  return Number(r.q);
}
const statusOf = async (code: string) => (await server.services.db.select().from(barcodes).where(eq(barcodes.code, code)))[0];
const expectConsistent = async () => expect(await checkStockInvariant(server.services.db)).toEqual([]);

/** Stock received into a central warehouse, ready to ship. */
async function stockIn(warehouseId: number, materialId: number, qty: number) {
  const { id, codes } = await deliver(warehouseId, [{ materialId, qty }]);
  await scanAll('PRorder', id, codes);
  await ok(complete('PRorder', id));
  return codes;
}

describe('purchase receipt and sales outbound', () => {
  it('a dealer receives a delivery by scanning, completes it, and stock rises; a sale lowers it', async () => {
    const m = mats[0];
    const before = await onHand(own.warehouseId, m);
    const { id, codes } = await deliver(own.warehouseId, [{ materialId: m, qty: 3 }]);
    const first = await ok(scan('PRorder', id, codes[0], dealer1, { locationId: own.locationId }));
    expect(first).toMatchObject({ action: 'added', lineScanned: 1, linePlanned: 3, scannedQty: 1, plannedQty: 3, status: '1' });
    await scanAll('PRorder', id, codes.slice(1), dealer1, { locationId: own.locationId });
    expect(await onHand(own.warehouseId, m)).toBe(before);
    expect(await ok(complete('PRorder', id, dealer1))).toEqual({ id, moved: 3 });
    expect(await onHand(own.warehouseId, m)).toBe(before + 3);
    expect(await statusOf(codes[0])).toMatchObject({ status: 'in', warehouseId: own.warehouseId, locationId: own.locationId, dealerId: own.dealerId });
    const received = await detail('PRorder', id, dealer1);
    expect(received).toMatchObject({ status: '2', scannedQty: 3, plannedQty: 3 });
    expect(received.lines[0]).toMatchObject({ plannedQty: 3, scannedQty: 3, onHand: before + 3 });

    const sale = await order('WL', own.warehouseId, [{ materialId: m, qty: 2 }], dealer1, { counterparty: 'Walk-in customer' });
    await scanAll('WLorder', sale, codes.slice(0, 2), dealer1);
    await ok(complete('WLorder', sale, dealer1));
    expect(await onHand(own.warehouseId, m)).toBe(before + 1);
    expect((await statusOf(codes[0])).status).toBe('out');
    await expectConsistent();
  });

  it('the day roll-up records opening, in, out and closing', async () => {
    const m = mats[1];
    const codes = await stockIn(central, m, 4);
    const sale = await order('WL', central, [{ materialId: m, qty: 1 }]);
    await scanAll('WLorder', sale, [codes[3]]);
    await ok(complete('WLorder', sale));
    const [row] = await server.services.db.select().from(stockDaily)
      .where(and(eq(stockDaily.warehouseId, central), eq(stockDaily.materialId, m), eq(stockDaily.day, dayOf(new Date()))));
    expect(row).toMatchObject({ opening: 0, inQty: 4, outQty: 1, closing: 3 });
  });
});

describe('every order type moves stock as written down', () => {
  const inbound: OrderType[] = ['PB', 'OX', 'OC', 'ZI'];
  const outbound: OrderType[] = ['WI', 'LB', 'WC', 'XO', 'ZO', 'CO'];
  it.each(inbound)('%s receives shipped tyres into stock', async (type) => {
    const m = mats[2];
    const before = await onHand(central, m);
    const { id, codes } = await deliver(central, [{ materialId: m, qty: 2 }], type);
    await scanAll(pageOfType(type), id, codes);
    await ok(complete(pageOfType(type), id));
    expect(await onHand(central, m)).toBe(before + 2);
    const moves = await server.services.db.select().from(stockMoves).where(eq(stockMoves.orderId, id));
    expect(moves.map((mv) => [mv.orderType, mv.qty])).toEqual([[type, 1], [type, 1]]);
  });
  it.each(outbound)('%s takes tyres out of stock', async (type) => {
    const m = mats[3];
    const codes = await stockIn(central, m, 2);
    const before = await onHand(central, m);
    const id = await order(type, central, [{ materialId: m, qty: 2 }]);
    await scanAll(pageOfType(type), id, codes);
    await ok(complete(pageOfType(type), id));
    expect(await onHand(central, m)).toBe(before - 2);
    expect((await statusOf(codes[1])).status).toBe('out');
  });
  it.each(['LR', 'LC', 'CI'] as OrderType[])('%s takes tyres the dealer sold back into stock', async (type) => {
    const m = mats[4];
    const codes = await stockIn(central, m, 1);
    const sale = await order('WL', central, [{ materialId: m, qty: 1 }]);
    await scanAll('WLorder', sale, codes);
    await ok(complete('WLorder', sale));
    const before = await onHand(central, m);
    const back = await order(type, central, [{ materialId: m, qty: 1 }]);
    await scanAll(pageOfType(type), back, codes);
    await ok(complete(pageOfType(type), back));
    expect(await onHand(central, m)).toBe(before + 1);
    expect(await statusOf(codes[0])).toMatchObject({ status: 'in', warehouseId: central });
  });
  it('TR moves tyres from one warehouse to another and keeps their inbound date', async () => {
    const m = mats[5];
    const codes = await stockIn(central, m, 2);
    const inboundAt = (await statusOf(codes[0])).inboundAt;
    const [a, b] = [await onHand(central, m), await onHand(central2, m)];
    const tr = await order('TR', central, [{ materialId: m, qty: 2 }], admin, { targetWarehouseId: central2 });
    await scanAll('TRorder', tr, codes);
    expect(await ok(complete('TRorder', tr))).toEqual({ id: tr, moved: 4 });
    expect([await onHand(central, m), await onHand(central2, m)]).toEqual([a - 2, b + 2]);
    expect(await statusOf(codes[0])).toMatchObject({ status: 'in', warehouseId: central2, inboundAt });
    await expectConsistent();
  });
  it('each page lists only its own types', async () => {
    const list = await ok(call<{ list: OrderRow[] }>('WLorder/selectByPage', { pageNum: 1, pageSize: 100 }));
    expect(new Set(list.list.map((o) => o.orderType))).toEqual(new Set(ORDER_PAGES.WLorder.filter((t) => list.list.some((o) => o.orderType === t))));
    expect(list.list.every((o) => (ORDER_PAGES.WLorder as readonly string[]).includes(o.orderType))).toBe(true);
    const wrong = await call('WLorder/save', { orderType: 'PR', warehouseId: central, lines: [{ materialId: mats[0], plannedQty: 1 }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('This page cannot create orders of that type');
  });
});

describe('every bad scan is refused at once with its reason', () => {
  it('unknown, wrong material, over planned, already in stock, already out, not received, other warehouse, scanned twice', async () => {
    const [m1, m2] = [mats[6], mats[7]];
    const { id, codes } = await deliver(central, [{ materialId: m1, qty: 1, ship: 2 }]);
    const elsewhere = await deliver(central, [{ materialId: m2, qty: 1 }]);
    const refused = async (orderPage: OrderPage, orderId: number, code: string, text: string) => {
      const res = await scan(orderPage, orderId, code);
      expect(res.status, `${code}: ${res.body.msg}`).toBe(409);
      expect(res.body.msg).toContain(text);
    };
    await refused('PRorder', id, 'NOSUCH0001', 'Unknown barcode NOSUCH0001');
    await refused('PRorder', id, elsewhere.codes[0], 'which this order does not hold');
    await ok(scan('PRorder', id, codes[0]));
    await refused('PRorder', id, codes[0], 'was already scanned');
    await refused('PRorder', id, codes[1], 'has reached its planned quantity of 1');
    await ok(complete('PRorder', id));

    const again = await deliver(central, [{ materialId: m1, qty: 1 }]);
    await refused('PRorder', again.id, codes[0], 'is already in stock');
    const sale = await order('WL', central, [{ materialId: m1, qty: 2 }]);
    await refused('WLorder', sale, codes[1], 'has not been received yet');
    // Scanners may send lower case; serials are upper case, so the scan is read as such.
    await refused('WLorder', sale, 'nosuch-lower', 'Unknown barcode NOSUCH-LOWER');
    const far = await order('WL', central2, [{ materialId: m1, qty: 1 }]);
    await refused('WLorder', far, codes[0], 'is not in this warehouse');
    await ok(scan('WLorder', sale, codes[0]));
    await ok(complete('WLorder', sale));
    await refused('WLorder', far, codes[0], 'is already out');
    const bad = await scan('WLorder', sale, codes[0]);
    expect(bad.status).toBe(409);
    expect(bad.body.msg).toContain('completed or cancelled');
  });

  it('a barcode that is not a tyre serial is refused as bad input', async () => {
    const res = await scan('PRorder', 1, 'lower case!');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('barcode: This is not a tyre barcode');
  });

  it("with the dealer's duplicate-scan-delete flag a second scan removes the first", async () => {
    const { id, codes } = await deliver(own.warehouseId, [{ materialId: mats[8], qty: 2 }]);
    await ok(scan('PRorder', id, codes[0], dealer1, { locationId: own.locationId }));
    const removed = await ok(scan('PRorder', id, codes[0], dealer1, { locationId: own.locationId }));
    expect(removed).toMatchObject({ action: 'removed', scannedQty: 0, lineScanned: 0 });
    const needsPlace = await scan('PRorder', id, codes[0], dealer1);
    expect(needsPlace.status).toBe(400);
    expect(needsPlace.body.msg).toContain('storage locations');
  });

  it('unscan takes a barcode off an open order', async () => {
    const { id, codes } = await deliver(central, [{ materialId: mats[9], qty: 2 }]);
    await scanAll('PRorder', id, codes);
    expect(await ok(call<ScanResult>('PRorder/unscan', { orderId: id, barcode: codes[1] }))).toMatchObject({ action: 'removed', scannedQty: 1 });
    expect((await call('PRorder/unscan', { orderId: id, barcode: codes[1] })).status).toBe(409);
  });
});

describe('PDA upload', () => {
  it('is all or nothing, and a retry with the same upload id adds nothing', async () => {
    const { id, codes } = await deliver(central, [{ materialId: mats[10], qty: 3 }]);
    const rejected = await call<{ errors: { barcode: string; message: string }[] }>('PRorder/upload', {
      orderId: id, uploadId: 'pda-upload-0001', scans: [{ barcode: codes[0] }, { barcode: 'NOSUCH0002' }, { barcode: codes[0] }],
    });
    expect(rejected.status).toBe(409);
    expect(rejected.body.data.errors.map((e) => e.barcode)).toEqual(['NOSUCH0002', codes[0]]);
    expect((await detail('PRorder', id)).scannedQty).toBe(0);

    const body = { orderId: id, uploadId: 'pda-upload-0002', scans: codes.map((barcode) => ({ barcode })) };
    expect(await ok(call<UploadResult>('PRorder/upload', body))).toEqual({ uploadId: 'pda-upload-0002', accepted: 3, scannedQty: 3, replayed: false });
    expect(await ok(call<UploadResult>('PRorder/upload', body))).toEqual({ uploadId: 'pda-upload-0002', accepted: 3, scannedQty: 3, replayed: true });
    expect((await detail('PRorder', id)).scans.map((s) => s.source)).toEqual(['PDA', 'PDA', 'PDA']);
    const other2 = await deliver(central, [{ materialId: mats[10], qty: 1 }]);
    const reused = await call('PRorder/upload', { ...body, orderId: other2.id });
    expect(reused.status).toBe(409);
  });

  it('one upload id sent to two orders at the same moment is taken once and refused once, never a server error', async () => {
    const [a, b] = [await deliver(central, [{ materialId: mats[10], qty: 1 }]), await deliver(central, [{ materialId: mats[10], qty: 1 }])];
    const sent = await Promise.all([a, b].map((o) => call('PRorder/upload', { orderId: o.id, uploadId: 'pda-race-0001', scans: o.codes.map((barcode) => ({ barcode })) })));
    expect(sent.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(sent.find((r) => r.status === 409)!.body.msg).toContain('already used for another order');
    const scanned = [(await detail('PRorder', a.id)).scannedQty, (await detail('PRorder', b.id)).scannedQty];
    expect(scanned.sort()).toEqual([0, 1]);
  });
});

describe('concurrency', () => {
  it('of two orders completed at once holding the same tyre, exactly one wins', async () => {
    const m = mats[11];
    const codes = await stockIn(central, m, 3);
    const [a, b] = [await order('WL', central, [{ materialId: m, qty: 3 }]), await order('WI', central, [{ materialId: m, qty: 3 }])];
    await scanAll('WLorder', a, codes);
    await scanAll('WIorder', b, codes.slice(1));
    const results = await Promise.all([complete('WLorder', a), complete('WIorder', b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.msg).toContain('was moved by another order');
    expect(await onHand(central, m)).toBe((await server.services.db.select().from(barcodes)
      .where(and(eq(barcodes.warehouseId, central), eq(barcodes.materialId, m), eq(barcodes.status, 'in')))).length);
    await expectConsistent();
  });

  it('orders completed at once over the same materials, scanned in opposite orders, all complete', async () => {
    // Each completion adds to the same on-hand and daily rows of two materials. Written in scan
    // order, two of them could each hold one row and wait for the other's (a deadlock on
    // PostgreSQL); written in key order, they queue.
    const [m1, m2] = [mats[19], mats[20]];
    const pairs = 4;
    const [c1, c2] = [await stockIn(central, m1, pairs * 2), await stockIn(central, m2, pairs * 2)];
    const before = [await onHand(central, m1), await onHand(central, m2)];
    const sales: number[] = [];
    for (let i = 0; i < pairs * 2; i++) {
      const id = await order('WL', central, [{ materialId: m1, qty: 1 }, { materialId: m2, qty: 1 }]);
      await scanAll('WLorder', id, i % 2 ? [c2[i], c1[i]] : [c1[i], c2[i]]);
      sales.push(id);
    }
    const results = await Promise.all(sales.map((id) => complete('WLorder', id)));
    expect(results.map((r) => `${r.status} ${r.body.msg}`)).toEqual(sales.map(() => '200 SUCCESS'));
    expect([await onHand(central, m1), await onHand(central, m2)]).toEqual([before[0] - pairs * 2, before[1] - pairs * 2]);
    await expectConsistent();
  });

  it('twenty scans of one order at once keep exact counts', async () => {
    const { id, codes } = await deliver(central, [{ materialId: mats[12], qty: 20 }]);
    const results = await Promise.all(codes.map((c) => scan('PRorder', id, c)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const d = await detail('PRorder', id);
    expect([d.scannedQty, d.lines[0].scannedQty]).toEqual([20, 20]);
  });
});

describe('stocktake, loss and overflow', () => {
  it('records counted tyres, produces the differences, and posting them adjusts stock', async () => {
    const m = mats[13];
    const codes = await stockIn(central2, m, 3);
    const sold = await stockIn(central, m, 1);
    const sale = await order('WL', central, [{ materialId: m, qty: 1 }]);
    await scanAll('WLorder', sale, sold);
    await ok(complete('WLorder', sale));
    const [location] = await server.services.db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, central2)).limit(1);

    const count = await order('IV', central2, []);
    const book = (await server.services.db.select({ code: barcodes.code }).from(barcodes).where(and(eq(barcodes.warehouseId, central2), eq(barcodes.status, 'in')))).map((b) => b.code);
    const missing = codes[0];
    for (const c of book.filter((c) => c !== missing)) await ok(scan('InventoryList', count, c, admin, { locationId: location.id }));
    await ok(scan('InventoryList', count, sold[0], admin, { locationId: location.id }));
    const lines = await ok(call<{ list: StocktakeLineRow[] }>('InventoryChildList/selectByPage', { stocktakeId: count, pageNum: 1, pageSize: 50 }));
    expect(lines.list.some((l) => l.difference !== 0)).toBe(true);

    const before = await onHand(central2, m);
    const done = await ok(complete('InventoryList', count));
    expect(done.moved).toBe(0);
    const adjustment = await detail('DecreaseOverflow', done.adjustmentOrderId!);
    expect(adjustment).toMatchObject({ orderType: 'DO', stocktakeId: count, status: '1' });
    expect(adjustment.scans.map((s) => [s.barcode, s.adjustKind]).sort()).toEqual([[missing, 'loss'], [sold[0], 'overflow']].sort());
    expect(await onHand(central2, m)).toBe(before);
    await ok(complete('DecreaseOverflow', adjustment.id));
    expect(await onHand(central2, m)).toBe(before);
    // Posted, the books now agree with the count; the stocktake's lines still show what it found
    // (a reading of the books now would show no difference at all).
    const after = await ok(call<{ list: StocktakeLineRow[] }>('InventoryChildList/selectByPage', { stocktakeId: count, pageNum: 1, pageSize: 50 }));
    expect(after.list).toEqual(lines.list);
    const ofM = after.list.filter((l) => l.materialId === m);
    // Two of three book tyres counted plus one found: 3 counted against 3 in the books, at other places.
    expect([ofM.reduce((n, l) => n + l.counted, 0), ofM.reduce((n, l) => n + l.book, 0)]).toEqual([3, 3]);
    expect(ofM.find((l) => l.locationId === location.id)).toMatchObject({ counted: 3, book: 0 });
    expect((await statusOf(missing)).status).toBe('out');
    expect(await statusOf(sold[0])).toMatchObject({ status: 'in', warehouseId: central2, locationId: location.id });
    await expectConsistent();
  });

  it('a manual loss/overflow order needs the kind on every scan', async () => {
    const m = mats[14];
    const codes = await stockIn(central, m, 1);
    const id = await order('DO', central, [{ materialId: m, qty: 1, adjustKind: 'loss' }]);
    const noKind = await scan('DecreaseOverflow', id, codes[0]);
    expect(noKind.body.msg).toContain('Choose loss or overflow');
    await ok(scan('DecreaseOverflow', id, codes[0], admin, { adjustKind: 'loss' }));
    await ok(complete('DecreaseOverflow', id));
    expect((await statusOf(codes[0])).status).toBe('out');
  });
});

describe('the stock invariant', () => {
  it('finds a barcode, on-hand figure, ledger row or daily roll-up that disagrees with the rest', async () => {
    const db = server.services.db;
    const m = mats[22];
    const [code] = await stockIn(central, m, 1);
    const here = and(eq(stockOnHand.warehouseId, central), eq(stockOnHand.materialId, m));
    /** The problems the check reports with one corruption applied, rolled back afterwards. */
    const problemsWith = async (corrupt: (tx: typeof db) => Promise<unknown>) => {
      let problems: string[] = [];
      await db.transaction(async (tx) => {
        await corrupt(tx as unknown as typeof db);
        problems = await checkStockInvariant(tx as unknown as typeof db);
        tx.rollback();
      }).catch((err: Error) => { if (!/rollback/i.test(err.message)) throw err; });
      return problems;
    };
    expect(await problemsWith((tx) => tx.update(barcodes).set({ status: 'out' }).where(eq(barcodes.code, code)))).toEqual(
      expect.arrayContaining([`barcode ${code} is out but its moves sum to 1`]),
    );
    expect((await problemsWith((tx) => tx.update(stockOnHand).set({ qty: sql`${stockOnHand.qty} + 1` }).where(here)))
      .some((p) => p.startsWith(`warehouse ${central} location`))).toBe(true);
    expect((await problemsWith((tx) => tx.delete(stockMoves).where(eq(stockMoves.barcode, code)))).length).toBeGreaterThan(0);
    expect((await problemsWith((tx) => tx.update(stockDaily).set({ closing: sql`${stockDaily.closing} + 1` })
      .where(and(eq(stockDaily.warehouseId, central), eq(stockDaily.materialId, m)))))
      .some((p) => p.includes('does not close at opening + in - out'))).toBe(true);
    await expectConsistent();
  });
});

describe('lifecycle', () => {
  it('checks every transition on the server', async () => {
    const m = mats[15];
    const { id, codes } = await deliver(central, [{ materialId: m, qty: 2 }]);
    expect((await complete('PRorder', id)).body.msg).toContain('Nothing has been scanned');
    await ok(scan('PRorder', id, codes[0]));
    const below = await call('PRorder/update', { id, orderType: 'PR', warehouseId: central, lines: [] });
    expect(below.status).toBe(400);
    const shrink = await call('PRorder/update', { id, orderType: 'PR', warehouseId: central, lines: [{ materialId: mats[16], plannedQty: 1 }] });
    expect(shrink.body.msg).toContain('cannot be below the 1 already scanned');
    await ok(call('PRorder/update', { id, orderType: 'PR', warehouseId: central, remark: 'two more', lines: [{ materialId: m, plannedQty: 4 }] }));
    expect((await call('PRorder/delete', { ids: [id] })).body.msg).toContain('cancel it instead');
    expect((await call('PRorder/markUploaded', { ids: [id] })).status).toBe(409);
    expect(await ok(call('PRorder/markPrinted', { ids: [id, id] }))).toEqual({ marked: 1 });
    await ok(call('PRorder/cancel', { id }));
    expect((await complete('PRorder', id)).status).toBe(409);
    expect((await scan('PRorder', id, codes[1])).status).toBe(409);
    expect((await detail('PRorder', id))).toMatchObject({ status: '3', printStatus: '1', remark: 'two more', plannedQty: 4 });

    const fresh = await order('WL', central, [{ materialId: m, qty: 1 }]);
    expect(await ok(call('WLorder/delete', { ids: [fresh] }))).toEqual({ deleted: 1 });
    const shipped = await stockIn(central, m, 1);
    const sale = await order('WL', central, [{ materialId: m, qty: 1 }]);
    await scanAll('WLorder', sale, shipped);
    await ok(complete('WLorder', sale));
    await ok(call('WLorder/markUploaded', { ids: [sale] }));
    expect((await call('WLorder/cancel', { id: sale })).status).toBe(409);
    expect((await detail('WLorder', sale)).uploadStatus).toBe('1');
  });

  it('a transfer needs a target warehouse other than its source', async () => {
    const res = await call('TRorder/save', { orderType: 'TR', warehouseId: central, lines: [{ materialId: mats[0], plannedQty: 1 }] });
    expect(res.body.msg).toContain('target warehouse');
  });
});

describe('data scope', () => {
  it("a dealer sees and scans only its own orders, and creates orders only in its warehouses", async () => {
    const { id, codes } = await deliver(own.warehouseId, [{ materialId: mats[17], qty: 1 }]);
    expect((await call('PRorder/detail', { id }, dealer2)).status).toBe(404);
    expect((await scan('PRorder', id, codes[0], dealer2, { locationId: own.locationId })).status).toBe(404);
    expect((await complete('PRorder', id, dealer2)).status).toBe(404);
    const listed = await ok(call<{ list: OrderRow[] }>('PRorder/selectByPage', { pageNum: 1, pageSize: 100 }, dealer2));
    expect(listed.list.some((o) => o.id === id)).toBe(false);
    const foreign = await call('WLorder/save', { orderType: 'WL', warehouseId: own.warehouseId, lines: [{ materialId: mats[17], plannedQty: 1 }] }, dealer2);
    expect(foreign.status).toBe(400);
    const ownSave = await call('WLorder/save', { orderType: 'WL', warehouseId: other.warehouseId, lines: [{ materialId: mats[17], plannedQty: 1 }] }, dealer2);
    expect(ownSave.status, ownSave.body.msg).toBe(200);
    const ship = await call('PRorder/save', {
      orderType: 'PR', warehouseId: other.warehouseId, lines: [{ materialId: mats[17], plannedQty: 1 }], shipped: [{ barcode: 'DEALERMADE01', materialId: mats[17] }],
    }, dealer2);
    expect(ship.body.msg).toContain("maker's delivery");
  });

  it("a dealer cannot receive, count or book as overflow a tyre that is not its own, and learns nothing of where it is", async () => {
    const m = mats[21];
    const db = server.services.db;
    const [centralWarehouse] = await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, central));
    const [makers] = await stockIn(central, m, 1); // in the maker's stock
    const makersPending = (await deliver(central, [{ materialId: m, qty: 1 }])).codes[0]; // shipped to the maker's own warehouse
    const dealer2s = (await deliver(other.warehouseId, [{ materialId: m, qty: 1 }])).codes[0]; // shipped to dealer2
    const place = { locationId: own.locationId };
    const receipt = await order('PR', own.warehouseId, [{ materialId: m, qty: 3 }], dealer1);
    const stocktake = await order('IV', own.warehouseId, [], dealer1);
    const overflow = await order('DO', own.warehouseId, [{ materialId: m, qty: 3, adjustKind: 'overflow' }], dealer1);
    const attempts: [OrderPage, number, string, Record<string, unknown>][] = [
      ['PRorder', receipt, makersPending, place], ['PRorder', receipt, dealer2s, place],
      ['InventoryList', stocktake, makers, place], ['InventoryList', stocktake, dealer2s, place],
      ['DecreaseOverflow', overflow, makers, { ...place, adjustKind: 'overflow' }], ['DecreaseOverflow', overflow, dealer2s, { ...place, adjustKind: 'overflow' }],
    ];
    for (const [page, id, code, extra] of attempts) {
      const res = await scan(page, id, code, dealer1, extra);
      expect(res.status, `${page} ${code}: ${res.body.msg}`).toBe(409);
      expect(res.body.msg).toBe(`Barcode ${code} belongs to another dealer`);
      expect(res.body.msg).not.toContain(centralWarehouse.name);
    }
    expect((await detail('InventoryList', stocktake, dealer1)).scannedQty).toBe(0);
    expect(await statusOf(makers)).toMatchObject({ status: 'in', warehouseId: central, dealerId: null });
  });

  it('the barcode trace lists every move of a tyre', async () => {
    const codes = await stockIn(central, mats[18], 1);
    const sale = await order('WL', central, [{ materialId: mats[18], qty: 1 }]);
    await scanAll('WLorder', sale, codes);
    await ok(complete('WLorder', sale));
    const trace = await ok(call<BarcodeTrace>('barcode/trace', { barcode: codes[0] }));
    expect(trace.barcode).toMatchObject({ code: codes[0], status: 'out' });
    expect(trace.moves.map((m) => [m.orderType, m.qty])).toEqual([['PR', 1], ['WL', -1]]);
    expect((await call('barcode/trace', { barcode: codes[0] }, dealer1)).status).toBe(404);
  });
});
