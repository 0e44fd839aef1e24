import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodes, stockOnHand } from '../../src/server/db/schema';
import { DOT_AGE_KEYS, stockAgeCutoffs } from '../../src/shared/analytics/ageGroups';
import { dotAgeWeeks, periodOf, STOCK_AGE_BUCKETS } from '../../src/shared/analytics/domain';
import type { QueryAnswer, ReportPageAnswer } from '../../src/shared/analytics/filters';
import { dealer1Warehouse, unusedMaterial } from './fixtures';
import { startTestServer, type TestServer } from './server';

/**
 * A dashboard and the report it drills to count the same tyres in the same group: stock-age
 * buckets, DOT age groups and the rule for a tyre without an inbound time are defined once
 * (shared/analytics/ageGroups.ts). Tyres of a material the demo never moved are placed right on
 * the edges; a dashboard is read before and after, so only this file's tyres make the difference.
 */
let server: TestServer;
let admin: string;
let w1: { id: number; dealerId: number };
let mat: { id: number; code: string; specification: string; pattern: string; brandId: number };
const now = new Date();

const dashboard = async (id: string, body: Record<string, unknown> = {}) => {
  const res = await server.call<QueryAnswer>(`/analysis/query/${id}`, { token: admin, body: { warehouseId: w1.id, ...body } });
  expect(res.status, res.body.msg).toBe(200);
  return Object.fromEntries(res.body.data.rows.map((r) => [String(r.bucket), Number(r.qty)]));
};
const report = async (page: string, body: Record<string, unknown> = {}) => {
  const res = await server.call<ReportPageAnswer>(`/analysis/report/${page}/selectByPage`, { token: admin, body: { pageSize: 100, keyword: mat.code, ...body } });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
/**
 * Rows written here straight into the stock tables: the node is told, as a posting tells it, so the
 * embedded database's shared dashboard answers (answerCache.ts) are read afresh.
 */
const written = () => server.services.realtime.stockChanged({ dealerId: w1.dealerId, warehouseIds: [w1.id], orderId: 0, orderType: 'PR', moved: 0 });
const minus = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - (before[k] ?? 0)]).filter(([, n]) => n !== 0));
/** The DOT code (WWYY) of the ISO week `weeks` whole weeks before now. */
const dotOfWeeksAgo = (weeks: number) => {
  const label = periodOf(new Date(now.getTime() - weeks * 7 * 86_400_000).toISOString().slice(0, 10), 'week');
  return `${label.slice(6, 8)}${label.slice(2, 4)}`;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const db = server.services.db;
  w1 = await dealer1Warehouse(db);
  mat = await unusedMaterial(db);
});
afterAll(async () => { await server?.stop(); });

describe('dashboards and reports agree on age groups', () => {
  it('stock age: the bucket edges and a tyre without an inbound time (aged from its barcode\'s creation)', async () => {
    const before = await dashboard('stock.ageBuckets');
    const [fourMonths] = stockAgeCutoffs(now);
    const fiveMonthsAgo = new Date(now.getFullYear(), now.getMonth() - 5, Math.min(now.getDate(), 28), 10);
    const tyre = (code: string, inboundAt: Date | null, createdAt = fiveMonthsAgo) =>
      ({ code, materialId: mat.id, status: 'in', dealerId: w1.dealerId, warehouseId: w1.id, inboundAt, createdAt });
    await server.services.db.insert(barcodes).values([
      tyre('AGREE0001', null),
      tyre('AGREE0002', fourMonths),
      tyre('AGREE0003', new Date(fourMonths.getTime() - 60_000)),
    ]);
    written();
    const expected = { '0-3': 1, '4-6': 2 };
    expect(minus(await dashboard('stock.ageBuckets'), before)).toEqual(expected);
    expect((await report('samuelCouling')).rows).toEqual([expect.objectContaining({ onHand: 3, age0to3: 1, age4to6: 2, age7to9: 0 })]);
    expect((await report('inventoryAgeReport')).rows).toEqual([expect.objectContaining({ total: 3, age0to3: 1, age4to6: 2, age7to9: 0 })]);
    expect(STOCK_AGE_BUCKETS.slice(0, 2)).toEqual(Object.keys(expected));
  });

  it('DOT age: 26 whole weeks is still "up to 26 weeks", 27 the next group; the dashboard answers group keys', async () => {
    const before = await dashboard('stock.dotAge');
    expect(Object.keys(before)).toEqual([...DOT_AGE_KEYS]);
    const [d26, d27] = [dotOfWeeksAgo(26), dotOfWeeksAgo(27)];
    expect([dotAgeWeeks(d26, now), dotAgeWeeks(d27, now)]).toEqual([26, 27]);
    await server.services.db.insert(stockOnHand).values([
      { dealerId: w1.dealerId, warehouseId: w1.id, materialId: mat.id, dotCode: d26, qty: 2 },
      { dealerId: w1.dealerId, warehouseId: w1.id, materialId: mat.id, dotCode: d27, qty: 1 },
    ]);
    written();
    expect(minus(await dashboard('stock.dotAge'), before)).toEqual({ dotUpTo26w: 2, dot27to52w: 1 });
    expect((await report('dotReport')).rows).toEqual([expect.objectContaining({ total: 3, dotUpTo26w: 2, dot27to52w: 1 })]);
    const dots = (await report('dotInventory', { orderBy: [{ field: 'dotAgeWeeks', order: 'asc' }] })).rows;
    expect(dots.map((r) => [r.dotCode, r.dotAgeWeeks, r.onHand])).toEqual([[d26, 26, 2], [d27, 27, 1]]);
  });
});

describe('dashboards and reports filter by specification and pattern alike', () => {
  const onHand = async (body: Record<string, unknown>) => {
    const rows = (await report('samuelCouling', { keyword: undefined, warehouseId: w1.id, ...body })).rows;
    return rows.reduce((sum, r) => sum + Number(r.onHand), 0);
  };
  const dashboardTotal = async (body: Record<string, unknown>) => Object.values(await dashboard('stock.ageBuckets', body)).reduce((a, b) => a + b, 0);

  // The tyres placed above are of this material, in W1.
  it('exactly: the catalogue value both filter bars offer finds the same tyres, a part of it none on either side', async () => {
    const exact = { specification: mat.specification, pattern: mat.pattern };
    const total = await onHand(exact);
    expect(total).toBeGreaterThan(0);
    expect(await dashboardTotal(exact)).toBe(total);
    const part = { specification: mat.specification.slice(0, 6) };
    expect(await dashboardTotal(part)).toBe(0);
    expect(await onHand(part)).toBe(0);
    expect(await dashboardTotal({ pattern: mat.pattern.slice(1) })).toBe(0);
  });
});

describe('the element a dashboard drills from is a filter its report applies', () => {
  // The tyres placed above: of the material, in W1; stock age 0-3 one, 4-6 two; DOT ages 26 weeks (2), 27 weeks (1).
  it('a stock-age bucket: the stock-age report counts only that bucket\'s tyres', async () => {
    expect((await report('samuelCouling', { stockAge: '4-6' })).rows).toEqual([expect.objectContaining({ onHand: 2, age0to3: 0, age4to6: 2 })]);
    expect((await report('samuelCouling', { stockAge: '0-3' })).rows).toEqual([expect.objectContaining({ onHand: 1, age0to3: 1, age4to6: 0 })]);
    expect((await report('samuelCouling', { stockAge: '12+' })).total).toBe(0);
  });

  it('a DOT age group: the DOT inventory lists only that group\'s codes', async () => {
    const codes = async (dotAge: string) => (await report('dotInventory', { dotAge })).rows.map((r) => [r.dotAgeWeeks, r.onHand]);
    expect(await codes('dotUpTo26w')).toEqual([[26, 2]]);
    expect(await codes('dot27to52w')).toEqual([[27, 1]]);
    expect(await codes('noDot')).toEqual([]);
    const bad = await server.call('/analysis/report/dotInventory/selectByPage', { token: admin, body: { dotAge: '<6m' }, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^dotAge: /);
  });

  it('a region × brand cell: the daily balance closes today on the cell\'s quantity', async () => {
    const cells = (await server.call<QueryAnswer>('/analysis/query/stock.regionBrand', { token: admin, body: {} })).body.data.rows;
    expect(cells.length).toBeGreaterThan(1);
    const today = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    // The on-hand rows placed above bypass the ledger (no daily roll-up): their brand is left out.
    for (const cell of cells.filter((c) => c.brandId !== mat.brandId)) {
      const res = await server.call<ReportPageAnswer>('/analysis/report/dayBalance/selectByPage', {
        token: admin, body: { pageSize: 500, dateFrom: today, dateTo: today, regionId: cell.regionId, brandId: cell.brandId },
      });
      expect(res.status, res.body.msg).toBe(200);
      expect(res.body.data.total).toBeLessThanOrEqual(500);
      expect(res.body.data.rows.reduce((sum, r) => sum + Number(r.closing), 0), `${cell.region} ${cell.brand}`).toBe(cell.qty);
    }
  });
});
