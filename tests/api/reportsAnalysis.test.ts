import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brands, materials, stockDaily, stockMoves, storageLocations, storehouses, users, warehouses } from '../../src/server/db/schema';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { daysOfStock, dotAgeWeeks, periodOf, stockAgeBucket, turnoverRate } from '../../src/shared/analytics/domain';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import type { CompleteResult } from '../../src/shared/api/orders';
import { pageOfType, type OrderType } from '../../src/shared/orders/orderTypes';
import { startTestServer, type TestServer } from './server';

/**
 * The intelligentAnalysis reports over a small data set whose answers are worked out by hand.
 * Orders go through the orders API with the clock set to each event's moment (only `Date` is
 * faked; the database keeps its own clock), so the ledger, on-hand, the daily roll-up and the
 * barcodes' inbound dates agree as in production. Events are in 2098-2099, after any real
 * session, so a session touched at a faked moment never looks idle.
 *
 * Timeline (local time). Brand ANA: MA price 500, MB 300, MC 100. WA = dealer1's, WB = dealer2's.
 *   2098-05-15  PR WA  MA ×1 DOT 2696          (stock age at 2099-06-15: 13 months → 12+)
 *   2098-05-16  PR WA  MA ×1 DOT 2796          (12 months → 10-12)
 *   2099-02-15  PR WA  MA ×1 DOT 2698          (4 months → 4-6)
 *   2099-02-16  PR WA  MA ×1 DOT 2798          (3 months → 0-3)
 *   2099-05-04 Mon 10:15  PR WA MB ×6; 10:20 PR WB MB ×4 (no DOT)
 *   2099-05-10 Sun 14:30  PB WB MA ×15 (8 × DOT 5298, 7 × DOT 0199)
 *   2099-05-20  WL WA MB ×3;   2099-05-21  WC WB MA ×5 (the first five, DOT 5298)
 *   2099-05-25 Mon 10:45  PR WA MC ×10 DOT 2599
 *   2099-05-31 Sun 23:30  stocktake WB: 3 of 4 MB, all 10 MA, plus one sold MA (1 loss, 1 overflow)
 *   2099-06-01 Mon 00:30  stocktake WA: everything (no difference)
 *   2099-06-03  WL WA MC ×4;   2099-06-08  PR WA MC ×2;   2099-06-12  WL WA MC ×1
 *   2099-06-14  delivery to WB of MC ×2, not received (pending)
 * Reports are read at 2099-06-15 12:00 (the DOT report also at 2099-06-29).
 */
let server: TestServer;
let admin: string;
let dealer2: string;
let brandId: number;
const mat = { MA: 0, MB: 0, MC: 0 };
const wh = { WA: { id: 0, location: 0, dealerId: 0 }, WB: { id: 0, location: 0, dealerId: 0 } };
let serial = 0;
let uploads = 0;

let loggedInAt = 0;
/**
 * Sets the clock. PGlite reads the same (faked) clock for `now()`, so after a jump of more than
 * a day the sessions would look idle: log in again at the new moment.
 */
async function at(y: number, m: number, d: number, h = 9, min = 0) {
  const moment = new Date(y, m - 1, d, h, min);
  vi.setSystemTime(moment);
  if (Math.abs(moment.getTime() - loggedInAt) < 86_400_000) return;
  loggedInAt = moment.getTime();
  [admin, dealer2] = await Promise.all([server.login('admin'), server.login('dealer2')]);
}
const NOW = () => at(2099, 6, 15, 12);

async function ok<T>(path: string, body: unknown, token = admin): Promise<T> {
  const res = await server.call<T>(path, { token, body, lang: 'en-US' });
  expect(res.status, `${path}: ${res.body?.msg}`).toBe(200);
  return res.body.data;
}
const orderCall = <T>(type: OrderType, action: string, body: unknown) => ok<T>(`/orderManage/${pageOfType(type)}/${action}`, body);

async function scanAndComplete(type: OrderType, id: number, codes: string[], locationId: number | null) {
  await orderCall(type, 'upload', { orderId: id, uploadId: `analysis-${++uploads}`, scans: codes.map((barcode) => ({ barcode, locationId })) });
  return orderCall<CompleteResult>(type, 'complete', { id });
}
/** A delivery from the maker (shipped serials with their DOT codes), received by scanning when `receive`. */
async function deliver(w: keyof typeof wh, materialId: number, dots: (string | null)[], type: OrderType = 'PR', receive = true) {
  const shipped = dots.map((dotCode) => ({ barcode: `ANA${String(++serial).padStart(7, '0')}`, materialId, dotCode }));
  const { id } = await orderCall<{ id: number }>(type, 'save', { orderType: type, warehouseId: wh[w].id, lines: [{ materialId, plannedQty: dots.length }], shipped });
  const codes = shipped.map((s) => s.barcode);
  if (receive) await scanAndComplete(type, id, codes, wh[w].location);
  return codes;
}
async function ship(type: OrderType, w: keyof typeof wh, materialId: number, codes: string[]) {
  const { id } = await orderCall<{ id: number }>(type, 'save', { orderType: type, warehouseId: wh[w].id, lines: [{ materialId, plannedQty: codes.length }] });
  await scanAndComplete(type, id, codes, null);
}
async function stocktake(w: keyof typeof wh, codes: string[]) {
  const { id } = await orderCall<{ id: number }>('IV', 'save', { orderType: 'IV', warehouseId: wh[w].id, lines: [] });
  return scanAndComplete('IV', id, codes, wh[w].location);
}

async function place(code: string, dealerId: number) {
  const db = server.services.db;
  const [w] = await db.insert(warehouses).values({ code, name: `${code} warehouse`, dealerId }).returning({ id: warehouses.id });
  const [area] = await db.insert(storehouses).values({ warehouseId: w.id, code: 'A', name: 'Area A' }).returning({ id: storehouses.id });
  const [loc] = await db.insert(storageLocations).values({ warehouseId: w.id, storehouseId: area.id, code: 'A-01', name: 'A-01', capacity: 100 })
    .returning({ id: storageLocations.id });
  return { id: w.id, location: loc.id, dealerId };
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.services.db;
  const dealerOf = async (userName: string) => (await db.select({ id: users.dealerId }).from(users).where(eq(users.userName, userName)))[0].id!;
  wh.WA = await place('ANA-WA', await dealerOf('dealer1'));
  wh.WB = await place('ANA-WB', await dealerOf('dealer2'));
  [{ id: brandId }] = await db.insert(brands).values({ code: 'ANA', name: 'Analysis' }).returning({ id: brands.id });
  for (const [key, price] of [['MA', '500.00'], ['MB', '300.00'], ['MC', '100.00']] as const) {
    [{ id: mat[key] }] = await db.insert(materials).values({
      code: `ANA-${key}`, name: `Analysis ${key}`, brandId, specification: `205/55R16 ${key}`, pattern: `P-${key}`, loadIndex: '91', speedIndex: 'V', price,
    }).returning({ id: materials.id });
  }

  vi.useFakeTimers({ toFake: ['Date'] });
  const maA: string[] = [];
  await at(2098, 5, 15); maA.push(...await deliver('WA', mat.MA, ['2696']));
  await at(2098, 5, 16); maA.push(...await deliver('WA', mat.MA, ['2796']));
  await at(2099, 2, 15); maA.push(...await deliver('WA', mat.MA, ['2698']));
  await at(2099, 2, 16); maA.push(...await deliver('WA', mat.MA, ['2798']));
  await at(2099, 5, 4, 10, 15); const mbA = await deliver('WA', mat.MB, Array(6).fill(null));
  await at(2099, 5, 4, 10, 20); const mbB = await deliver('WB', mat.MB, Array(4).fill(null));
  await at(2099, 5, 10, 14, 30); const maB = await deliver('WB', mat.MA, [...Array(8).fill('5298'), ...Array(7).fill('0199')], 'PB');
  await at(2099, 5, 20); await ship('WL', 'WA', mat.MB, mbA.slice(0, 3));
  await at(2099, 5, 21); await ship('WC', 'WB', mat.MA, maB.slice(0, 5));
  await at(2099, 5, 25, 10, 45); const mcA = await deliver('WA', mat.MC, Array(10).fill('2599'));
  await at(2099, 5, 31, 23, 30);
  expect((await stocktake('WB', [...mbB.slice(0, 3), ...maB.slice(5), maB[0]])).adjustmentOrderId).toBeGreaterThan(0);
  await at(2099, 6, 1, 0, 30);
  expect((await stocktake('WA', [...maA, ...mbA.slice(3), ...mcA])).adjustmentOrderId).toBeNull();
  await at(2099, 6, 3); await ship('WL', 'WA', mat.MC, mcA.slice(0, 4));
  await at(2099, 6, 8); await deliver('WA', mat.MC, ['2599', '2599']);
  await at(2099, 6, 12); await ship('WL', 'WA', mat.MC, mcA.slice(4, 5));
  await at(2099, 6, 14); await deliver('WB', mat.MC, ['2599', '2599'], 'PR', false);
  await NOW();
  expect(await checkStockInvariant(db)).toEqual([]);
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await server?.stop();
});

const report = (page: string, body: Record<string, unknown>, token = admin) =>
  ok<ReportPageAnswer>(`/analysis/report/${page}/selectByPage`, { pageNum: 1, pageSize: 50, brandId, ...body }, token);
const chart = async (page: string, body: Record<string, unknown>, token = admin) =>
  (await ok<{ rows: Record<string, unknown>[] }>(`/analysis/report/${page}/chart`, { brandId, ...body }, token)).rows;
const pick = (rows: Record<string, unknown>[], ...keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

describe('days of stock', () => {
  it('DOS = on hand ÷ (outbound of the trailing 30 days ÷ 30), per dealer and material, blank without outbound', async () => {
    await NOW();
    const { rows, total } = await report('numberOfDay', {});
    expect(total).toBe(5);
    // dealer2 MA: 10 on hand, 5 out on 05-21 → 10 / (5/30) = 60; dealer1 MC: 7, 4 + 1 out → 42; dealer1 MB: 3, 3 out → 30.
    expect(pick(rows, 'dealerId', 'materialCode', 'onHand', 'outbound', 'averageDailyOutbound', 'daysOfStock')).toEqual([
      { dealerId: wh.WB.dealerId, materialCode: 'ANA-MA', onHand: 10, outbound: 5, averageDailyOutbound: 0.17, daysOfStock: 60 },
      { dealerId: wh.WA.dealerId, materialCode: 'ANA-MC', onHand: 7, outbound: 5, averageDailyOutbound: 0.17, daysOfStock: 42 },
      { dealerId: wh.WA.dealerId, materialCode: 'ANA-MB', onHand: 3, outbound: 3, averageDailyOutbound: 0.1, daysOfStock: 30 },
      { dealerId: wh.WA.dealerId, materialCode: 'ANA-MA', onHand: 4, outbound: 0, averageDailyOutbound: 0, daysOfStock: null },
      { dealerId: wh.WB.dealerId, materialCode: 'ANA-MB', onHand: 4, outbound: 0, averageDailyOutbound: 0, daysOfStock: null },
    ]);
    expect(daysOfStock(10, 5)).toBe(60);
    expect(daysOfStock(7, 5)).toBeCloseTo(42);
    // By brand: 28 on hand, 13 out → 28 / (13/30) = 64.62.
    expect(await chart('numberOfDay', {})).toEqual([{ brandName: 'Analysis', onHand: 28, outbound: 13, daysOfStock: 64.62 }]);
  });

  it('as of an earlier day: stock then, and the 30 days ending that day', async () => {
    await NOW();
    const { rows } = await report('numberOfDay', { dateTo: '2099-06-05', orderBy: [{ field: 'materialCode', order: 'asc' }, { field: 'dealerCode', order: 'asc' }] });
    const mc = rows.find((r) => r.materialCode === 'ANA-MC')!;
    // On 06-05 dealer1 held 10 − 4 = 6 MC; 4 went out between 05-07 and 06-05 → 6 / (4/30) = 45.
    expect(pick([mc], 'onHand', 'outbound', 'daysOfStock')).toEqual([{ onHand: 6, outbound: 4, daysOfStock: 45 }]);
  });
});

describe('turnover rate', () => {
  it('outbound ÷ the average of daily closings, sparse roll-up days carrying the previous closing', async () => {
    await NOW();
    const { rows } = await report('turnoverRate', { dateFrom: '2099-06-01', dateTo: '2099-06-10', orderBy: [{ field: 'outbound', order: 'desc' }] });
    // dealer1 MC closings 06-01..06-10: 10, 10, 6, 6, 6, 6, 6, 8, 8, 8 → 74 / 10 = 7.4; 4 out → 0.54.
    expect(pick(rows.slice(0, 1), 'materialCode', 'outbound', 'averageStock', 'turnoverRate')).toEqual([
      { materialCode: 'ANA-MC', outbound: 4, averageStock: 7.4, turnoverRate: 0.54 },
    ]);
    expect(turnoverRate(4, 7.4)).toBeCloseTo(0.5405, 4);
    expect(rows.find((r) => r.materialCode === 'ANA-MA' && r.dealerId === wh.WB.dealerId)).toMatchObject({ outbound: 0, averageStock: 10, turnoverRate: 0 });
  });

  it('the chart computes each ISO week of the range on its own days', async () => {
    await NOW();
    // Other stock is a constant 21; W23 (06-01..06-07) totals 31, 31, 27 ×5 → 197 / 7 = 28.14, 4 out → 0.14; W24 (06-08..06-10) 29, nothing out.
    expect(await chart('turnoverRate', { dimension: 'week', dateFrom: '2099-06-01', dateTo: '2099-06-10' })).toEqual([
      { period: '2099-W23', outbound: 4, averageStock: 28.14, turnoverRate: 0.14 },
      { period: '2099-W24', outbound: 0, averageStock: 29, turnoverRate: 0 },
    ]);
    expect(await chart('turnoverRate', { dimension: 'month', dateFrom: '2099-06-01', dateTo: '2099-06-10' })).toEqual([
      { period: '2099-06', outbound: 4, averageStock: 28.4, turnoverRate: 0.14 },
    ]);
  });
});

describe('inventory report', () => {
  it('quantity per warehouse and material with value = quantity × price, now and as of an earlier day', async () => {
    await NOW();
    const now = await report('inventoryReport', {});
    expect(pick(now.rows, 'warehouseCode', 'materialCode', 'quantity', 'price', 'value')).toEqual([
      { warehouseCode: 'ANA-WB', materialCode: 'ANA-MA', quantity: 10, price: 500, value: 5000 },
      { warehouseCode: 'ANA-WA', materialCode: 'ANA-MA', quantity: 4, price: 500, value: 2000 },
      { warehouseCode: 'ANA-WB', materialCode: 'ANA-MB', quantity: 4, price: 300, value: 1200 },
      { warehouseCode: 'ANA-WA', materialCode: 'ANA-MB', quantity: 3, price: 300, value: 900 },
      { warehouseCode: 'ANA-WA', materialCode: 'ANA-MC', quantity: 7, price: 100, value: 700 },
    ]);
    expect(await chart('inventoryReport', {})).toEqual([{ brandName: 'Analysis', quantity: 28, value: 9800 }]);
    const before = await report('inventoryReport', { dateTo: '2099-06-05', warehouseId: wh.WA.id });
    expect(before.rows.find((r) => r.materialCode === 'ANA-MC')).toMatchObject({ quantity: 6, value: 600 });
  });

  it('a page sorted by figures (its rows named after the sort) equals the same page of the named rows sorted by a name', async () => {
    await NOW();
    const named = await report('inventoryReport', { orderBy: [{ field: 'warehouseName', order: 'asc' }] });
    for (const [field, order] of [['value', 'desc'], ['quantity', 'asc'], ['price', 'desc']] as const) {
      const byFigure = [...named.rows].sort((a, b) => (Number(a[field]) - Number(b[field])) * (order === 'desc' ? -1 : 1)
        || Number(a.warehouseId) - Number(b.warehouseId) || Number(a.materialId) - Number(b.materialId));
      const second = await report('inventoryReport', { orderBy: [{ field, order }], pageNum: 2, pageSize: 2 });
      expect(second).toEqual({ ...named, pageNum: 2, pageSize: 2, rows: byFigure.slice(2, 4) });
    }
  });
});

describe('rankings', () => {
  it('dealers by purchase receipt (PR + PB) and by sales outbound (WL + WC) in the range, top first', async () => {
    await NOW();
    const range = { dateFrom: '2099-05-01', dateTo: '2099-05-31', brandId: undefined };
    const pr = await report('rankPR', range);
    expect(pick(pr.rows, 'rank', 'dealerId', 'quantity', 'orders', 'share')).toEqual([
      { rank: 1, dealerId: wh.WB.dealerId, quantity: 19, orders: 2, share: 54.29 },
      { rank: 2, dealerId: wh.WA.dealerId, quantity: 16, orders: 2, share: 45.71 },
    ]);
    const wl = await report('rankWL', range);
    expect(pick(wl.rows, 'rank', 'dealerId', 'quantity', 'share')).toEqual([
      { rank: 1, dealerId: wh.WB.dealerId, quantity: 5, share: 62.5 },
      { rank: 2, dealerId: wh.WA.dealerId, quantity: 3, share: 37.5 },
    ]);
    expect((await chart('rankWL', range)).map((r) => r.quantity)).toEqual([5, 3]);
    // June: only dealer1's two MC received on 06-08.
    expect(pick((await report('rankPR', { dateFrom: '2099-06-01', dateTo: '2099-06-30', brandId: undefined })).rows, 'dealerId', 'quantity'))
      .toEqual([{ dealerId: wh.WA.dealerId, quantity: 2 }]);
  });
});

describe('stocktake statistics', () => {
  it('counted, book, loss, overflow and accuracy per stocktake, grouped by week and month at their edges', async () => {
    await NOW();
    const { rows } = await report('inventoryListStatistics', { dimension: 'week', dateFrom: '2099-05-01', dateTo: '2099-06-15', orderBy: [{ field: 'completedAt', order: 'asc' }] });
    // WB: 14 counted (13 on the books + 1 sold tyre), 1 MB missing → book 14 − 1 + 1 = 14, accuracy 13 / 15.
    expect(pick(rows, 'period', 'warehouseName', 'completedAt', 'counted', 'book', 'loss', 'overflow', 'accuracy')).toEqual([
      { period: '2099-W22', warehouseName: 'ANA-WB warehouse', completedAt: '2099-05-31 23:30:00', counted: 14, book: 14, loss: 1, overflow: 1, accuracy: 86.67 },
      { period: '2099-W23', warehouseName: 'ANA-WA warehouse', completedAt: '2099-06-01 00:30:00', counted: 17, book: 17, loss: 0, overflow: 0, accuracy: 100 },
    ]);
    expect([periodOf('2099-05-31', 'week'), periodOf('2099-06-01', 'week')]).toEqual(['2099-W22', '2099-W23']);
    expect(await chart('inventoryListStatistics', { dimension: 'month', dateFrom: '2099-05-01', dateTo: '2099-06-15' })).toEqual([
      { period: '2099-05', counted: 14, loss: 1, overflow: 1, accuracy: 86.67 },
      { period: '2099-06', counted: 17, loss: 0, overflow: 0, accuracy: 100 },
    ]);
  });
});

describe('stock count, stock age and DOT', () => {
  it('counts barcodes per material in stock, pending and out', async () => {
    await NOW();
    const { rows } = await report('countTheInventory', { orderBy: [{ field: 'materialCode', order: 'asc' }] });
    expect(pick(rows, 'materialCode', 'inStock', 'pending', 'out', 'total')).toEqual([
      { materialCode: 'ANA-MA', inStock: 14, pending: 0, out: 5, total: 19 },
      { materialCode: 'ANA-MB', inStock: 7, pending: 0, out: 3, total: 10 },
      { materialCode: 'ANA-MC', inStock: 7, pending: 2, out: 5, total: 14 },
    ]);
  });

  it('buckets stock by whole months since inbound, the edges falling on the day of the month', async () => {
    await NOW();
    const { rows } = await report('inventoryAgeReport', { orderBy: [{ field: 'materialCode', order: 'asc' }] });
    expect(pick(rows, 'materialCode', 'total', 'age0to3', 'age4to6', 'age7to9', 'age10to12', 'ageOver12')).toEqual([
      { materialCode: 'ANA-MA', total: 14, age0to3: 11, age4to6: 1, age7to9: 0, age10to12: 1, ageOver12: 1 },
      { materialCode: 'ANA-MB', total: 7, age0to3: 7, age4to6: 0, age7to9: 0, age10to12: 0, ageOver12: 0 },
      { materialCode: 'ANA-MC', total: 7, age0to3: 7, age4to6: 0, age7to9: 0, age10to12: 0, ageOver12: 0 },
    ]);
    const now = new Date(2099, 5, 15, 12);
    expect([new Date(2098, 4, 15), new Date(2098, 4, 16), new Date(2099, 1, 15), new Date(2099, 1, 16)].map((d) => stockAgeBucket(d, now)))
      .toEqual(['12+', '10-12', '4-6', '0-3']);
  });

  it('groups stock by DOT age in ISO weeks; the weeks either side of a new year fall in different groups', async () => {
    await at(2099, 6, 29, 12);
    // Week 1 of 2099 starts on Monday 2098-12-29: DOT 0199 is 26 weeks old, DOT 5298 is 27.
    expect([dotAgeWeeks('0199', new Date()), dotAgeWeeks('5298', new Date())]).toEqual([26, 27]);
    const { rows } = await report('dotReport', { orderBy: [{ field: 'materialCode', order: 'asc' }] });
    expect(pick(rows, 'materialCode', 'total', 'dotUpTo26w', 'dot27to52w', 'dot1to2y', 'dot2to3y', 'dotOver3y', 'noDot', 'oldestDot')).toEqual([
      { materialCode: 'ANA-MA', total: 14, dotUpTo26w: 7, dot27to52w: 4, dot1to2y: 1, dot2to3y: 1, dotOver3y: 1, noDot: 0, oldestDot: '2696' },
      { materialCode: 'ANA-MB', total: 7, dotUpTo26w: 0, dot27to52w: 0, dot1to2y: 0, dot2to3y: 0, dotOver3y: 0, noDot: 7, oldestDot: null },
      { materialCode: 'ANA-MC', total: 7, dotUpTo26w: 7, dot27to52w: 0, dot1to2y: 0, dot2to3y: 0, dotOver3y: 0, noDot: 0, oldestDot: '2599' },
    ]);
    expect((await chart('dotReport', {})).map((r) => r.quantity)).toEqual([14, 4, 1, 1, 1, 7]);
  });
});

describe('inbound time analysis', () => {
  it('tyres received per period with the busiest weekday and hour, and a weekday × hour grid', async () => {
    await NOW();
    const range = { dateFrom: '2099-05-01', dateTo: '2099-05-31', brandId: undefined };
    expect((await report('inboundTimeAnalysis', { ...range, dimension: 'week' })).rows).toEqual([
      { period: '2099-W19', quantity: 25, orders: 3, busiestWeekday: 'Sun', busiestHour: 14 },
      { period: '2099-W22', quantity: 10, orders: 1, busiestWeekday: 'Mon', busiestHour: 10 },
    ]);
    expect((await report('inboundTimeAnalysis', { ...range, dimension: 'month' })).rows).toEqual([
      { period: '2099-05', quantity: 35, orders: 4, busiestWeekday: 'Mon', busiestHour: 10 },
    ]);
    const grid = await chart('inboundTimeAnalysis', range);
    expect(grid).toHaveLength(7 * 24);
    expect(grid.filter((c) => Number(c.quantity) > 0)).toEqual([
      { hour: 10, weekday: 'Mon', quantity: 20 },
      { hour: 14, weekday: 'Sun', quantity: 15 },
    ]);
  });
});

describe('scope, input and export', () => {
  it('a dealer sees only its own rows, whatever dealer it asks for', async () => {
    await NOW();
    const own = await report('numberOfDay', {}, dealer2);
    expect(own.rows.map((r) => [r.dealerId, r.materialCode])).toEqual([[wh.WB.dealerId, 'ANA-MA'], [wh.WB.dealerId, 'ANA-MB']]);
    expect((await report('numberOfDay', { dealerId: wh.WA.dealerId }, dealer2)).total).toBe(0);
    expect((await report('turnoverRate', { dateFrom: '2099-06-01', dateTo: '2099-06-10' }, dealer2)).rows.every((r) => r.dealerId === wh.WB.dealerId)).toBe(true);
    expect(pick((await report('inventoryAgeReport', {}, dealer2)).rows, 'materialCode', 'total', 'age0to3')).toEqual([
      { materialCode: 'ANA-MA', total: 10, age0to3: 10 }, { materialCode: 'ANA-MB', total: 4, age0to3: 4 },
    ]);
    expect(await chart('numberOfDay', {}, dealer2)).toEqual([{ brandName: 'Analysis', onHand: 14, outbound: 5, daysOfStock: 84 }]);
    const res = await server.call('/analysis/report/rankPR/selectByPage', { token: dealer2, body: {} });
    expect(res.status).toBe(403);
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await server.call('/analysis/report/turnoverRate/selectByPage', { token: admin, lang: 'en-US', body: { dateFrom: '2099-06-10', dateTo: '2099-06-01' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('start date');
  });

  it('pages and exports the same filtered rows; the export is a valid xlsx', async () => {
    await NOW();
    const second = await report('inventoryReport', { pageNum: 2, pageSize: 2 });
    expect([second.total, second.rows.map((r) => r.value)]).toEqual([5, [1200, 900]]);
    const res = await fetch(`${server.url}/fms/api/v1/analysis/report/inventoryReport/export`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json', 'accept-language': 'en-US' }, body: JSON.stringify({ brandId, warehouseId: wh.WA.id }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Value');
    const col = (title: string) => header.indexOf(title) + 1;
    const body = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    expect(body.map((r) => [r.getCell(col('Material code')).value, r.getCell(col('Quantity')).value, r.getCell(col('Value')).value])).toEqual([
      ['ANA-MA', 4, 2000], ['ANA-MB', 3, 900], ['ANA-MC', 7, 700],
    ]);
  });
});

/**
 * Outbound in DOS, turnover and the flow charts is channel outbound (domain.ts channelFlow):
 * tyres that left the channel through a shipping order. A transfer between two warehouses of
 * one dealer is not, while the day balance still shows it out of the source warehouse.
 * Its own brand (ANT, material MT) and July 2099, after every other reading, so the answers
 * above stay as they are. Timeline, dealer1 (WA and its second warehouse WA2):
 *   2099-07-01  PR WA MT ×6;  2099-07-02  WL WA MT ×1
 *   2099-07-10 10:00  TR WA → WA2 MT ×2;  11:00  WL WA MT ×1;  12:00  that sale's trace record cancelled
 */
describe('a transfer is not outbound, a sale is', () => {
  let brandT = 0;
  let mt = 0;
  let wa2 = { id: 0, location: 0, dealerId: 0 };
  let mtA: string[] = [];

  beforeAll(async () => {
    const db = server.services.db;
    wa2 = await place('ANA-WA2', wh.WA.dealerId);
    [{ id: brandT }] = await db.insert(brands).values({ code: 'ANT', name: 'Transfer' }).returning({ id: brands.id });
    [{ id: mt }] = await db.insert(materials).values({
      code: 'ANT-MT', name: 'Transfer MT', brandId: brandT, specification: '205/55R16 MT', pattern: 'P-MT', loadIndex: '91', speedIndex: 'V', price: '200.00',
    }).returning({ id: materials.id });
    await at(2099, 7, 1); mtA = await deliver('WA', mt, Array(6).fill('2599'));
    await at(2099, 7, 2); await ship('WL', 'WA', mt, mtA.slice(0, 1));
  });

  /** What the DOS, turnover and flow readers answer for dealer1's MT on 2099-07-10 (the clock is there). */
  async function readings(warehouseId?: number) {
    const filters = { brandId: brandT, ...(warehouseId ? { warehouseId } : {}) };
    const [dos] = (await report('numberOfDay', filters)).rows;
    const [turnover] = (await report('turnoverRate', { ...filters, dateFrom: '2099-07-01', dateTo: '2099-07-10' })).rows;
    const query = async (id: string, body: Record<string, unknown>) =>
      (await ok<{ rows: Record<string, unknown>[] }>(`/analysis/query/${id}`, { ...filters, ...body })).rows;
    return {
      dos: pick([dos], 'onHand', 'outbound', 'daysOfStock')[0],
      turnover: pick([turnover], 'outbound', 'averageStock', 'turnoverRate')[0],
      dosStat: (await query('stock.dos', { dateTo: '2099-07-10' }))[0].value,
      turnoverStat: (await query('stock.turnover', { dateFrom: '2099-07-01', dateTo: '2099-07-10' }))[0].value,
      flows: await query('flow.byPeriod', { dimension: 'month', dateFrom: '2099-07-01', dateTo: '2099-07-10' }),
    };
  }
  const dayBalance = async () => pick((await report('dayBalance', { brandId: brandT, dateFrom: '2099-07-10', dateTo: '2099-07-10', orderBy: [{ field: 'warehouseName', order: 'asc' }] })).rows,
    'warehouseName', 'opening', 'inQty', 'outQty', 'closing', 'balanced');

  it('the transfer changes neither the dealer\'s DOS, turnover nor outbound flow; the sale does; the day balance has both out of WA', async () => {
    await at(2099, 7, 10, 9);
    // 5 on hand, 1 out in the 30 days → 5 / (1/30) = 150. Closings 07-01..07-10: 6, 5 × 9 → 51 / 10 = 5.1; 1 / 5.1 = 0.2.
    const before = {
      dos: { onHand: 5, outbound: 1, daysOfStock: 150 },
      turnover: { outbound: 1, averageStock: 5.1, turnoverRate: 0.2 },
      dosStat: 150, turnoverStat: 1 / 5.1,
      flows: [{ period: '2099-07', inQty: 6, outQty: 1 }],
    };
    expect(await readings()).toEqual(before);

    await at(2099, 7, 10, 10);
    const { id: tr } = await orderCall<{ id: number }>('TR', 'save', { orderType: 'TR', warehouseId: wh.WA.id, targetWarehouseId: wa2.id, lines: [{ materialId: mt, plannedQty: 2 }] });
    await scanAndComplete('TR', tr, mtA.slice(1, 3), null);
    // Dealer1 still holds 5 (3 in WA, 2 in WA2) and still shipped 1: the same answers. Counting the
    // transfer as outbound (the roll-up's out) gave 3 out → DOS 50, turnover 0.59, outbound flow 3.
    expect(await readings()).toEqual(before);
    // WA alone holds 3; its outbound is still the one sale: 3 / (1/30) = 90.
    expect((await readings(wh.WA.id)).dos).toEqual({ onHand: 3, outbound: 1, daysOfStock: 90 });
    // The transfer's target received nothing from outside the channel.
    expect((await readings(wa2.id)).flows).toEqual([{ period: '2099-07', inQty: 0, outQty: 0 }]);

    await at(2099, 7, 10, 11);
    await ship('WL', 'WA', mt, mtA.slice(3, 4));
    // 4 on hand, 2 out → 4 / (2/30) = 60. Closings 6, 5 × 8, 4 → 50 / 10 = 5; 2 / 5 = 0.4.
    expect(await readings()).toEqual({
      dos: { onHand: 4, outbound: 2, daysOfStock: 60 },
      turnover: { outbound: 2, averageStock: 5, turnoverRate: 0.4 },
      dosStat: 60, turnoverStat: 0.4,
      flows: [{ period: '2099-07', inQty: 6, outQty: 2 }],
    });
    // The day balance counts every move: WA opened at 5, lost 2 to the transfer and 1 to the sale.
    expect(await dayBalance()).toEqual([
      { warehouseName: 'ANA-WA warehouse', opening: 5, inQty: 0, outQty: 3, closing: 2, balanced: 'yes' },
      { warehouseName: 'ANA-WA2 warehouse', opening: 0, inQty: 2, outQty: 0, closing: 2, balanced: 'yes' },
    ]);
    expect(await checkStockInvariant(server.services.db)).toEqual([]);
  });

  it('cancelling the sale\'s trace record puts the tyre back; the correction is neither inbound nor outbound', async () => {
    await at(2099, 7, 10, 12);
    const [sale] = await server.services.db.select({ id: stockMoves.id }).from(stockMoves).where(eq(stockMoves.barcode, mtA[3])).orderBy(desc(stockMoves.id)).limit(1);
    await ok('/orderManage/barcode/trace/cancel', { barcode: mtA[3], moveId: sale.id });
    // The correction (+1 under the sale's type WL) is back in the balance and on hand, not in the
    // channel flow: the cancelled sale stays counted on its day. 5 on hand, 2 out → 75.
    const now = await readings();
    expect([now.dos, now.flows]).toEqual([{ onHand: 5, outbound: 2, daysOfStock: 75 }, [{ period: '2099-07', inQty: 6, outQty: 2 }]]);
    expect((await dayBalance())[0]).toEqual({ warehouseName: 'ANA-WA warehouse', opening: 5, inQty: 1, outQty: 3, closing: 3, balanced: 'yes' });
    expect(await checkStockInvariant(server.services.db)).toEqual([]);
  });

  it('the stock invariant names a day whose ship or receive disagrees with the ledger', async () => {
    const db = server.services.db;
    let problems: string[] = [];
    await db.transaction(async (tx) => {
      // Counting the transfer as channel outbound, as the roll-up's out does.
      await tx.update(stockDaily).set({ shipQty: sql`${stockDaily.shipQty} + 2` })
        .where(and(eq(stockDaily.warehouseId, wh.WA.id), eq(stockDaily.materialId, mt), eq(stockDaily.day, '2099-07-10')));
      problems = await checkStockInvariant(tx as unknown as typeof db);
      tx.rollback();
    }).catch((err: Error) => { if (!/rollback/i.test(err.message)) throw err; });
    // The warehouse's row of the day, which sums the daily rows, no longer agrees with them either.
    expect(problems).toEqual([
      `daily 2099-07-10 warehouse ${wh.WA.id} material ${mt}: in/out/ship/receive 1/3/3/0, the ledger's moves 1/3/1/0`,
      `warehouse daily 2099-07-10 warehouse ${wh.WA.id}: in/out/ship/receive 1/3/1/0, its daily rows' 1/3/3/0`,
    ]);
    expect(await checkStockInvariant(db)).toEqual([]);
  });
});
