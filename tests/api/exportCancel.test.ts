import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { HELD_CURSOR_PREFIX } from '../../src/server/modules/analysis/reports/analysisSql';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import { onPostgres, startTestServer, type TestServer } from './server';

/**
 * Cancel mid-download (docs/views-and-subscriptions.md, Long exports): an export ticket cancelled
 * while the server streams a large report stops after the batch it is writing. The ticket turns
 * cancelled, its rows stop rising short of the report's, the download ends short, and the report's
 * query is gone from the database: its cursor on PGlite (pg_cursors), its session's statement on
 * PostgreSQL (pg_stat_activity).
 */
let server: TestServer;
let admin: string;
let total: number;
const PAGE = 'inventoryReport';

const call = async <T>(path: string, body: unknown) => {
  const res = await server.call<T>(path, { body, token: admin, lang: 'en-US' });
  expect(res.status, `${path}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};
/** What of the report's query the database still runs or holds open. */
async function queryHeld(): Promise<number> {
  const db = server.services.db;
  if (!onPostgres) return (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_cursors where name like ${`${HELD_CURSOR_PREFIX}%`}`))[0].n;
  return (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' and query ilike '%report_export%'`))[0].n;
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  // A report of tens of thousands of rows: 2,000 more materials, each on hand in every warehouse.
  await server.services.db.execute(sql`
    insert into materials (code, name, brand_id, specification, pattern, load_index, speed_index, unit, price, source, status)
    select 'XCANCEL' || g, m.name || ' ' || g, m.brand_id, m.specification, m.pattern, m.load_index, m.speed_index, m.unit, m.price, m.source, m.status
    from (select * from materials order by id limit 1) m cross join generate_series(1, 2000) g`);
  await server.services.db.execute(sql`
    insert into stock_on_hand (dealer_id, warehouse_id, location_id, material_id, dot_code, qty)
    select coalesce(w.dealer_id, 0), w.id, 0, m.id, 'XCAN', 1 from warehouses w cross join materials m where m.code like 'XCANCEL%'`);
  total = (await call<ReportPageAnswer>(`/analysis/report/${PAGE}/selectByPage`, { pageSize: 1 })).total;
  expect(total).toBeGreaterThan(10 * 2000);
});
afterAll(async () => { await server?.stop(); });

describe('cancel mid-download', () => {
  it('stops the server\'s query after the batch it is writing; the ticket turns cancelled and writes no more rows', async () => {
    const { ticket, url } = await call<{ ticket: string; url: string }>(`/analysis/report/${PAGE}/exportLink`, {});
    // The browser's download: read, then paused as a slow network would.
    let received = 0;
    let broken = false;
    const ended = new Promise<void>((resolve, reject) => {
      const req = http.get(`${server.url}/fms/api/v1${url}`, (res) => {
        expect(res.statusCode).toBe(200);
        res.on('data', (chunk: Buffer) => { received += chunk.length; });
        res.on('end', resolve);
        res.on('close', resolve);
        // The server breaks the download off: the browser keeps an incomplete file it reports failed.
        res.on('error', () => { broken = true; resolve(); });
      });
      req.on('error', reject);
    });
    // Streaming: some batches written, the report's query open.
    let progress = { rows: 0, status: 'ready' };
    for (let i = 0; i < 300 && progress.rows === 0; i++) {
      await sleep(50);
      progress = await call('/analysis/report/exportProgress', { ticket });
    }
    expect(progress.status).toBe('running');
    expect(progress.rows).toBeGreaterThan(0);
    expect(progress.rows).toBeLessThan(total);
    expect(await queryHeld()).toBe(1);

    expect(await call('/analysis/report/exportCancel', { ticket })).toMatchObject({ status: 'cancelled' });
    await ended;
    // Stopped: no row written after the batch under way, and the download short of the whole.
    const stopped = await call<{ rows: number; status: string }>('/analysis/report/exportProgress', { ticket });
    expect(stopped.status).toBe('cancelled');
    expect(stopped.rows).toBeLessThan(total);
    await sleep(1000);
    expect(await call('/analysis/report/exportProgress', { ticket })).toEqual(stopped);
    expect(received).toBeGreaterThan(0);
    expect(broken).toBe(true);
    // The query is gone from the database.
    for (let i = 0; i < 50 && await queryHeld() > 0; i++) await sleep(100);
    expect(await queryHeld()).toBe(0);
  }, 120_000);
});
