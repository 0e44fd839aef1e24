/**
 * Analytics at scale, on a database made by bench/generateStock.ts: every registered
 * dashboard query and every report's first page, 2 warm-ups then 15 timed runs each, as an
 * unrestricted user and as the dealer with the most moves; median and p95 per query id,
 * flagged over the 200 ms budget (docs/architecture.md#budgets). Then a report of at least a million
 * rows exported through the real HTTP route, with time, bytes and peak RSS of the process.
 *
 *   npx tsx bench/analytics.ts --database-url postgres://postgres@127.0.0.1:5432/tyre_stock_bench
 *   npx tsx bench/analytics.ts --data-dir .tmp/bench-pglite [--runs 15] [--export scanDetail] [--export-rows 1000000] [--only a,b] [--no-rollup]
 */
import type net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { queryRows } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { DASHBOARD_QUERIES } from '../src/server/modules/analysis/queries';
import type { AnalyticsCtx } from '../src/server/modules/analysis/registry';
import { REPORT_QUERIES } from '../src/server/modules/analysis/reports';
import { rollUpChannelDays } from '../src/server/modules/stock/channelRollup';
import { rollUpClosedPeriods } from '../src/server/modules/stock/periodRollup';
import { rollUpTrailingPairs } from '../src/server/modules/stock/trailingPairs';
import { rollUpTrailingWindow } from '../src/server/modules/stock/trailingWindow';
import { dataScopeOf } from '../src/server/platform/dataScope';
import type { SessionUser } from '../src/server/platform/sessionStore';
import { analyticsFilters, reportPath, type AnalyticsFilters } from '../src/shared/analytics/filters';
import { API_BASE } from '../src/shared/api/envelope';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const databaseUrl = argOf('database-url');
const dataDir = argOf('data-dir') ?? '.tmp/bench-pglite';
const RUNS = Number(argOf('runs') ?? 15);
/** `--only a,b`: just these dashboard queries and report pages (and no export). */
const ONLY = argOf('only')?.split(',');
const wanted = (id: string) => !ONLY || ONLY.includes(id);
const WARMUPS = 2;
const BUDGET_MS = 200;
const SLOW_MS = 2000;
const GIVE_UP_MS = 10_000;
const EXPORT_REPORT = argOf('export') ?? 'scanDetail';
const EXPORT_ROWS = Number(argOf('export-rows') ?? 1_000_000);

const config = loadConfig({
  PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIR: '/nonexistent', LOGIN_RATE_LIMIT: '1000',
  // No job mid-run: the roll-up is run, and timed, below.
  ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', ROLLUP_MINUTES: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const { app, services } = await buildApp(config);
const { db } = services;
const dayText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Warm-ups, then the timed runs. A query slower than SLOW_MS gets one warm-up and 3 runs, one
 * slower than GIVE_UP_MS just its first (cold) run: the verdict is clear and the bench stays short.
 */
async function timed(run: () => Promise<unknown>): Promise<{ runs: number; median: number; p95: number } | { error: string }> {
  const times: number[] = [];
  try {
    let [warmups, runs] = [WARMUPS, RUNS];
    for (let i = 0; i < warmups + runs; i++) {
      const t = performance.now();
      await run();
      const ms = performance.now() - t;
      if (i === 0 && ms > GIVE_UP_MS) [warmups, runs] = [0, 1];
      else if (i === 0 && ms > SLOW_MS) [warmups, runs] = [1, Math.min(runs, 3)];
      if (i >= warmups) times.push(ms);
    }
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0].slice(0, 120) };
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(times.length * p) - 1)] * 10) / 10;
  return { runs: times.length, median: at(0.5), p95: at(0.95) };
}

async function measureAll(label: string, ctx: AnalyticsCtx) {
  const rows: object[] = [];
  const record = (kind: string, id: string, r: Awaited<ReturnType<typeof timed>>) => {
    const row = 'error' in r ? { kind, id, runs: 0, median: '-', p95: '-', over: 'ERROR', error: r.error } : { kind, id, ...r, over: r.p95 > BUDGET_MS ? 'SLOW' : '' };
    console.log(`  ${label} ${JSON.stringify(row)}`);
    rows.push(row);
  };
  for (const q of DASHBOARD_QUERIES.filter((d) => wanted(d.id))) {
    const filters = (q.params ? analyticsFilters.extend(q.params.shape) : analyticsFilters).parse({}) as AnalyticsFilters;
    record('query', q.id, await timed(() => q.run(ctx, filters)));
  }
  for (const r of REPORT_QUERIES.filter((d) => wanted(d.def.page))) {
    record('report', r.def.page, await timed(() => r.page(ctx, analyticsFilters.parse({}), { limit: 20, offset: 0 })));
  }
  console.log(`\n${label}: ${DASHBOARD_QUERIES.length} dashboard queries, ${REPORT_QUERIES.length} report first pages; ${RUNS} runs after ${WARMUPS} warm-ups (ms)`);
  console.table(rows);
}

/** The shortest window ending today in which the report has at least `EXPORT_ROWS` rows (or its whole range). */
async function exportWindow(ctx: AnalyticsCtx): Promise<{ filters: AnalyticsFilters; total: number }> {
  const report = REPORT_QUERIES.find((r) => r.def.page === EXPORT_REPORT);
  if (!report) throw new Error(`no report ${EXPORT_REPORT}`);
  let found = { filters: analyticsFilters.parse({}), total: 0 };
  for (const days of [30, 60, 90, 120, 180, 270, 365, 730]) {
    const from = new Date();
    from.setDate(from.getDate() - days);
    const filters = analyticsFilters.parse({ dateFrom: dayText(from), dateTo: dayText(new Date()) });
    const { total } = await report.page(ctx, filters, { limit: 1, offset: 0 });
    found = { filters, total };
    if (total >= EXPORT_ROWS) break;
  }
  return found;
}

async function exportOverHttp(ctx: AnalyticsCtx) {
  const { filters, total } = await exportWindow(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${API_BASE}`;
  const login = await fetch(`${base}/sys/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', passWord: 'Demo@2026' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 100);
  const started = performance.now();
  let bytes = 0;
  let firstByte = 0;
  const res = await fetch(`${base}${reportPath(EXPORT_REPORT)}/export`, {
    method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(filters),
  });
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByte) firstByte = performance.now() - started;
    bytes += chunk.length;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const mib = (n: number) => Math.round(n / 1048576);
  console.log(`\nexport ${EXPORT_REPORT} ${filters.dateFrom}..${filters.dateTo} over HTTP: status ${res.status}, ${total.toLocaleString('en')} rows, `
    + `${(bytes / 1048576).toFixed(1)} MiB in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en')} rows/s, first byte after ${Math.round(firstByte)} ms); `
    + `RSS ${mib(before)} MiB before, peak ${mib(peak)} MiB (+${mib(peak - before)} MiB)`);
}

try {
  console.log(`database: ${services.database.kind}${databaseUrl ? '' : ` (${dataDir})`}`);
  for (const [table, n] of Object.entries((await queryRows<Record<string, number>>(db, sql`select
    (select count(*) from barcodes)::int as barcodes, (select count(*) from stock_moves)::int as stock_moves,
    (select count(*) from stock_daily)::int as stock_daily, (select count(*) from orders)::int as orders, (select count(*) from dealers)::int as dealers`))[0])) {
    console.log(`  ${table}: ${Number(n).toLocaleString('en')}`);
  }
  const [admin] = await db.select({ id: users.id, userName: users.userName, nickName: users.nickName }).from(users).where(eq(users.userName, 'admin'));
  const user = { ...admin, sessionId: 0, dealerId: null } satisfies SessionUser;
  const staff: AnalyticsCtx = { db, user, lang: 'zh-CN', now: new Date(), scope: await dataScopeOf(db, user) };
  const [busiest] = await queryRows<{ dealer_id: number }>(db, sql`
    select dealer_id from stock_moves where dealer_id is not null group by 1 order by count(*) desc limit 1`);
  const dealerUser = { ...user, dealerId: Number(busiest.dealer_id) };
  const dealer: AnalyticsCtx = { ...staff, user: dealerUser, scope: await dataScopeOf(db, dealerUser) };

  // The weeks, months and days that ended, rolled up as the scheduled job does (`--no-rollup`: the balances and the
  // channel's stock figures read every daily row).
  if (!process.argv.includes('--no-rollup')) {
    const started = performance.now();
    const rolled = await rollUpClosedPeriods(db);
    const [held] = await queryRows<{ periods: number; rows: number }>(db, sql`
      select (select count(*) from stock_periods_rolled)::int as periods, (select count(*) from stock_period_totals)::int as rows`);
    console.log(`period roll-up: ${rolled.length} periods rolled in ${((performance.now() - started) / 1000).toFixed(1)} s; held ${held.periods} periods, ${Number(held.rows).toLocaleString('en')} rows`);
    const daysStarted = performance.now();
    const days = await rollUpChannelDays(db);
    console.log(`channel day roll-up: ${days.length} days rolled in ${((performance.now() - daysStarted) / 1000).toFixed(1)} s`);
    const windowStarted = performance.now();
    const windowEnd = await rollUpTrailingWindow(db);
    console.log(`trailing window: ${windowEnd ? `moved to ${windowEnd}` : 'in place'} in ${((performance.now() - windowStarted) / 1000).toFixed(1)} s`);
    const pairsStarted = performance.now();
    const pairsEnd = await rollUpTrailingPairs(db);
    console.log(`trailing pairs: ${pairsEnd ? `moved to ${pairsEnd}` : 'in place'} in ${((performance.now() - pairsStarted) / 1000).toFixed(1)} s`);
    // What autovacuum does after the roll-ups' writes (and after a migration filled a roll-up).
    await db.execute(sql`analyze stock_warehouse_daily, stock_channel_daily, stock_channel_inbound_hours, stock_period_totals, stock_periods_rolled,
      stock_channel_material_days, stock_channel_customer_days, stock_channel_inbound_days, stock_channel_dealer_days, stock_channel_dealer_materials,
      stock_channel_trailing, stock_channel_trailing_pairs`);
  }

  await measureAll('unrestricted (admin)', staff);
  await measureAll(`dealer ${dealerUser.dealerId} (the most moves; scope ${dealer.scope.warehouseIds?.length} warehouses)`, dealer);
  if (EXPORT_ROWS > 0 && !ONLY) await exportOverHttp(staff);
} finally {
  await app.close();
}
