/**
 * Scans per second through the API. 50 scanners (each a signed-in session with its own receipt
 * order, as handhelds on a dock would be) send barcodes one after another, as fast as answers
 * come back; then all of them on one order (every scan queues on that order's row lock). Then
 * every order is completed and the ledger invariant (checkStockInvariant) is checked.
 *
 * The server runs in a process of its own (bench/scanServer.ts), so the scanners in this process
 * do not take its event loop; it counts the SQL statements its database client sends (BEGIN and
 * COMMIT included), its own CPU time and, on PostgreSQL, that of the database's server processes;
 * the table shows them per scan, with this process's. Runs on an in-memory PGlite
 * and, when one answers, on a fresh database of the PostgreSQL server (DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres).
 *
 * With --baseline <git ref>, that commit's server (its src, dashboards and package.json,
 * extracted to a temporary folder) runs too, interleaved with this checkout's on the same
 * machine in the same run (--rounds alternates which goes first), and the ratios are printed:
 * timings on a shared machine are noisy, so compare within one run.
 *
 *   npx tsx bench/scans.ts [--scanners 50] [--per-scanner 40] [--rounds 1] [--baseline <ref>]
 *                          [--db pglite,postgres] [--cpu-prof <dir>] [--statements]
 *                          [--nodes 2] [--database-url postgres://.../tyre_stock_bench]
 *
 * --nodes N (PostgreSQL) starts N servers on one database, as N stateless nodes behind a load
 * balancer would be, and spreads the scanners over them in turn; --database-url runs on that
 * database as it is (a large one made by bench/generateStock.ts) rather than on a fresh one.
 *
 * --statements prints the SQL of one scan per server (first round); --cpu-prof keeps the server's CPU profile,
 * with each scenario's window on the profile's clock (windows.json beside it).
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { API_BASE } from '../src/shared/api/envelope';

const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SCANNERS = Number(argValue('scanners') ?? 50);
const PER_SCANNER = Number(argValue('per-scanner') ?? 40);
const ROUNDS = Number(argValue('rounds') ?? 1);
const BASELINE = argValue('baseline');
const DATABASES = (argValue('db') ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const CPU_PROF = argValue('cpu-prof');
const SHOW_STATEMENTS = process.argv.includes('--statements');
const NODES = Number(argValue('nodes') ?? 1);
const DATABASE_URL = argValue('database-url');
/** Barcodes of this run: a database kept from run to run (--database-url) never sees one twice. */
const RUN_TAG = randomBytes(3).toString('hex').toUpperCase();

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const checkout = path.resolve(benchDir, '..');

interface Variant { name: string; root: string }
const variants: Variant[] = [{ name: 'this checkout', root: checkout }];
let baselineDir: string | undefined;
if (BASELINE) {
  // The baseline's server code only; node_modules are this checkout's (same dependencies assumed).
  baselineDir = mkdtempSync(path.join(os.tmpdir(), 'scan-baseline-'));
  execSync(`git archive ${BASELINE} src dashboards package.json | tar -x -C ${baselineDir}`, { cwd: checkout, stdio: ['ignore', 'ignore', 'inherit'] });
  symlinkSync(path.join(checkout, 'node_modules'), path.join(baselineDir, 'node_modules'));
  variants.unshift({ name: `baseline ${BASELINE}`, root: baselineDir });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: SCANNERS + 4 });
interface Answer { code: number; msg: string; data: { token: string; id: number } }
function post(port: number, route: string, body: unknown, token?: string): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, path: API_BASE + route, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token ? { token } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer);
        } catch (err) {
          reject(err);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

interface Mark { statements: number; cpu: number; dbCpu: number; at: number }
/** The server process and its answers, one message at a time. */
class Server {
  private waiting: { resolve(msg: Record<string, unknown>): void; reject(err: Error): void } | null = null;
  ready: Promise<{ port: number; warehouseId: number; materialId: number }>;

  constructor(private readonly child: ChildProcess) {
    this.ready = new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
      child.on('message', (msg: Record<string, unknown>) => {
        const waiting = this.waiting;
        this.waiting = null;
        if (msg.kind === 'ready') resolve(msg as never);
        else if (msg.kind === 'error') waiting?.reject(new Error(String(msg.message)));
        else waiting?.resolve(msg);
      });
    });
  }

  ask<T>(kind: string): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve: (msg) => resolve(msg as T), reject };
      this.child.send({ kind });
    });
  }

  async close() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ kind: 'close' });
    await exited;
  }
}

interface Result {
  database: string; variant: string; scenario: string; scans: number; seconds: number;
  p50: number; p95: number; statements: number; serverCpu: number; dbCpu: number; clientCpu: number;
}
const results: Result[] = [];
/** Each run's ledger check, by database and code: problems found (empty: the invariant holds). */
const invariants: { database: string; variant: string; orders: number; tyres: number; problems: string[] }[] = [];

async function runOnce(database: 'pglite' | 'postgres', variant: Variant, round: number, url?: string) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (url) env.DATABASE_URL = url;
  // One folder per run: the main thread and the module loader's thread each write a profile.
  const profDir = path.join(CPU_PROF ?? '', `${database}-${variant.name.replace(/\W+/g, '_')}-${Date.now()}`);
  const execArgv = ['--import', 'tsx', ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])];
  const start = () => new Server(fork(path.join(benchDir, 'scanServer.ts'), [variant.root], { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  // The first node migrates and seeds; the others start on the database it made.
  const servers = [start()];
  const windows: { scenario: string; from: number; to: number }[] = [];
  const { port, warehouseId, materialId } = await servers[0].ready;
  const server = servers[0];
  const nodes = database === 'postgres' ? NODES : 1;
  for (let n = 1; n < nodes; n++) servers.push(start());
  /** Scanner i's node: the nodes in turn. */
  const ports = await Promise.all(servers.map(async (s) => (await s.ready).port));
  const portOf = (i: number) => ports[i % ports.length];
  /** Statements and CPU summed over the nodes; the database's CPU once (every node reads the same processes). */
  const markAll = async (): Promise<Mark> => {
    const marks = await Promise.all(servers.map((s) => s.ask<Mark>('mark')));
    return { statements: marks.reduce((t, m) => t + m.statements, 0), cpu: marks.reduce((t, m) => t + m.cpu, 0), dbCpu: marks[0].dbCpu, at: marks[0].at };
  };
  const label = nodes > 1 ? `${database} x${nodes} nodes` : database;
  try {
    const tokens = await Promise.all(Array.from({ length: SCANNERS }, async (_, i) => {
      const res = await post(portOf(i), '/sys/login', { userName: 'admin', passWord: 'Demo@2026' });
      if (res.code !== 200) throw new Error(`login: ${res.msg}`);
      return res.data.token;
    }));
    let serial = 0;
    const delivery = async (count: number) => {
      const shipped = Array.from({ length: count }, () => ({ barcode: `BENCH${RUN_TAG}${String(++serial).padStart(9, '0')}`, materialId, dotCode: '2325' }));
      const res = await post(port, '/orderManage/PRorder/save', {
        orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: count }], shipped,
      }, tokens[0]);
      if (res.code !== 200) throw new Error(res.msg);
      return { id: res.data.id, codes: shipped.map((s) => s.barcode) };
    };
    const measure = async (scenario: string, work: { orderId: number; codes: string[] }[]) => {
      const latencies: number[] = [];
      const before = await markAll();
      const clientBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(work.map(async ({ orderId, codes }, i) => {
        for (const barcode of codes) {
          const t = performance.now();
          const res = await post(portOf(i), '/orderManage/PRorder/scan', { orderId, barcode }, tokens[i]);
          latencies.push(performance.now() - t);
          if (res.code !== 200) throw new Error(`${barcode}: ${res.msg}`);
        }
      }));
      const seconds = (performance.now() - started) / 1000;
      const client = process.cpuUsage(clientBefore);
      const after = await markAll();
      windows.push({ scenario, from: before.at, to: after.at });
      latencies.sort((a, b) => a - b);
      const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
      const n = latencies.length;
      results.push({
        database: label, variant: variant.name, scenario, scans: n, seconds, p50: pct(0.5), p95: pct(0.95),
        statements: (after.statements - before.statements) / n, serverCpu: (after.cpu - before.cpu) * 1000 / n,
        dbCpu: (after.dbCpu - before.dbCpu) * 1000 / n, clientCpu: (client.user + client.system) / 1000 / n,
      });
    };
    if (SHOW_STATEMENTS && round === 0) {
      // An order's first scan also starts it scanning; the second is like every later one.
      const { id, codes } = await delivery(2);
      const scan = async (barcode: string) => {
        const res = await post(port, '/orderManage/PRorder/scan', { orderId: id, barcode }, tokens[0]);
        if (res.code !== 200) throw new Error(`${barcode}: ${res.msg}`);
      };
      await scan(codes[0]);
      await server.ask('trace');
      await scan(codes[1]);
      const { texts } = await server.ask<{ texts: string[] }>('traced');
      console.log(`${database} | ${variant.name}: the statements of one scan (${texts.length})`);
      for (const text of texts) console.log(`  ${text.replace(/\s+/g, ' ').trim().slice(0, 240)}`);
    }
    const own = await Promise.all(Array.from({ length: SCANNERS }, () => delivery(PER_SCANNER)));
    await measure(`${SCANNERS} scanners, one order each`, own.map((o) => ({ orderId: o.id, codes: o.codes })));
    const shared = await delivery(SCANNERS * PER_SCANNER);
    await measure(`${SCANNERS} scanners on one order`, Array.from({ length: SCANNERS }, (_, i) => ({
      orderId: shared.id, codes: shared.codes.slice(i * PER_SCANNER, (i + 1) * PER_SCANNER),
    })));
    // The scanned tyres go into stock through the ledger; then the ledger, barcodes, on-hand and roll-up must agree.
    for (const { id } of [...own, shared]) {
      const res = await post(port, '/orderManage/PRorder/complete', { id }, tokens[0]);
      if (res.code !== 200) throw new Error(`complete ${id}: ${res.msg}`);
    }
    const { problems } = await server.ask<{ problems: string[] }>('invariant');
    invariants.push({ database: label, variant: variant.name, orders: own.length + 1, tyres: SCANNERS * PER_SCANNER * 2, problems });
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    // Which part of the server's profile each scenario is (microseconds on the profile's clock).
    if (CPU_PROF) writeFileSync(path.join(profDir, 'windows.json'), JSON.stringify(windows));
  }
}

/** A fresh database on the PostgreSQL server per run, dropped after it; null when no server answers. */
async function withPostgres(work: (url: string) => Promise<void>): Promise<boolean> {
  if (DATABASE_URL) {
    await work(DATABASE_URL);
    return true;
  }
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return false;
  }
  const name = `tyre_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return true;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);
function print() {
  const head = ['database', 'scenario', 'code', 'scans/s', 'p50 ms', 'p95 ms', 'statements/scan', 'server CPU ms/scan', 'db CPU ms/scan', 'client CPU ms/scan'];
  const rows: string[][] = [head];
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
  };
  const keys = [...new Set(results.map((r) => `${r.database}\u0000${r.scenario}`))];
  const ratios: string[] = [];
  for (const key of keys) {
    const [database, scenario] = key.split('\u0000');
    const rateOf: Record<string, number> = {};
    for (const v of variants) {
      const runs = results.filter((r) => r.database === database && r.scenario === scenario && r.variant === v.name);
      if (!runs.length) continue;
      const m = (f: (r: Result) => number) => median(runs.map(f));
      rateOf[v.name] = m((r) => r.scans / r.seconds);
      rows.push([
        database, scenario, v.name, `${fmt(rateOf[v.name])}${runs.length > 1 ? ` (${runs.map((r) => fmt(r.scans / r.seconds)).join(', ')})` : ''}`,
        fmt(m((r) => r.p50), 1), fmt(m((r) => r.p95), 1), fmt(m((r) => r.statements), 1), fmt(m((r) => r.serverCpu), 2),
        database.startsWith('postgres') ? fmt(m((r) => r.dbCpu), 2) : '-', fmt(m((r) => r.clientCpu), 2),
      ]);
    }
    if (variants.length > 1 && rateOf[variants[0].name] && rateOf[variants[1].name]) {
      ratios.push(`${database} | ${scenario}: ${fmt(rateOf[variants[1].name] / rateOf[variants[0].name], 2)}x the baseline's scans/s`);
    }
  }
  const widths = head.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  console.log(`\n${SCANNERS} scanners x ${PER_SCANNER} scans, ${ROUNDS} round(s), median of rounds; ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c])).join('  '));
  for (const r of ratios) console.log(r);
  for (const database of new Set(invariants.map((i) => i.database))) {
    for (const v of variants) {
      const runs = invariants.filter((i) => i.database === database && i.variant === v.name);
      if (!runs.length) continue;
      const broken = runs.filter((r) => r.problems.length);
      console.log(`${database} | ${v.name}: after each of ${runs.length} run(s), ${runs[0].orders} orders completed (${runs[0].tyres} tyres received): `
        + `ledger invariant ${broken.length ? `BROKEN in ${broken.length}:\n  ${broken.flatMap((r) => r.problems).join('\n  ')}` : 'holds'}`);
    }
  }
}

try {
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which code goes first, so a drift in the machine's load does not favour one.
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const database of DATABASES) {
      for (const variant of order) {
        if (database === 'pglite') await runOnce('pglite', variant, round);
        else if (!await withPostgres((url) => runOnce('postgres', variant, round, url))) console.log('PostgreSQL: not reachable, skipped');
      }
    }
  }
  print();
} finally {
  agent.destroy();
  if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
}
