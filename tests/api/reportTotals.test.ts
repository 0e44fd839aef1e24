import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client';
import { analyseStaleTables, staleTables } from '../../src/server/jobs/embeddedStats';
import { ESTIMATE_FROM } from '../../src/server/modules/analysis/reports/sqlReport';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import { onPostgres, startTestServer, type TestServer } from './server';

/**
 * A long row list's total is the planner's estimate (sqlReport.ts, ESTIMATE_FROM), so its first
 * page does not wait for every row to be counted: the scan detail, with 60,000 more scans in its
 * window and their statistics refreshed (the embedded database's statistics job), answers
 * `totalEstimated` and a total near the true count; a short last page answers the exact total; a
 * filter that leaves few rows is counted; an aggregate report is always counted.
 */
let server: TestServer;
let admin: string;
let trueCount = 0;
const ADDED = 60_000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const { db } = server.services;
  const [order] = await queryRows<{ id: number; materialId: number }>(db, sql`
    select o.id, (select material_id from order_scans s where s.order_id = o.id limit 1) as "materialId"
    from orders o where exists (select 1 from order_scans s where s.order_id = o.id) order by o.id limit 1`);
  // Spread over the last two days, so every one is in the report's default window.
  await db.execute(sql`
    insert into order_scans (order_id, barcode, material_id, source, scanned_at)
    select ${order.id}, 'EST' || lpad(g::text, 8, '0'), ${order.materialId}, 'PDA', now() - (g % 2880) * interval '1 minute'
    from generate_series(1, ${ADDED}) g`);
  // What autovacuum does on PostgreSQL after such a load, and the statistics job on the embedded database.
  // (PostgreSQL's autovacuum may have got there first: the table is stale only for certain without it.)
  if (!onPostgres) expect(await staleTables(db)).toContain('order_scans');
  await analyseStaleTables(db);
  expect(await staleTables(db)).not.toContain('order_scans');
  // The report's window: local midnights of its first day and of the day after its last.
  const [from, to] = [localMidnight(-3), localMidnight(1)];
  trueCount = Number((await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from order_scans where scanned_at >= ${from.toISOString()}::timestamptz and scanned_at < ${to.toISOString()}::timestamptz`))[0].n);
}, 120_000);
afterAll(async () => { await server?.stop(); });

function localMidnight(days: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}
const dayText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const WINDOW = { dateFrom: dayText(localMidnight(-3)), dateTo: dayText(localMidnight(0)) };

const scanPage = (body: Record<string, unknown>) =>
  server.call<ReportPageAnswer>('/analysis/report/scanDetail/selectByPage', { token: admin, body: { pageNum: 1, pageSize: 20, ...WINDOW, ...body } });

describe('a long report list answers an estimated total', () => {
  it('the first page of 60,000 scans and more: sorted, newest first, with an estimate near the true count', async () => {
    const { body } = await scanPage({ orderBy: [{ field: 'scannedAt', order: 'desc' }] });
    expect(body.data.totalEstimated).toBe(true);
    expect(body.data.rows).toHaveLength(20);
    const times = body.data.rows.map((r) => String(r.scannedAt));
    expect([...times].sort().reverse()).toEqual(times);
    expect(trueCount).toBeGreaterThanOrEqual(ADDED);
    // The planner's estimate from the statistics: within a fifth of the rows there are.
    expect(body.data.total).toBeGreaterThan(trueCount * 0.8);
    expect(body.data.total).toBeLessThan(trueCount * 1.2);
  });

  it('a short last page gives the exact total', async () => {
    const pageSize = 100;
    const last = Math.ceil(trueCount / pageSize);
    const { body } = await scanPage({ pageNum: last, pageSize });
    expect(body.data.rows.length).toBe(trueCount - (last - 1) * pageSize);
    expect(body.data.totalEstimated).toBeUndefined();
    expect(body.data.total).toBe(trueCount);
  });

  it('an empty page past the end (an estimate too high) answers the counted total', async () => {
    const { body } = await scanPage({ pageNum: Math.ceil(trueCount / 20) + 40, pageSize: 20 });
    expect(body.data.rows).toEqual([]);
    expect(body.data.totalEstimated).toBeUndefined();
    expect(body.data.total).toBe(trueCount);
  });

  it('a filter that leaves few rows is counted exactly', async () => {
    const { body } = await scanPage({ keyword: 'EST0000012' });
    expect(body.data.totalEstimated).toBeUndefined();
    // EST00000120 … EST00000129 and EST0000012 itself is not a code: ten scans.
    expect(body.data.total).toBe(10);
    expect(ESTIMATE_FROM).toBeGreaterThan(10);
  });

  it('an aggregate report (rows grouped) is always counted', async () => {
    const { body } = await server.call<ReportPageAnswer>('/analysis/report/countTheInventory/selectByPage', { token: admin, body: { pageNum: 1, pageSize: 20 } });
    expect(body.data.totalEstimated).toBeUndefined();
    expect(body.data.total).toBeGreaterThan(0);
  });
});
