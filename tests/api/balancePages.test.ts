import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { addDays } from '../../src/server/modules/analysis/queries/window';
import { REPORT_QUERIES } from '../../src/server/modules/analysis/reports';
import type { AnalyticsCtx, ReportQuery, Row } from '../../src/server/modules/analysis/registry';
import { dayOf } from '../../src/server/modules/stock/ledger';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { checkRolledPeriods, periodEndOf, periodStartOf, rollUpClosedPeriods } from '../../src/server/modules/stock/periodRollup';
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
/** The Wednesday of the week `day` falls in: a range from or to it cuts its week. */
const wednesdayOf = (day: string) => addDays(periodStartOf('week', day), 2);
const firstOf = async <T>(query: Promise<T[]>) => (await query)[0];
type Filters = Partial<AnalyticsFilters> | (() => Promise<Partial<AnalyticsFilters>>);
const CASES: { page: string; label: string; filters: Filters; userName: string }[] = [
  { page: 'dayBalance', label: 'this month (default)', filters: {}, userName: 'admin' },
  { page: 'dayBalance', label: 'ten days four months back (opening from the past roll-up)', filters: { dateFrom: back(125), dateTo: back(115) }, userName: 'admin' },
  { page: 'weekBalance', label: 'the last 8 weeks (default)', filters: {}, userName: 'dealer1' },
  { page: 'weekBalance', label: 'the last 8 weeks (default)', filters: {}, userName: 'admin' },
  { page: 'weekBalance', label: 'Wednesday to Wednesday (weeks cut at both ends)', filters: { dateFrom: wednesdayOf(back(70)), dateTo: wednesdayOf(back(14)) }, userName: 'admin' },
  {
    page: 'weekBalance', label: 'one warehouse, 20 weeks', userName: 'admin',
    filters: async () => ({ dateFrom: back(140), warehouseId: (await firstOf(queryRows<{ id: number }>(server.services.db, sql`select warehouse_id as id from stock_daily group by 1 order by count(*) desc limit 1`))).id }),
  },
  { page: 'monthBalance', label: 'this year (default)', filters: {}, userName: 'admin' },
  { page: 'monthBalance', label: 'half a year', filters: { dateFrom: back(180), dateTo: today }, userName: 'admin' },
  { page: 'monthBalance', label: 'half a year', filters: { dateFrom: back(180), dateTo: today }, userName: 'dealer1' },
  {
    page: 'monthBalance', label: 'one brand (material filters read the daily rows)', userName: 'admin',
    filters: async () => ({ brandId: (await firstOf(queryRows<{ id: number }>(server.services.db, sql`select brand_id as id from materials where brand_id is not null limit 1`))).id }),
  },
];

/** The page, total and chart of each case held to the grid. */
function agreeWithTheGrid() {
  for (const { page, label, filters, userName } of CASES) {
    it(`${page}, ${label}, as ${userName}: every page, the total and the chart`, async () => {
      const report = reportOf(page);
      const ctx = await ctxOf(userName);
      const f: AnalyticsFilters = { ...(typeof filters === 'function' ? await filters() : filters), dimension: 'day' };
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
}

describe('balance pages in period order agree with the grid, from the daily rows alone', () => {
  agreeWithTheGrid();
});

describe('balance pages with the weeks and months that ended rolled up', () => {
  let rolled: { unit: string; start: string }[] = [];
  beforeAll(async () => { rolled = await rollUpClosedPeriods(server.services.db); });

  it('rolls up every week and month that ended, once, and nothing else', async () => {
    const db = server.services.db;
    expect(rolled.filter((p) => p.unit === 'week').length, 'the demo\'s half year of weeks').toBeGreaterThan(20);
    expect(rolled.filter((p) => p.unit === 'month').length).toBeGreaterThan(4);
    for (const p of rolled) expect(periodEndOf(p.unit as 'week' | 'month', p.start) < today, `${p.unit} ${p.start} has ended`).toBe(true);
    const count = async () => Number((await firstOf(queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_period_totals`))).n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // A second run, as after a restart or on another node: nothing rolled again, nothing counted twice.
    expect(await rollUpClosedPeriods(db)).toEqual([]);
    expect(await count()).toBe(before);
    expect(await checkStockInvariant(db)).toEqual([]);
  });

  it('reads the roll-up for the periods it holds', async () => {
    const db = server.services.db;
    const report = reportOf('monthBalance');
    const ctx = await ctxOf('admin');
    const f: AnalyticsFilters = { dateFrom: back(180), dateTo: today, dimension: 'day' };
    const month = rolled.filter((p) => p.unit === 'month').at(-1)!;
    const label = month.start.slice(0, 7);
    const inOf = async () => Number((await report.chart!(ctx, f)).find((r) => r.period === label)?.inQty);
    const inQty = await inOf();
    const [row] = await queryRows<{ warehouseId: number }>(db, sql`
      update stock_period_totals set in_qty = in_qty + 1000 where (unit, period_start, warehouse_id) =
        (select unit, period_start, warehouse_id from stock_period_totals where unit = 'month' and period_start = ${month.start}::date limit 1)
      returning warehouse_id as "warehouseId"`);
    try {
      expect(await inOf()).toBe(inQty + 1000);
      // The ledger invariant check holds the roll-up to the daily rows.
      expect(await checkRolledPeriods(db)).toEqual([expect.stringContaining(`month from ${month.start}: the roll-up of warehouse ${row.warehouseId}`)]);
    } finally {
      await db.execute(sql`update stock_period_totals set in_qty = in_qty - 1000 where unit = 'month' and period_start = ${month.start}::date and warehouse_id = ${row.warehouseId}`);
    }
  });

  agreeWithTheGrid();
});
