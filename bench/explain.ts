/**
 * Why is a dashboard query or report slow: runs it once on a PostgreSQL database (made by
 * bench/generateStock.ts), captures the statements it sends and prints EXPLAIN (ANALYZE,
 * BUFFERS) of each, as the unrestricted administrator or as a dealer.
 *
 *   npx tsx bench/explain.ts --database-url postgres://postgres@127.0.0.1:5432/tyre_stock_bench --query stock.trend [--dealer 42]
 *   npx tsx bench/explain.ts --database-url ... --report scanDetail [--pg-options '-c work_mem=64MB']
 *   npx tsx bench/explain.ts --database-url ... --report monthBalance --now 2026-11-30T20:00:00   # as on another day
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { DASHBOARD_QUERIES } from '../src/server/modules/analysis/queries';
import type { AnalyticsCtx } from '../src/server/modules/analysis/registry';
import { REPORT_QUERIES } from '../src/server/modules/analysis/reports';
import { dataScopeOf } from '../src/server/platform/dataScope';
import { analyticsFilters, type AnalyticsFilters } from '../src/shared/analytics/filters';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const pool = new pg.Pool({ connectionString: argOf('database-url') ?? 'postgres://postgres@127.0.0.1:5432/tyre_stock_bench', options: argOf('pg-options') ?? '-c jit=off' });
const statements: { query: string; params: unknown[] }[] = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => statements.push({ query, params }) } }) as unknown as Db;

const dealerId = argOf('dealer') ? Number(argOf('dealer')) : null;
const user = { id: 1, sessionId: 0, userName: 'admin', nickName: 'admin', dealerId, roles: [], perms: new Set<string>() };
const ctx: AnalyticsCtx = { db, user, lang: 'zh-CN', now: argOf('now') ? new Date(argOf('now') as string) : new Date(), scope: await dataScopeOf(db, user) };
statements.length = 0;

const queryId = argOf('query');
const page = argOf('report');
if (queryId) {
  const q = DASHBOARD_QUERIES.find((x) => x.id === queryId);
  if (!q) throw new Error(`no dashboard query ${queryId}`);
  await q.run(ctx, (q.params ? analyticsFilters.extend(q.params.shape) : analyticsFilters).parse({}) as AnalyticsFilters);
} else {
  const r = REPORT_QUERIES.find((x) => x.def.page === page);
  if (!r) throw new Error(`no report ${page}`);
  await r.page(ctx, analyticsFilters.parse({}), { limit: 20, offset: 0 });
}
for (const s of statements) {
  const plan = await pool.query(`explain (analyze, buffers) ${s.query}`, s.params);
  console.log(`\n${s.query.replace(/\s+/g, ' ').slice(0, 400)}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
}
await pool.end();
