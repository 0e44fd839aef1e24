import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsFilters } from '../../src/shared/analytics/filters';
import type { Language } from '../../src/shared/i18n/languages';
import type { Db } from '../../src/server/db/client';
import {
  barcodes, brands, dealerMaterials, dealers, loginLogs, materials, orders, regions, stockDaily, stockMoves, stockOnHand,
  stockThresholds, storageLocations, storehouses, uploadLogs, users, warehouses,
} from '../../src/server/db/schema';
import { DASHBOARD_QUERIES } from '../../src/server/modules/analysis/queries';
import type { AnalyticsCtx } from '../../src/server/modules/analysis/registry';
import { REPORT_QUERIES } from '../../src/server/modules/analysis/reports';
import { judgeStock } from '../../src/server/modules/stock/alerts';
import { post, type Move } from '../../src/server/modules/stock/ledger';
import { rebuildWarehouseDaily } from '../../src/server/modules/stock/warehouseDaily';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import { hashPassword } from '../../src/server/platform/passwordHash';
import type { SessionUser } from '../../src/server/platform/sessionStore';
import { startTestServer, type TestServer } from './server';

/**
 * A small stock world on an empty database (no demo data), with dates chosen by hand around
 * "now" = Wednesday 2026-12-23, 12:00 local time:
 * - dealer D1 (region East), warehouse W1 with two locations of capacity 10: six tyres, three of
 *   material M1 (brand Alpha) on locations, three of M2 (brand Beta) without;
 * - dealer D2 (region South), warehouse W2: two tyres of M2;
 * - the maker's central warehouse WC: one tyre of M1.
 * W1's daily flows (all M1): 11-28 out 2, 11-30 in 4, 12-01 out 1, 12-10 out 3, 12-20 in 1 out 2,
 * 12-23 out 1. So W1 closes 11-27 at 10, 11-28 8, 11-30 12, 12-01 11, 12-10 8, 12-20 7, 12-23 6.
 */
const PASSWORD = 'Dash#2026';
const NOW = new Date(2026, 11, 23, 12);
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);

let server: TestServer;
const id = { d1: 0, d2: 0, w1: 0, w2: 0, wc: 0, l1: 0, m1: 0, m2: 0, b1: 0, b2: 0, admin: 0, user1: 0, user2: 0 };

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'false', ADMIN_PASSWORD: PASSWORD });
  const db = server.services.db;
  const [east, south] = await db.insert(regions).values([
    { code: 'RE', name: '华东', nameEn: 'East' }, { code: 'RS', name: '华南', nameEn: 'South' },
  ]).returning();
  const [b1, b2] = await db.insert(brands).values([{ code: 'BA', name: 'Alpha' }, { code: 'BB', name: 'Beta' }]).returning();
  const material = (code: string, brandId: number, specification: string, pattern: string) =>
    ({ code, name: `${code} ${specification}`, brandId, specification, pattern, loadIndex: '91', speedIndex: 'V', price: '500' });
  const [m1, m2] = await db.insert(materials).values([
    material('M1', b1.id, '205/55R16 91V', 'Comfort'), material('M2', b2.id, '225/45R17 94W', 'Sport'),
  ]).returning();
  const [d1, d2] = await db.insert(dealers).values([
    { code: 'D1', name: '一号经销商', regionId: east.id }, { code: 'D2', name: '二号经销商', regionId: south.id },
  ]).returning();
  const [w1, w2, wc] = await db.insert(warehouses).values([
    { code: 'W1', name: 'W1 main', dealerId: d1.id }, { code: 'W2', name: 'W2 main', dealerId: d2.id }, { code: 'WC', name: 'Central' },
  ]).returning();
  const [area] = await db.insert(storehouses).values({ warehouseId: w1.id, code: 'A', name: 'A' }).returning();
  const [l1, l2] = await db.insert(storageLocations).values([
    { warehouseId: w1.id, storehouseId: area.id, code: 'A-01', name: 'A-01', capacity: 10 },
    { warehouseId: w1.id, storehouseId: area.id, code: 'A-02', name: 'A-02', capacity: 10 },
  ]).returning();
  const passwordHash = await hashPassword(PASSWORD);
  const [user1, user2] = await db.insert(users).values([
    { userName: 'dealer1', nickName: 'D1 user', passwordHash, dealerId: d1.id },
    { userName: 'dealer2', nickName: 'D2 user', passwordHash, dealerId: d2.id },
  ]).returning();
  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  Object.assign(id, { d1: d1.id, d2: d2.id, w1: w1.id, w2: w2.id, wc: wc.id, l1: l1.id, m1: m1.id, m2: m2.id, b1: b1.id, b2: b2.id, admin: admin.id, user1: user1.id, user2: user2.id });

  // Tyres in stock now. Stock age against now: 08-24 → 3 months, 08-23 23:59 → 4, 05-24 → 6,
  // 05-23 → 7, 2025-11-24 → 12, 2025-11-23 → 13. DOT age: 0125 (Monday 2024-12-30) 103 weeks,
  // 5224 (Monday 2024-12-23) 104 weeks, 2326 29 weeks, 4826 4 weeks, 0123 207 weeks, 2526 27 weeks.
  const tyre = (code: string, materialId: number, dotCode: string | null, dealerId: number | null, warehouseId: number, locationId: number | null, inboundAt: Date) =>
    ({ code, materialId, dotCode, status: 'in', dealerId, warehouseId, locationId, inboundAt });
  await db.insert(barcodes).values([
    tyre('T1', m1.id, '0125', d1.id, w1.id, l1.id, at(2026, 8, 24)),
    tyre('T2', m1.id, '5224', d1.id, w1.id, l1.id, at(2026, 8, 23, 23, 59)),
    tyre('T3', m1.id, '2326', d1.id, w1.id, l2.id, at(2026, 5, 24)),
    tyre('T4', m2.id, null, d1.id, w1.id, null, at(2026, 5, 23, 10)),
    tyre('T5', m2.id, '4826', d1.id, w1.id, null, at(2025, 11, 24)),
    tyre('T6', m2.id, '0123', d1.id, w1.id, null, at(2025, 11, 23, 23)),
    tyre('T7', m2.id, '2526', d2.id, w2.id, null, at(2026, 12, 1, 8, 5)),
    tyre('T8', m2.id, '2526', d2.id, w2.id, null, at(2026, 12, 1, 8, 5)),
    tyre('T9', m1.id, '2526', null, wc.id, null, at(2026, 12, 10, 11)),
    { code: 'T10', materialId: m1.id, dotCode: '2526', status: 'out', dealerId: d1.id, warehouseId: w1.id, inboundAt: at(2026, 11, 30) },
  ]);
  await db.insert(stockOnHand).values([
    { dealerId: d1.id, warehouseId: w1.id, locationId: l1.id, materialId: m1.id, dotCode: '0125', qty: 1 },
    { dealerId: d1.id, warehouseId: w1.id, locationId: l1.id, materialId: m1.id, dotCode: '5224', qty: 1 },
    { dealerId: d1.id, warehouseId: w1.id, locationId: l2.id, materialId: m1.id, dotCode: '2326', qty: 1 },
    { dealerId: d1.id, warehouseId: w1.id, materialId: m2.id, qty: 1 },
    { dealerId: d1.id, warehouseId: w1.id, materialId: m2.id, dotCode: '4826', qty: 1 },
    { dealerId: d1.id, warehouseId: w1.id, materialId: m2.id, dotCode: '0123', qty: 1 },
    { dealerId: d2.id, warehouseId: w2.id, materialId: m2.id, dotCode: '2526', qty: 2 },
    { warehouseId: wc.id, materialId: m1.id, dotCode: '2526', qty: 1 },
  ]);
  // Every flow below is a receipt, a return or a shipping order (the ledger rows further down),
  // so all of it is channel flow (domain.ts channelFlow): ship = out, receive = in.
  const daily = (day: string, dealerId: number, warehouseId: number, materialId: number, opening: number, inQty: number, outQty: number) =>
    ({ day, dealerId, warehouseId, materialId, opening, inQty, outQty, shipQty: outQty, receiveQty: inQty, closing: opening + inQty - outQty });
  await db.insert(stockDaily).values([
    daily('2026-11-28', d1.id, w1.id, m1.id, 7, 0, 2),
    daily('2026-11-30', d1.id, w1.id, m1.id, 5, 4, 0),
    daily('2026-12-01', d1.id, w1.id, m1.id, 9, 0, 1),
    daily('2026-12-10', d1.id, w1.id, m1.id, 8, 0, 3),
    daily('2026-12-20', d1.id, w1.id, m1.id, 5, 1, 2),
    daily('2026-12-23', d1.id, w1.id, m1.id, 4, 0, 1),
    daily('2026-11-23', d2.id, w2.id, m2.id, 0, 1, 0),
    daily('2026-12-01', d2.id, w2.id, m2.id, 1, 3, 0),
    daily('2026-12-15', d2.id, w2.id, m2.id, 4, 0, 2),
    daily('2026-12-10', 0, wc.id, m1.id, 0, 1, 0),
  ]);
  // The per-warehouse roll-up of those rows, as the postings would have kept it.
  await rebuildWarehouseDaily(db, [w1.id, w2.id, wc.id]);

  // The ledger rows behind those flows (rankings and inbound hours read them).
  let orderNo = 0;
  const moves = async (orderType: string, dealerId: number | null, warehouseId: number, materialId: number, qty: 1 | -1, n: number, movedAt: Date) => {
    const [o] = await db.insert(orders).values({ orderNo: `DQ${++orderNo}`, orderType, status: '2', dealerId, warehouseId }).returning();
    await db.insert(stockMoves).values(Array.from({ length: n }, (_, k) => ({
      barcode: `MV${orderNo}-${k}`, orderId: o.id, orderType, qty, dealerId, warehouseId, materialId, movedAt,
    })));
  };
  await moves('WL', d1.id, w1.id, m1.id, -1, 2, at(2026, 11, 28, 14));
  await moves('PR', d1.id, w1.id, m1.id, 1, 4, at(2026, 11, 30, 9, 15));
  await moves('WC', d1.id, w1.id, m1.id, -1, 1, at(2026, 12, 1, 10));
  await moves('WL', d1.id, w1.id, m1.id, -1, 3, at(2026, 12, 10, 15));
  await moves('LR', d1.id, w1.id, m1.id, 1, 1, at(2026, 12, 20, 16, 30));
  await moves('WL', d1.id, w1.id, m1.id, -1, 2, at(2026, 12, 20, 17));
  await moves('WL', d1.id, w1.id, m1.id, -1, 1, at(2026, 12, 23, 9));
  await moves('PR', d2.id, w2.id, m2.id, 1, 1, at(2026, 11, 23, 23));
  await moves('PB', d2.id, w2.id, m2.id, 1, 3, at(2026, 12, 1, 8, 5));
  await moves('WL', d2.id, w2.id, m2.id, -1, 2, at(2026, 12, 15, 10));
  await moves('PR', null, wc.id, m1.id, 1, 1, at(2026, 12, 10, 11));

  await db.insert(dealerMaterials).values([
    { dealerId: d1.id, materialId: m1.id, safetyStock: 5 },
    { dealerId: d1.id, materialId: m2.id, safetyStock: 3 },
    { dealerId: d2.id, materialId: m1.id, safetyStock: 4 },
    { dealerId: d2.id, materialId: m2.id, safetyStock: 9, status: 'disabled' },
  ]);
  const login = (userId: number, userName: string, createdAt: Date, success = true, reason = 'ok') => ({ userId, userName, createdAt, success, reason });
  await db.insert(loginLogs).values([
    login(user1.id, 'dealer1', at(2026, 12, 23, 0, 0, 0)), login(user1.id, 'dealer1', at(2026, 12, 23, 11)),
    login(user2.id, 'dealer2', at(2026, 12, 23, 8)), login(admin.id, 'admin', at(2026, 12, 23, 9)),
    login(user1.id, 'dealer1', at(2026, 12, 23, 10), false, 'badCredentials'), login(user1.id, 'dealer1', at(2026, 12, 23, 12), true, 'logout'),
    login(user1.id, 'dealer1', at(2026, 12, 22, 23, 59, 59)), login(user1.id, 'dealer1', at(2026, 12, 24)),
  ]);
  const upload = (dealerId: number, ok: boolean, createdAt: Date) => ({ uploadId: `U${createdAt.getTime()}${dealerId}${ok}`, dealerId, ok, createdAt });
  await db.insert(uploadLogs).values([
    upload(d1.id, true, at(2026, 12, 23, 9)), upload(d1.id, true, at(2026, 12, 23, 10)), upload(d1.id, false, at(2026, 12, 23, 11)),
    upload(d2.id, true, at(2026, 12, 23, 9)), upload(d2.id, false, at(2026, 12, 22, 15)),
  ]);
});
afterAll(async () => { await server?.stop(); });

type Who = 'admin' | 'dealer1' | 'dealer2';
/** Runs a query as a user at the fixed "now", with the scope the server would give that user (on `db`: the server's, or a transaction). */
async function run(queryId: string, who: Who = 'admin', filters: Partial<AnalyticsFilters> = {}, lang: Language = 'en-US', db: Db = server.services.db) {
  const user = { admin: { id: id.admin, dealerId: null }, dealer1: { id: id.user1, dealerId: id.d1 }, dealer2: { id: id.user2, dealerId: id.d2 } }[who];
  const ctx: AnalyticsCtx = { db, user: user as SessionUser, scope: await dataScopeOf(db, user), lang, now: NOW };
  const query = DASHBOARD_QUERIES.find((q) => q.id === queryId)!;
  return query.run(ctx, { dimension: 'day', ...filters });
}
const first = async (...args: Parameters<typeof run>) => (await run(...args))[0];

describe('stock balances read from the roll-ups', () => {
  it('on hand now and 7 days ago: now minus the net daily flows since', async () => {
    expect(await first('stock.onHand')).toEqual({ value: 9, previous: 11 });
    expect(await first('stock.onHand', 'dealer1')).toEqual({ value: 6, previous: 8 });
    expect(await first('stock.onHand', 'admin', { brandId: id.b1 })).toEqual({ value: 4, previous: 6 });
    // Exactly the catalogue's value, as the reports a panel drills to match it.
    expect(await first('stock.onHand', 'admin', { specification: '225/45R17 94W' })).toEqual({ value: 5, previous: 5 });
    expect(await first('stock.onHand', 'admin', { specification: '225/45' })).toEqual({ value: 0, previous: 0 });
    expect(await first('stock.onHand', 'admin', { dateTo: '2026-12-01' })).toEqual({ value: 15, previous: 11 });
  });

  it('trend by week and by month around 30 November 2026 (a Monday: week 49 but still November)', async () => {
    const range = { dateFrom: '2026-11-25', dateTo: '2026-12-06' };
    expect(await run('stock.trend', 'dealer1', { ...range, dimension: 'week' })).toEqual([
      { period: '2026-W48', onHand: 8 }, { period: '2026-W49', onHand: 11 },
    ]);
    expect(await run('stock.trend', 'dealer1', { ...range, dimension: 'month' })).toEqual([
      { period: '2026-11', onHand: 12 }, { period: '2026-12', onHand: 11 },
    ]);
    expect(await run('stock.trend', 'dealer1', { dateFrom: '2026-11-27', dateTo: '2026-11-30' })).toEqual([
      { period: '2026-11-27', onHand: 10 }, { period: '2026-11-28', onHand: 8 }, { period: '2026-11-29', onHand: 8 }, { period: '2026-11-30', onHand: 12 },
    ]);
  });

  it('flows by week and by month around the same edge', async () => {
    const range = { dateFrom: '2026-11-25', dateTo: '2026-12-06' };
    expect(await run('flow.byPeriod', 'dealer1', { ...range, dimension: 'week' })).toEqual([
      { period: '2026-W48', inQty: 0, outQty: 2 }, { period: '2026-W49', inQty: 4, outQty: 1 },
    ]);
    expect(await run('flow.byPeriod', 'admin', { ...range, dimension: 'month' })).toEqual([
      { period: '2026-11', inQty: 4, outQty: 2 }, { period: '2026-12', inQty: 3, outQty: 1 },
    ]);
  });

  it('days of stock: on hand / (outbound of the trailing 30 days / 30); null when nothing went out', async () => {
    // Now: 6 on hand, 9 out from 11-24 to 12-23 → 6 / 0.3 = 20. A week ago: 8 on hand, 6 out from 11-17 to 12-16 → 40.
    expect(await first('stock.dos', 'dealer1')).toEqual({ value: 20, previous: 40 });
    expect(await first('stock.dos', 'admin', { warehouseId: id.wc })).toEqual({ value: null, previous: null });
  });

  it('turnover: outbound in the range / average daily closing stock; previous = the 10 days before', async () => {
    // 12-14..12-23: out 3; closings 8 × 6, 7 × 3, 6 → 75 / 10 = 7.5. 12-04..12-13: out 3; closings 11 × 6, 8 × 4 → 9.8.
    expect(await first('stock.turnover', 'dealer1', { dateFrom: '2026-12-14', dateTo: '2026-12-23' })).toEqual({ value: 0.4, previous: 3 / 9.8 });
  });
});

/**
 * A transaction is one connection, and runs one statement at a time. The dashboard queries read
 * side by side where they can (stockBook's two reads), which on the server's pool is right; on a
 * transaction pg would queue them itself, which it deprecates (pg 9 refuses). Here they queue.
 */
function oneAtATime(tx: Db): Db {
  let last: Promise<unknown> = Promise.resolve();
  return new Proxy(tx, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const turn = last.then(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        last = turn.catch(() => undefined); // the caller sees the failure; the queue goes on
        return turn;
      };
    },
  });
}

describe('outbound is channel outbound (domain.ts channelFlow): a transfer is not, a sale is', () => {
  class RolledBack extends Error {}
  /**
   * At "now" (12-23 12:00) tyre T1 (M1, on W1's location A-01) leaves W1 through the ledger, inside
   * a transaction that is rolled back afterwards so the world above stays as it is; `check` reads
   * the dashboards in that transaction. D1 gets a second warehouse W1b as the transfer's target.
   */
  async function afterPosting(orderType: 'TR' | 'WL', check: (tx: Db, w1b: number) => Promise<void>) {
    const attempt = server.services.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [w1b] = await tx.insert(warehouses).values({ code: 'W1B', name: 'W1 second', dealerId: id.d1 }).returning();
      const [o] = await tx.insert(orders).values({ orderNo: `DQ-${orderType}`, orderType, status: '2', dealerId: id.d1, warehouseId: id.w1, targetWarehouseId: orderType === 'TR' ? w1b.id : null }).returning();
      const out: Move = { barcode: 'T1', qty: -1, dealerId: id.d1, warehouseId: id.w1, locationId: id.l1, materialId: id.m1, dotCode: '0125' };
      const moves: Move[] = orderType === 'TR' ? [out, { ...out, qty: 1, warehouseId: w1b.id, locationId: null }] : [out];
      await post(tx, {
        orderId: o.id, orderType, userId: null, at: NOW, moves,
        states: [{ code: 'T1', status: orderType === 'TR' ? 'in' : 'out', dealerId: id.d1, warehouseId: orderType === 'TR' ? w1b.id : id.w1, locationId: null, inbound: false }],
      });
      await check(oneAtATime(tx), w1b.id);
      throw new RolledBack();
    });
    await expect(attempt).rejects.toBeInstanceOf(RolledBack);
  }
  const turnoverRange = { dateFrom: '2026-12-14', dateTo: '2026-12-23' };
  const lastDays = { dateFrom: '2026-12-21', dateTo: '2026-12-23' };
  const baselineFlows = [
    { period: '2026-12-21', inQty: 0, outQty: 0 }, { period: '2026-12-22', inQty: 0, outQty: 0 }, { period: '2026-12-23', inQty: 0, outQty: 1 },
  ];

  it('a transfer between two warehouses of D1 changes neither D1\'s DOS, turnover nor flows; the day balance still has it out of W1', async () => {
    await afterPosting('TR', async (tx, w1b) => {
      // The same answers as without the transfer (the tests above): D1 still holds 6, of which 1 in W1b,
      // and 9 went out of the channel in the 30 days. Counting the transfer as outbound gave 6 / (10/30) = 18.
      expect(await first('stock.onHand', 'dealer1', {}, 'en-US', tx)).toEqual({ value: 6, previous: 8 });
      expect(await first('stock.dos', 'dealer1', {}, 'en-US', tx)).toEqual({ value: 20, previous: 40 });
      expect(await first('stock.turnover', 'dealer1', turnoverRange, 'en-US', tx)).toEqual({ value: 0.4, previous: 3 / 9.8 });
      expect(await run('flow.byPeriod', 'dealer1', lastDays, 'en-US', tx)).toEqual(baselineFlows);
      // Into W1b is no channel inbound either.
      expect((await run('flow.byPeriod', 'admin', { ...lastDays, warehouseId: w1b }, 'en-US', tx)).map((r) => r.inQty)).toEqual([0, 0, 0]);
      // W1 alone holds one tyre less, its outbound stays 9: 5 / (9/30).
      expect((await first('stock.dos', 'admin', { warehouseId: id.w1 }, 'en-US', tx)).value).toBeCloseTo(50 / 3, 10);

      // The roll-up: out of W1 and into W1b in in/out (balances), in neither ship nor receive.
      const day = await tx.select().from(stockDaily).where(eq(stockDaily.day, '2026-12-23'));
      const row = (warehouseId: number) => day.find((d) => d.warehouseId === warehouseId && d.materialId === id.m1);
      expect(row(id.w1)).toMatchObject({ opening: 4, inQty: 0, outQty: 2, shipQty: 1, receiveQty: 0, closing: 2 });
      expect(row(w1b)).toMatchObject({ opening: 0, inQty: 1, outQty: 0, shipQty: 0, receiveQty: 0, closing: 1 });
      const dayBalance = REPORT_QUERIES.find((q) => q.def.page === 'dayBalance')!;
      const user = { id: id.admin, dealerId: null };
      const ctx: AnalyticsCtx = { db: tx, user: user as SessionUser, scope: await dataScopeOf(tx, user), lang: 'en-US', now: NOW };
      const { rows } = await dayBalance.page(ctx, { dimension: 'day', dateFrom: '2026-12-23', dateTo: '2026-12-23', brandId: id.b1 }, { limit: 10, offset: 0 });
      expect(rows.map((r) => [r.warehouseId, r.opening, r.inQty, r.outQty, r.closing, r.balanced]).sort()).toEqual([
        [id.w1, 4, 0, 2, 2, 'yes'], [id.wc, 1, 0, 0, 1, 'yes'], [w1b, 0, 1, 0, 1, 'yes'],
      ].sort());
    });
  });

  it('a sale (WL) of the same tyre lowers DOS, raises turnover and shows in the outbound flow', async () => {
    await afterPosting('WL', async (tx) => {
      // 5 on hand, 10 out in the 30 days → 5 / (10/30) = 15; a week ago unchanged.
      expect(await first('stock.dos', 'dealer1', {}, 'en-US', tx)).toEqual({ value: 15, previous: 40 });
      // 12-14..12-23: 4 out; closings 8 × 6, 7 × 3, 5 → 74 / 10 = 7.4.
      expect(await first('stock.turnover', 'dealer1', turnoverRange, 'en-US', tx)).toEqual({ value: 4 / 7.4, previous: 3 / 9.8 });
      expect(await run('flow.byPeriod', 'dealer1', lastDays, 'en-US', tx)).toEqual([
        ...baselineFlows.slice(0, 2), { period: '2026-12-23', inQty: 0, outQty: 2 },
      ]);
      const [row] = await tx.select().from(stockDaily).where(and(eq(stockDaily.day, '2026-12-23'), eq(stockDaily.warehouseId, id.w1), eq(stockDaily.materialId, id.m1)));
      expect(row).toMatchObject({ inQty: 0, outQty: 2, shipQty: 2, receiveQty: 0, closing: 2 });
    });
  });
});

describe('stock ages', () => {
  it('stock age in whole months since inbound, at the month edges', async () => {
    expect(await run('stock.ageBuckets', 'dealer1')).toEqual([
      { bucket: '0-3', qty: 1 }, { bucket: '4-6', qty: 2 }, { bucket: '7-9', qty: 1 }, { bucket: '10-12', qty: 1 }, { bucket: '12+', qty: 1 },
    ]);
    expect(await run('stock.ageBuckets')).toEqual([
      { bucket: '0-3', qty: 4 }, { bucket: '4-6', qty: 2 }, { bucket: '7-9', qty: 1 }, { bucket: '10-12', qty: 1 }, { bucket: '12+', qty: 1 },
    ]);
  });

  it('DOT age in weeks across a year boundary: 5224 is 104 weeks old, 0125 is 103; both are one to two years (up to 104 weeks)', async () => {
    expect(await run('stock.dotAge', 'dealer1')).toEqual([
      { bucket: 'dotUpTo26w', qty: 1 }, { bucket: 'dot27to52w', qty: 1 }, { bucket: 'dot1to2y', qty: 2 }, { bucket: 'dot2to3y', qty: 0 },
      { bucket: 'dotOver3y', qty: 1 }, { bucket: 'noDot', qty: 1 },
    ]);
    expect(await run('stock.dotAge', 'dealer2')).toEqual([
      { bucket: 'dotUpTo26w', qty: 0 }, { bucket: 'dot27to52w', qty: 2 }, { bucket: 'dot1to2y', qty: 0 }, { bucket: 'dot2to3y', qty: 0 },
      { bucket: 'dotOver3y', qty: 0 }, { bucket: 'noDot', qty: 0 },
    ]);
  });
});

describe('distribution, rankings and alerts', () => {
  it('by brand, by region and brand (in the caller\'s language), by warehouse, location fill', async () => {
    expect(await run('stock.byBrand')).toEqual([{ brandId: id.b2, brand: 'Beta', qty: 5 }, { brandId: id.b1, brand: 'Alpha', qty: 4 }]);
    // Each cell carries its region and brand ids for the drill-down.
    expect(await run('stock.regionBrand')).toEqual([
      { region: 'East', brand: 'Alpha', qty: 3 }, { region: 'East', brand: 'Beta', qty: 3 }, { region: 'South', brand: 'Beta', qty: 2 },
    ].map((r) => ({ ...r, regionId: expect.any(Number), brandId: r.brand === 'Alpha' ? id.b1 : id.b2 })));
    expect((await run('stock.regionBrand', 'dealer2', {}, 'zh-CN'))).toEqual([{ region: '华南', regionId: expect.any(Number), brand: 'Beta', brandId: id.b2, qty: 2 }]);
    expect(await run('stock.byWarehouse')).toEqual([
      { warehouseId: id.w1, warehouse: 'W1 main', qty: 6 }, { warehouseId: id.w2, warehouse: 'W2 main', qty: 2 }, { warehouseId: id.wc, warehouse: 'Central', qty: 1 },
    ]);
    // Three tyres on W1's locations, capacity 10 + 10.
    expect(await first('stock.locationFill')).toEqual({ value: 15, max: 100 });
    expect(await first('stock.locationFill', 'dealer2')).toEqual({ value: null, max: 100 });
  });

  it('dealers ranked by receipts (PR, PB) and by sales (WL, WC) in the last 30 days', async () => {
    // D2's receipt on 11-23 23:00 is before the window (11-24..12-23); the central receipt has no dealer.
    expect(await run('rank.dealersPR')).toEqual([{ dealerId: id.d1, dealer: '一号经销商', qty: 4 }, { dealerId: id.d2, dealer: '二号经销商', qty: 3 }]);
    expect(await run('rank.dealersWL')).toEqual([{ dealerId: id.d1, dealer: '一号经销商', qty: 9 }, { dealerId: id.d2, dealer: '二号经销商', qty: 2 }]);
    expect(await run('rank.dealersPR', 'admin', { dateFrom: '2026-11-23', dateTo: '2026-11-30' })).toEqual([
      { dealerId: id.d1, dealer: '一号经销商', qty: 4 }, { dealerId: id.d2, dealer: '二号经销商', qty: 1 },
    ]);
  });

  it('inbound moves by ISO weekday and hour', async () => {
    const cells = await run('flow.inboundHours');
    expect(cells).toHaveLength(168);
    expect(cells.filter((c) => c.qty)).toEqual([
      { weekday: 1, hour: 9, qty: 4 }, { weekday: 2, hour: 8, qty: 3 }, { weekday: 4, hour: 11, qty: 1 }, { weekday: 7, hour: 16, qty: 1 },
    ]);
  });

  it('open stock alerts, furthest outside their threshold first; a dealer sees its own', async () => {
    const db = server.services.db;
    await db.insert(stockThresholds).values([
      { warehouseId: id.w1, dealerId: id.d1, materialId: id.m1, minQty: 5 },
      { warehouseId: id.w2, dealerId: id.d2, materialId: id.m1, minQty: 4 },
      { warehouseId: id.w2, dealerId: id.d2, materialId: id.m2, maxQty: 9 },
    ]);
    await db.transaction((tx) => judgeStock(tx, 'all'));
    const d1Row = { dealerId: id.d1, dealer: '一号经销商', warehouseId: id.w1, materialId: id.m1, material: 'M1 205/55R16 91V', kind: 'low', onHand: 3, threshold: 5, gap: 2 };
    expect(await run('stock.alerts')).toMatchObject([
      { dealerId: id.d2, dealer: '二号经销商', warehouseId: id.w2, materialId: id.m1, material: 'M1 205/55R16 91V', kind: 'low', onHand: 0, threshold: 4, gap: 4 }, d1Row,
    ]);
    expect(await run('stock.alerts', 'dealer1')).toMatchObject([d1Row]);
  });
});

describe('monitoring strip: today against yesterday', () => {
  it('successful logins, uploads taken and refused; a dealer counts its own', async () => {
    expect(await first('monitor.loginsToday')).toEqual({ value: 4, previous: 1 });
    expect(await first('monitor.loginsToday', 'dealer1')).toEqual({ value: 2, previous: 1 });
    expect(await first('monitor.loginsToday', 'dealer2')).toEqual({ value: 1, previous: 0 });
    expect(await first('monitor.uploadsToday')).toEqual({ value: 3, previous: 0 });
    expect(await first('monitor.uploadsToday', 'dealer1')).toEqual({ value: 2, previous: 0 });
    expect(await first('monitor.uploadFailuresToday')).toEqual({ value: 1, previous: 1 });
    expect(await first('monitor.uploadFailuresToday', 'dealer2')).toEqual({ value: 0, previous: 1 });
  });
});

describe('through HTTP', () => {
  it('every dashboard query answers 200 for the administrator', async () => {
    const admin = await server.login('admin', PASSWORD);
    for (const q of DASHBOARD_QUERIES) {
      const res = await server.call<{ rows: unknown[]; asOf: string }>(`/analysis/query/${q.id}`, { token: admin, body: { dimension: 'week' } });
      expect(res.status, `${q.id}: ${res.body.msg}`).toBe(200);
      expect(Array.isArray(res.body.data.rows), q.id).toBe(true);
    }
  });

  it('a dealer sees only its own stock', async () => {
    const [admin, dealer1, dealer2] = await Promise.all([server.login('admin', PASSWORD), server.login('dealer1', PASSWORD), server.login('dealer2', PASSWORD)]);
    // The data set lies in December 2026: ask for the end of that range, not the real today.
    const onHandOf = async (token: string, filters = {}) =>
      (await server.call<{ rows: { value: number }[] }>('/analysis/query/stock.onHand', { token, body: { dateTo: '2026-12-23', ...filters } })).body.data.rows[0].value;
    expect(await onHandOf(admin)).toBe(9);
    expect(await onHandOf(dealer1)).toBe(6);
    expect(await onHandOf(dealer2)).toBe(2);
    expect(await onHandOf(dealer2, { dealerId: id.d1 })).toBe(0);
    // Stock by warehouse is on the stock dashboard only, which dealers are not granted; within
    // its query the scope still narrows a caller to its own warehouses.
    const byWarehouse = await server.call('/analysis/query/stock.byWarehouse', { token: dealer2, body: {} });
    expect(byWarehouse.status).toBe(403);
    expect((await run('stock.byWarehouse', 'dealer2')).map((r) => r.warehouseId)).toEqual([id.w2]);
  });
});
