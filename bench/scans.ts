/**
 * Scans per second through the API: 20 scanners (each a signed-in session with its own
 * receipt order, as handhelds on a dock would be) send barcodes one after another, as fast
 * as answers come back. Then all 20 on one order (every scan queues on that order's lock).
 * Runs on an in-memory PGlite and, when one answers, on a fresh database of the PostgreSQL
 * server (DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   npx tsx bench/scans.ts [--scanners 20] [--per-scanner 100]
 */
import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { materials, warehouses } from '../src/server/db/schema';
import { API_BASE } from '../src/shared/api/envelope';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SCANNERS = arg('scanners', 20);
const PER_SCANNER = arg('per-scanner', 100);

async function run(label: string, env: Record<string, string>) {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIR: '/nonexistent', LOGIN_RATE_LIMIT: '1000', ...env });
  const { app, services } = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${API_BASE}`;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
    return (await res.json()) as { code: number; msg: string; data: { token: string; id: number } };
  };
  try {
    const [warehouse] = await services.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC02'));
    const [material] = await services.db.select({ id: materials.id }).from(materials).orderBy(asc(materials.id)).limit(1);
    const tokens: string[] = [];
    for (let i = 0; i < SCANNERS; i++) tokens.push((await post('/sys/login', { userName: 'admin', passWord: 'Demo@2026' })).data.token);
    let serial = 0;
    const delivery = async (count: number) => {
      const shipped = Array.from({ length: count }, () => ({ barcode: `BENCH${String(++serial).padStart(9, '0')}`, materialId: material.id, dotCode: '2325' }));
      const res = await post('/orderManage/PRorder/save', {
        orderType: 'PR', warehouseId: warehouse.id, lines: [{ materialId: material.id, plannedQty: count }], shipped,
      }, tokens[0]);
      if (res.code !== 200) throw new Error(res.msg);
      return { id: res.data.id, codes: shipped.map((s) => s.barcode) };
    };
    const measure = async (name: string, work: { orderId: number; codes: string[] }[]) => {
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(work.map(async ({ orderId, codes }, i) => {
        for (const barcode of codes) {
          const t = performance.now();
          const res = await post('/orderManage/PRorder/scan', { orderId, barcode }, tokens[i]);
          latencies.push(performance.now() - t);
          if (res.code !== 200) throw new Error(`${barcode}: ${res.msg}`);
        }
      }));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
      console.log(`${label} | ${name}: ${latencies.length} scans in ${seconds.toFixed(2)} s = ${(latencies.length / seconds).toFixed(0)} scans/s; latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms`);
    };
    const own = await Promise.all(Array.from({ length: SCANNERS }, () => delivery(PER_SCANNER)));
    await measure(`${SCANNERS} scanners, one order each`, own.map((o) => ({ orderId: o.id, codes: o.codes })));
    const shared = await delivery(SCANNERS * PER_SCANNER);
    await measure(`${SCANNERS} scanners on one order`, Array.from({ length: SCANNERS }, (_, i) => ({
      orderId: shared.id, codes: shared.codes.slice(i * PER_SCANNER, (i + 1) * PER_SCANNER),
    })));
  } finally {
    await app.close();
  }
}

await run('PGlite (embedded)', {});
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `tyre_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch {
  console.log('PostgreSQL: not reachable, skipped');
  process.exit(0);
}
await admin.query(`create database ${name}`);
try {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await run('PostgreSQL', { DATABASE_URL: url.toString() });
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
