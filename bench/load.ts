/**
 * Load on one node: 200 dashboard viewers refreshing home every 10 s (its one
 * batch call, POST /analysis/dashboard/home/batch, read to the end), 50 users paging reports
 * (a page, two seconds to read it, the next), and 20 scanners (a scan every 250 ms onto a
 * delivery of their own, completed when every tyre is scanned, then the next delivery), for
 * the minutes given, against the real server in its own process (src/server/main.ts) on a
 * PGlite data folder and on a fresh database of the PostgreSQL server, each with the demo data.
 * Beside them, `/health` is asked by 2 monitors every 500 ms, and with --exporters N, N users
 * export the largest report the administrator reads (--export <page> names another) over and
 * over, each export streamed to its end (--export-filters '<json>' is its body: the filters, e.g. a
 * year of scans, {"dateFrom":"2026-01-01"}).
 * --data-dir <folder> runs PGlite on that data folder as it is (one bench/generateStock.ts made, a
 * large one; the demo users are in it) rather than on a fresh demo database, and leaves it there.
 * Prints, per database: calls, error rate and p50/p95/p99 per call class, the server's
 * resident memory at the start of the load, at its end and its highest in between, and the
 * ledger invariant check run after the load (ledger = on hand = barcodes = daily roll-up). The
 * server's warnings are printed as they come: on PGlite, each statement that held the database
 * over 300 ms once it serves, with its first words.
 *
 *   npx tsx bench/load.ts [--minutes 5] [--db pglite,postgres] [--viewers 200] [--readers 50] [--scanners 20]
 *     [--exporters 0] [--export <page>] [--export-filters <json>] [--data-dir <folder>] [--baseline <git ref>] [--timeline]
 *
 * --timeline also prints each class's calls and p50/p95/max per 30 s of the run (is a queue growing?).
 * --baseline <ref> first runs that commit's server (its src, dashboards and package.json, with
 * this checkout's node_modules) under the same load, then this checkout's, per database.
 */
import { execSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_DEFS } from '../src/shared/analytics/reports';
import { dashboardBatchPath, reportPath } from '../src/shared/analytics/filters';
import { startChildServer, type ChildServer } from '../tests/reliability/childServer';
import { freshPostgresDatabase } from '../tests/setup/postgres';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const MINUTES = Number(arg('minutes') ?? 5);
const DATABASES = (arg('db') ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const VIEWERS = Number(arg('viewers') ?? 200);
const READERS = Number(arg('readers') ?? 50);
const SCANNERS = Number(arg('scanners') ?? 20);
const EXPORTERS = Number(arg('exporters') ?? 0);
const EXPORT_PAGE = arg('export');
const EXPORT_FILTERS = JSON.parse(arg('export-filters') ?? '{}') as Record<string, unknown>;
const DATA_DIR = arg('data-dir');
const BASELINE = arg('baseline');
const TIMELINE = process.argv.includes('--timeline');
const HEALTH_MONITORS = 2;
const HEALTH_EVERY_MS = 500;
const REFRESH_MS = 10_000;
const READ_MS = 2_000;
const SCAN_EVERY_MS = 250;
const TYRES_PER_DELIVERY = 100;
/** Viewers and readers sign in as these in turn: the administrator, staff and two dealers see different scopes. */
const USERS = ['admin', 'staff', 'dealer1', 'dealer2'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
interface Variant { name: string; root: string }
const variants: Variant[] = [{ name: 'this checkout', root: checkout }];
let baselineDir: string | undefined;
if (BASELINE) {
  // The baseline's server code only; node_modules are this checkout's (same dependencies assumed).
  baselineDir = mkdtempSync(path.join(os.tmpdir(), 'load-baseline-'));
  execSync(`git archive ${BASELINE} src dashboards package.json | tar -x -C ${baselineDir}`, { cwd: checkout, stdio: ['ignore', 'ignore', 'inherit'] });
  symlinkSync(path.join(checkout, 'node_modules'), path.join(baselineDir, 'node_modules'));
  variants.unshift({ name: `baseline ${BASELINE}`, root: baselineDir });
}

/** One call: its status (0 when the connection failed) and the envelope's code, the body read to its end. */
function post(base: string, route: string, body: unknown, token?: string, method: 'POST' | 'GET' = 'POST'): Promise<{ status: number; code: number; msg: string; data: unknown }> {
  const payload = method === 'POST' ? JSON.stringify(body) : '';
  const url = new URL(base + route);
  return new Promise((resolve) => {
    const req = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method, agent,
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...(token ? { token } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: { code?: number; msg?: string; data?: unknown } = {};
        // The dashboard batch streams one JSON line per panel: a panel's error is a line with `error`.
        try {
          json = JSON.parse(text);
        } catch {
          const failed = text.split('\n').find((line) => line.includes('"error"'));
          json = failed ? { code: 500, msg: failed.slice(0, 200) } : { code: res.statusCode };
        }
        resolve({ status: res.statusCode ?? 0, code: json.code ?? res.statusCode ?? 0, msg: json.msg ?? '', data: json.data });
      });
      res.on('error', (err) => resolve({ status: 0, code: 0, msg: err.message, data: null }));
    });
    req.on('error', (err) => resolve({ status: 0, code: 0, msg: err.message, data: null }));
    req.end(payload);
  });
}

interface Tally { ms: number[]; at: number[]; errors: number; samples: string[] }
function recorder() {
  const classes = new Map<string, Tally>();
  return {
    classes,
    async time(name: string, work: () => ReturnType<typeof post>) {
      const t = performance.now();
      const res = await work();
      const tally = classes.get(name) ?? { ms: [], at: [], errors: 0, samples: [] };
      classes.set(name, tally);
      tally.ms.push(performance.now() - t);
      tally.at.push(t);
      if (res.status !== 200 || res.code !== 200) {
        tally.errors += 1;
        if (tally.samples.length < 3) tally.samples.push(`${res.status}/${res.code} ${res.msg}`.slice(0, 160));
      }
      return res;
    },
  };
}

async function runOn(database: 'pglite' | 'postgres', variant: Variant) {
  let dataDir: string | undefined;
  let pg: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  const seedStarted = performance.now();
  if (database === 'pglite') dataDir = DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'tyre-load-'));
  else pg = await freshPostgresDatabase({ prefix: 'tyre_load' });
  let server: ChildServer | undefined;
  try {
    // The first start migrates and seeds the demo data.
    server = await startChildServer(dataDir ? { dataDir } : { databaseUrl: pg!.url }, { LOG_LEVEL: 'warn' }, { cwd: variant.root });
    const base = server.base;
    const label = `${database}, ${variant.name}`;
    console.log(`${label}: server up with the demo data in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
    const login = async (userName: string) => {
      const res = await post(base, '/sys/login', { userName, passWord: 'Demo@2026' });
      if (res.code !== 200) throw new Error(`login ${userName}: ${res.msg}`);
      return (res.data as { token: string }).token;
    };
    const viewerTokens: string[] = [];
    for (let i = 0; i < VIEWERS; i++) viewerTokens.push(await login(USERS[i % USERS.length]));
    const readerTokens: string[] = [];
    for (let i = 0; i < READERS; i++) readerTokens.push(await login(USERS[i % USERS.length]));
    const scannerTokens: string[] = [];
    for (let i = 0; i < SCANNERS; i++) scannerTokens.push(await login('admin'));

    // The reports each kind of user may page: those answering it without further filters.
    const reportsOf = new Map<string, string[]>();
    /** Each report's rows for the administrator: the largest is exported. */
    const rowsOf = new Map<string, number>();
    for (const [i, userName] of USERS.entries()) {
      const pages: string[] = [];
      for (const r of REPORT_DEFS) {
        const res = await post(base, `${reportPath(r.page)}/selectByPage`, { pageNum: 1, pageSize: 20 }, i ? readerTokens[i] : await login('admin'));
        if (res.code === 200) pages.push(r.page);
        if (res.code === 200 && !i) rowsOf.set(r.page, (res.data as { total: number }).total);
      }
      reportsOf.set(userName, pages);
    }
    const exportPage = EXPORT_PAGE ?? [...rowsOf].sort((a, b) => b[1] - a[1])[0][0];
    if (Object.keys(EXPORT_FILTERS).length) {
      const res = await post(base, `${reportPath(exportPage)}/selectByPage`, { ...EXPORT_FILTERS, pageNum: 1, pageSize: 20 }, await login('admin'));
      rowsOf.set(exportPage, (res.data as { total: number }).total);
    }
    const exporterTokens: string[] = [];
    for (let i = 0; i < EXPORTERS; i++) exporterTokens.push(await login('admin'));
    const options = (await post(base, '/orderManage/PRorder/options', {}, scannerTokens[0])).data as { warehouses: { id: number; code: string }[]; materials: { id: number }[] };
    const warehouseId = options.warehouses.find((w) => w.code === 'CDC02')!.id;
    const materialIds = options.materials.slice(0, 20).map((m) => m.id);

    const rec = recorder();
    const rssStart = server.rssMb();
    let rssMax = rssStart;
    const started = performance.now();
    const until = started + MINUTES * 60_000;
    // Resident memory every 2 s: its peak, and where it stood at the end of each 30 s (--timeline).
    const rssAt: number[] = [];
    const sampler = setInterval(() => {
      const rss = server!.rssMb();
      rssMax = Math.max(rssMax, rss);
      rssAt[Math.floor((performance.now() - started) / 30_000)] = rss;
    }, 2_000);

    const viewer = async (token: string, i: number) => {
      // Spread over the first refresh period, then every 10 s on a fixed beat.
      let next = started + (i / VIEWERS) * REFRESH_MS;
      for (;;) {
        await sleep(Math.max(0, next - performance.now()));
        if (performance.now() >= until) return;
        await rec.time('dashboard batch (home)', () => post(base, dashboardBatchPath('home'), {}, token));
        next += REFRESH_MS;
      }
    };
    const reader = async (token: string, i: number) => {
      const reports = reportsOf.get(USERS[i % USERS.length])!;
      await sleep((i / READERS) * READ_MS);
      for (let round = i; performance.now() < until && reports.length; round++) {
        const page = reports[round % reports.length];
        for (let pageNum = 1; pageNum <= 5 && performance.now() < until; pageNum++) {
          await rec.time('report page', () => post(base, `${reportPath(page)}/selectByPage`, { pageNum, pageSize: 20 }, token));
          await sleep(READ_MS);
        }
      }
    };
    let serial = 0;
    const run = Date.now().toString(36).toUpperCase();
    const scanner = async (token: string, i: number) => {
      await sleep((i / SCANNERS) * SCAN_EVERY_MS);
      while (performance.now() < until) {
        const materialId = materialIds[i % materialIds.length];
        const shipped = Array.from({ length: TYRES_PER_DELIVERY }, () => ({ barcode: `LOAD${run}${String(++serial).padStart(7, '0')}`, materialId, dotCode: '2325' }));
        const saved = await rec.time('order save', () => post(base, '/orderManage/PRorder/save', {
          orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: TYRES_PER_DELIVERY }], shipped,
        }, token));
        if (saved.code !== 200) { await sleep(1_000); continue; }
        const orderId = (saved.data as { id: number }).id;
        for (const { barcode } of shipped) {
          if (performance.now() >= until) return;
          const t = performance.now();
          await rec.time('scan', () => post(base, '/orderManage/PRorder/scan', { orderId, barcode }, token));
          await sleep(Math.max(0, SCAN_EVERY_MS - (performance.now() - t)));
        }
        await rec.time('order complete', () => post(base, '/orderManage/PRorder/complete', { id: orderId }, token));
      }
    };
    const monitor = async (_: unknown, i: number) => {
      await sleep((i / HEALTH_MONITORS) * HEALTH_EVERY_MS);
      while (performance.now() < until) {
        const t = performance.now();
        await rec.time('health', () => post(base, '/health', undefined, undefined, 'GET'));
        await sleep(Math.max(0, HEALTH_EVERY_MS - (performance.now() - t)));
      }
    };
    const exporter = async (token: string) => {
      while (performance.now() < until) await rec.time(`export (${exportPage}, ${rowsOf.get(exportPage)} rows)`, () => post(base, `${reportPath(exportPage)}/export`, EXPORT_FILTERS, token));
    };
    await Promise.all([
      ...viewerTokens.map(viewer), ...readerTokens.map(reader), ...scannerTokens.map(scanner),
      ...Array.from({ length: HEALTH_MONITORS }, monitor), ...exporterTokens.map(exporter),
    ]);
    clearInterval(sampler);
    const rssEnd = server.rssMb();
    const seconds = (performance.now() - started) / 1000;

    const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
    const rows = [['call class', 'calls', 'calls/s', 'errors', 'error %', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms']];
    let calls = 0;
    let errors = 0;
    for (const [name, t] of rec.classes) {
      const sorted = [...t.ms].sort((a, b) => a - b);
      calls += sorted.length;
      errors += t.errors;
      rows.push([name, String(sorted.length), (sorted.length / seconds).toFixed(1), String(t.errors), (100 * t.errors / sorted.length).toFixed(2),
        pct(sorted, 0.5).toFixed(0), pct(sorted, 0.95).toFixed(0), pct(sorted, 0.99).toFixed(0), (sorted[sorted.length - 1] ?? 0).toFixed(0)]);
    }
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
    const reportCounts = USERS.map((u) => `${u} ${reportsOf.get(u)!.length}`).join(', ');
    console.log(`\n${label}: ${VIEWERS} viewers, ${READERS} report readers (reports each may read: ${reportCounts}), ${SCANNERS} scanners, ${EXPORTERS} exporters for ${seconds.toFixed(0)} s; `
      + `${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (const r of rows) console.log(`  ${r.map((cell, c) => (c ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ')}`);
    console.log(`  all: ${calls} calls, ${errors} errors (${(100 * errors / Math.max(1, calls)).toFixed(2)} %)`);
    console.log(`  server RSS: ${rssStart.toFixed(0)} MB at the start, ${rssEnd.toFixed(0)} MB at the end, ${rssMax.toFixed(0)} MB at most`);
    for (const [name, t] of rec.classes) for (const s of t.samples) console.log(`  error in ${name}: ${s}`);
    if (TIMELINE) {
      for (const [name, t] of rec.classes) {
        const windows: string[] = [];
        for (let from = 0; from < seconds; from += 30) {
          const ms = t.ms.filter((_, k) => t.at[k] - started >= from * 1000 && t.at[k] - started < (from + 30) * 1000).sort((a, b) => a - b);
          windows.push(`${from}s: ${ms.length} calls ${pct(ms, 0.5).toFixed(0)}/${pct(ms, 0.95).toFixed(0)}/${(ms[ms.length - 1] ?? 0).toFixed(0)} ms`);
        }
        console.log(`  ${name} (sent in each 30 s: calls p50/p95/max): ${windows.join('; ')}`);
      }
      console.log(`  server RSS at the end of each 30 s: ${rssAt.map((mb, k) => `${(k + 1) * 30}s ${mb.toFixed(0)} MB`).join('; ')}`);
    }
    const check = await post(base, '/monitoring/inventory/check', {}, scannerTokens[0] ?? await login('admin'));
    const result = check.data as { ok: boolean; problems: string[] } | null;
    console.log(`  ledger invariant after the load: ${check.code !== 200 ? `check failed: ${check.msg}` : result!.ok ? 'ok' : `DRIFT ${result!.problems.join('; ')}`}`);
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await pg?.drop();
    if (dataDir && !DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  for (const database of DATABASES) for (const variant of variants) await runOn(database, variant);
} finally {
  agent.destroy();
  if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
}
