import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { barcodes, materials, warehouses } from '../../src/server/db/schema';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import type { OrderDetail } from '../../src/shared/api/orders';
import { ORDER_STATUS, type OrderPage } from '../../src/shared/orders/orderTypes';
import { startTestServer, type TestServer } from '../api/server';

/**
 * Fifty scanners at once, each a session of its own, on overlapping orders and
 * barcodes: ten on each delivery, scanning windows of its tyres that overlap (and a few of the
 * next delivery's), some by PDA upload; then, with the tyres in stock, fifty on ten sales
 * orders whose tyres overlap, some taking scans back off, and every order completed at once.
 * No call fails with a server error, each tyre is received once and leaves at most once,
 * and the ledger invariant holds.
 */
const SCANNERS = 50;
const DELIVERIES = 5;
const PER_DELIVERY = 40;
const SALES = 10;

let server: TestServer;
let tokens: string[];
let warehouseId: number;
let mats: number[];
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: '1000' });
  tokens = await Promise.all(Array.from({ length: SCANNERS }, () => server.login('admin')));
  const db = server.services.db;
  [{ id: warehouseId }] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC03'));
  mats = (await db.select({ id: materials.id }).from(materials).where(and(eq(materials.source, 'factory'), eq(materials.status, 'normal')))
    .orderBy(asc(materials.id)).limit(2)).map((m) => m.id);
}, 120_000);
afterAll(async () => { await server?.stop(); });

/** Every answer's status, counted: no 500 may be among them. */
const statuses = new Map<number, number>();
const call = async <T = unknown>(page: OrderPage, action: string, body: unknown, token: string) => {
  const res = await server.call<T>(`/orderManage/${page}/${action}`, { token, body, lang: 'en-US' });
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return res;
};
const ok = async <T>(res: Promise<{ status: number; body: { msg: string; data: T } }>) => {
  const r = await res;
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
};
/** The same list in an order of its own per scanner, so scanners meet each other at different tyres. */
const shuffled = <T>(xs: T[], seed: number) => xs.map((x, i) => ({ x, k: (i * 7919 + seed * 104729) % 1009 })).sort((a, b) => a.k - b.k).map((e) => e.x);
let serial = 0;

describe('fifty scanners racing', () => {
  it('on overlapping barcodes and orders: no server error, every tyre in one place, the ledger agrees', async () => {
    const run = Date.now().toString(36).toUpperCase();
    // Deliveries into a central warehouse, half of each material.
    const deliveries: { id: number; codes: string[] }[] = [];
    for (let d = 0; d < DELIVERIES; d++) {
      const shipped = Array.from({ length: PER_DELIVERY }, (_, i) => ({ barcode: `RACE${run}${String(++serial).padStart(5, '0')}`, materialId: mats[i % 2], dotCode: '2325' }));
      const { id } = await ok(call<{ id: number }>('PRorder', 'save', {
        orderType: 'PR', warehouseId, lines: mats.map((materialId) => ({ materialId, plannedQty: PER_DELIVERY / 2 })), shipped,
      }, tokens[0]));
      deliveries.push({ id, codes: shipped.map((s) => s.barcode) });
    }
    // Ten scanners per delivery, each on a window of 24 of its 40 tyres (the windows overlap and cover them all)
    // and 4 of the next delivery's (a tyre on its way may be received on any receipt of its dealer); every tenth
    // sends its window as one PDA upload instead.
    await Promise.all(Array.from({ length: SCANNERS }, async (_, s) => {
      const own = deliveries[s % DELIVERIES];
      const next = deliveries[(s + 1) % DELIVERIES];
      const j = Math.floor(s / DELIVERIES);
      const window = Array.from({ length: 24 }, (_, k) => own.codes[(j * 4 + k) % PER_DELIVERY]);
      if (s % 10 === 9) {
        await call('PRorder', 'upload', { orderId: own.id, uploadId: `race-${run}-${s}`, scans: window.map((barcode) => ({ barcode })) }, tokens[s]);
        return;
      }
      for (const barcode of shuffled([...window, ...next.codes.slice(j, j + 4)], s)) await call('PRorder', 'scan', { orderId: own.id, barcode }, tokens[s]);
    }));
    // All at once: of two receipts holding the same tyre one completes, the other is refused whole;
    // its user takes off the tyres received meanwhile and completes it.
    const received = await Promise.all(deliveries.map((d, i) => call('PRorder', 'complete', { id: d.id }, tokens[i])));
    const db = server.services.db;
    for (const [i, r] of received.entries()) {
      if (r.status === 200) continue;
      expect(r.body.msg).toMatch(/was moved by another order/);
      const scanned = (await ok(call<OrderDetail>('PRorder', 'detail', { id: deliveries[i].id }, tokens[i]))).scans.map((x) => x.barcode);
      const taken = await db.select({ code: barcodes.code }).from(barcodes).where(and(inArray(barcodes.code, scanned), eq(barcodes.status, 'in')));
      for (const { code } of taken) await ok(call('PRorder', 'unscan', { orderId: deliveries[i].id, barcode: code }, tokens[i]));
      await ok(call('PRorder', 'complete', { id: deliveries[i].id }, tokens[i]));
    }

    // Ten sales orders of 40 tyres each over the tyres now in stock: windows overlap, so a tyre may sit on several orders.
    const shipped = deliveries.flatMap((d) => d.codes);
    const stock = (await db.select({ code: barcodes.code }).from(barcodes).where(and(inArray(barcodes.code, shipped), eq(barcodes.status, 'in')))).map((b) => b.code).sort();
    expect(stock.length).toBeGreaterThan(100);
    const sales: number[] = [];
    for (let o = 0; o < SALES; o++) {
      sales.push((await ok(call<{ id: number }>('WLorder', 'save', {
        orderType: 'WL', warehouseId, lines: mats.map((materialId) => ({ materialId, plannedQty: 20 })),
      }, tokens[0]))).id);
    }
    await Promise.all(Array.from({ length: SCANNERS }, async (_, s) => {
      const orderId = sales[s % SALES];
      const window = Array.from({ length: 20 }, (_, k) => stock[(s * 7 + k * 3) % stock.length]);
      for (const barcode of shuffled(window, s)) await call('WLorder', 'scan', { orderId, barcode }, tokens[s]);
      // Every fifth takes two back off.
      if (s % 5 === 0) for (const barcode of window.slice(0, 2)) await call('WLorder', 'unscan', { orderId, barcode }, tokens[s]);
    }));
    const completions = await Promise.all(sales.map((id, i) => call('WLorder', 'complete', { id }, tokens[i])));
    const won = sales.filter((_, i) => completions[i].status === 200);
    expect(won.length).toBeGreaterThan(0);
    for (const r of completions) expect([200, 409], r.body.msg).toContain(r.status);

    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`${SCANNERS} scanners on ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}: answers ${summary}; ${won.length} of ${SALES} sales completed`);
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);

    // Each tyre received at most once and left at most once: out exactly when one completed sale holds it.
    const moves = await queryRows<{ barcode: string; total: number; ins: number; outs: number }>(db, sql`
      select barcode, sum(qty)::int as total, count(*) filter (where qty < 0)::int as outs, count(*) filter (where qty > 0)::int as ins
      from stock_moves where barcode in (${sql.join(shipped.map((c) => sql`${c}`), sql`, `)}) group by barcode`);
    expect(moves.length).toBe(stock.length);
    expect(moves.filter((m) => m.ins !== 1 || m.outs > 1 || m.total < 0 || m.total > 1)).toEqual([]);
    const soldScans = won.length ? await queryRows<{ barcode: string; orders: number }>(db, sql`
      select barcode, count(*)::int as orders from order_scans where order_id in (${sql.join(won.map((id) => sql`${id}`), sql`, `)}) group by barcode`) : [];
    expect(soldScans.filter((s) => s.orders > 1)).toEqual([]);
    const out = await db.select({ code: barcodes.code }).from(barcodes).where(and(inArray(barcodes.code, stock), eq(barcodes.status, 'out')));
    expect(out.map((b) => b.code).sort()).toEqual(soldScans.map((s) => s.barcode).sort());
    for (const id of sales) {
      const d = await ok(call<OrderDetail>('WLorder', 'detail', { id }, tokens[0]));
      expect(d.status).toBe(won.includes(id) ? ORDER_STATUS.completed : ORDER_STATUS.scanning);
    }
    expect(await checkStockInvariant(db)).toEqual([]);
  }, 180_000);
});
