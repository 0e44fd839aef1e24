/**
 * The offline queue's figures (docs/offline-floor.md):
 *  - the time from reconnect to an empty queue for 500 queued scans: the console's sender
 *    (src/web/offline/syncQueue.ts) posts them in order, in batches of SYNC_BATCH_MAX, to the
 *    sync call; here the same batches go over HTTP to a real server, one after another;
 *  - the resend: every batch sent again (its answer lost), with the scans the server took twice
 *    (must be 0) and the verdicts answered as replays;
 *  - the service worker's precache size, raw and gzip (after `vite build`).
 * On an in-memory PGlite and, when one answers, a fresh PostgreSQL database (DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   npx tsx bench/offlineSync.ts [--scans 500] [--db pglite,postgres]
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { warehouses } from '../src/server/db/schema';
import { API_BASE } from '../src/shared/api/envelope';
import { SYNC_BATCH_MAX, type SyncAnswer, type SyncItem } from '../src/shared/api/offlineSync';
import type { OrderOptions } from '../src/shared/api/orders';

const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SCANS = Number(argValue('scans') ?? 500);
const DATABASES = (argValue('db') ?? 'pglite,postgres').split(',');
const PG_ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL: not reachable (${(err as Error).message}); skipped`);
    return null;
  }
  const name = `offline_sync_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function run(db: string) {
  const pgDb = db === 'postgres' ? await postgresDatabase() : null;
  if (db === 'postgres' && !pgDb) return;
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIR: '/nonexistent',
    ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', ROLLUP_MINUTES: '0', LOGIN_RATE_LIMIT: '1000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const built = await buildApp(config);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as net.AddressInfo).port}${API_BASE}`;
  try {
    const post = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
      const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
      return json.data;
    };
    const { token } = await post<{ token: string }>('/sys/login', { userName: 'admin', passWord: 'Demo@2026' });
    const [{ id: userId }] = await built.services.db.execute(sql`select id from users where user_name = 'admin'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const [central] = await built.services.db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC02'));
    const options = await post<OrderOptions>('/orderManage/PRorder/options', {}, token);
    const material = options.materials[0];
    const codes = Array.from({ length: SCANS }, (_, i) => `BENCHOFF${String(i).padStart(6, '0')}`);
    const { id } = await post<{ id: number }>('/orderManage/PRorder/save', {
      orderType: 'PR', warehouseId: central.id, lines: [{ materialId: material.id, plannedQty: SCANS }],
      shipped: codes.map((barcode) => ({ barcode, materialId: material.id })),
    }, token);
    const items: SyncItem[] = codes.map((barcode, i) => ({
      deviceId: randomUUID(), op: 'scan', orderId: id, userId: Number(userId), barcode, scannedAt: new Date(Date.now() - (SCANS - i) * 1000).toISOString(),
    }));
    const batches = Array.from({ length: Math.ceil(items.length / SYNC_BATCH_MAX) }, (_, i) => items.slice(i * SYNC_BATCH_MAX, (i + 1) * SYNC_BATCH_MAX));

    const started = performance.now();
    let added = 0;
    for (const batch of batches) added += (await post<SyncAnswer>('/orderManage/PRorder/sync', { items: batch }, token)).verdicts.filter((v) => v.verdict === 'added').length;
    const drainMs = performance.now() - started;

    const again = performance.now();
    let replayed = 0;
    for (const batch of batches) replayed += (await post<SyncAnswer>('/orderManage/PRorder/sync', { items: batch }, token)).verdicts.filter((v) => v.replayed).length;
    const resendMs = performance.now() - again;
    const [{ n }] = await built.services.db.execute(sql`select count(*)::int as n from order_scans where order_id = ${id}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    console.log(`${db.padEnd(8)} ${SCANS} queued scans in ${batches.length} batches: reconnect to empty queue ${drainMs.toFixed(0)} ms `
      + `(${(drainMs / SCANS).toFixed(2)} ms a scan), ${added} taken; resent: ${resendMs.toFixed(0)} ms, ${replayed} answered as replays, `
      + `scans on the order ${n}, taken twice ${Number(n) - added}`);
  } finally {
    await built.app.close();
    await pgDb?.drop();
  }
}

function precache() {
  const dir = path.resolve(import.meta.dirname, '../dist/web');
  const sw = path.join(dir, 'sw.js');
  if (!existsSync(sw)) {
    console.log('precache: no build (run `npx vite build` first)');
    return;
  }
  const urls = [...readFileSync(sw, 'utf8').matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = readFileSync(path.join(dir, url));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  console.log(`precache: ${urls.length} files, ${(raw / 1024).toFixed(0)} KiB raw, ${(gzip / 1024).toFixed(0)} KiB gzip`);
}

precache();
for (const db of DATABASES) await run(db);
process.exit(0);
