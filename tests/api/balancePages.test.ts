import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { REPORT_QUERIES } from '../../src/server/modules/analysis/reports';
import type { AnalyticsCtx, ReportQuery, Row } from '../../src/server/modules/analysis/registry';
import { dayOf } from '../../src/server/modules/stock/ledger';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import type { SessionUser } from '../../src/server/platform/sessionStore';
import type { AnalyticsFilters } from '../../src/shared/analytics/filters';
import { startTestServer, type TestServer } from './server';

/**
 * The balance reports answer a page in period order from a per-period summary and the rows of
 * the periods shown, without the keys × periods grid. These tests hold that answer to the grid
 * itself (the export's batches, sorted here): the same rows on every page, the same total and
 * the same chart, on the demo's half year of history, for each unit, range and scope.
 */
let server: TestServer;
const reportOf = (page: string) => REPORT_QUERIES.find((q) => q.def.page === page)!;
const NUMBERS = ['opening', 'inQty', 'outQty', 'closing'] as const;

async function ctxOf(userName: string): Promise<AnalyticsCtx> {
  const db = server.services.db;
  const [user] = await db.select({ id: users.id, dealerId: users.dealerId }).from(users).where(eq(users.userName, userName));
  return { db, user: user as SessionUser, scope: await dataScopeOf(db, user), lang: 'en-US', now: new Date() };
}

/** Every row of the grid, as the export streams them. */
async function gridRows(report: ReportQuery, ctx: AnalyticsCtx, f: AnalyticsFilters): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of report.batches(ctx, f)) rows.push(...batch);
  return rows;
}

/** The grid in a page's order: period, then warehouse and material. */
function inPageOrder(rows: Row[], newestFirst: boolean): Row[] {
  const byPeriod = (a: Row, b: Row) => String(a.period).localeCompare(String(b.period)) * (newestFirst ? -1 : 1);
  return [...rows].sort((a, b) => byPeriod(a, b) || Number(a.warehouseId) - Number(b.warehouseId) || Number(a.materialId) - Number(b.materialId));
}

const comparable = (r: Row) => ({
  period: r.period, warehouseId: r.warehouseId, materialId: r.materialId, materialCode: r.materialCode, warehouseName: r.warehouseName,
  ...Object.fromEntries(NUMBERS.map((k) => [k, Number(r[k])])),
});

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

const today = dayOf(new Date());
const back = (days: number) => dayOf(new Date(Date.now() - days * 86_400_000));
const CASES: { page: string; label: string; filters: Partial<AnalyticsFilters>; userName: string }[] = [
  { page: 'dayBalance', label: 'this month (default)', filters: {}, userName: 'admin' },
  { page: 'dayBalance', label: 'ten days four months back (opening from the past roll-up)', filters: { dateFrom: back(125), dateTo: back(115) }, userName: 'admin' },
  { page: 'weekBalance', label: 'the last 8 weeks (default)', filters: {}, userName: 'dealer1' },
  { page: 'monthBalance', label: 'half a year', filters: { dateFrom: back(180), dateTo: today }, userName: 'admin' },
  { page: 'monthBalance', label: 'half a year', filters: { dateFrom: back(180), dateTo: today }, userName: 'dealer1' },
];

describe('balance pages in period order agree with the grid', () => {
  for (const { page, label, filters, userName } of CASES) {
    it(`${page}, ${label}, as ${userName}: every page, the total and the chart`, async () => {
      const report = reportOf(page);
      const ctx = await ctxOf(userName);
      const f: AnalyticsFilters = { ...filters, dimension: 'day' };
      const all = await gridRows(report, ctx, f);
      expect(all.length, 'the demo has rows for this case').toBeGreaterThan(0);
      for (const newestFirst of [true, false]) {
        const grid = inPageOrder(all, newestFirst);
        const orderBy = [{ field: 'period', order: newestFirst ? 'desc' as const : 'asc' as const }];
        // Pages of 7 cross period edges; the last offsets run past the end.
        for (let offset = 0; offset < grid.length + 7; offset += Math.max(7, Math.floor(grid.length / 3))) {
          const { rows, total } = await report.page(ctx, f, { limit: 7, offset, orderBy });
          expect(total).toBe(grid.length);
          expect(rows.map(comparable), `offset ${offset}`).toEqual(grid.slice(offset, offset + 7).map(comparable));
          for (const r of rows) expect(r.balanced).toBe(Number(r.opening) + Number(r.inQty) - Number(r.outQty) === Number(r.closing) ? 'yes' : 'no');
        }
      }
      // The chart: per period with rows, the sums of its rows.
      const grid = inPageOrder(all, false);
      const sums = new Map<string, { period: string; inQty: number; outQty: number; closing: number }>();
      for (const r of grid) {
        const s = sums.get(String(r.period)) ?? { period: String(r.period), inQty: 0, outQty: 0, closing: 0 };
        s.inQty += Number(r.inQty); s.outQty += Number(r.outQty); s.closing += Number(r.closing);
        sums.set(s.period, s);
      }
      const chart = (await report.chart!(ctx, f)).map((r) => ({ period: r.period, inQty: Number(r.inQty), outQty: Number(r.outQty), closing: Number(r.closing) }));
      expect(chart).toEqual([...sums.values()]);
      // A page sorted by a figure still reads the grid and agrees on the total.
      expect((await report.page(ctx, f, { limit: 5, offset: 0, orderBy: [{ field: 'closing', order: 'desc' }] })).total).toBe(grid.length);
    });
  }
});
