import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryAnswer } from '../../src/shared/analytics/filters';
import { dealers, materials, storageLocations, users } from '../../src/server/db/schema';
import { inLane } from '../../src/server/db/pgliteGate';
import { DASHBOARD_QUERIES } from '../../src/server/modules/analysis/queries';
import type { AnalyticsCtx } from '../../src/server/modules/analysis/registry';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import { onPostgres, startTestServer, type TestServer } from './server';

/**
 * The embedded database under load (docs/architecture.md, The database): scans and /health go
 * ahead of reports' and dashboards' reads, and viewers with the same data scope share answers.
 */
let server: TestServer;
let admin: string;
let dealer1: string;
let dealer2: string;
let own: { warehouseId: number; locationId: number };
let materialId: number;
let serial = 0;
const run = Date.now().toString(36).toUpperCase();

beforeAll(async () => {
  server = await startTestServer();
  [admin, dealer1, dealer2] = await Promise.all([server.login('admin'), server.login('dealer1'), server.login('dealer2')]);
  const db = server.services.db;
  const [d1] = await db.select({ warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  const [loc] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, d1.warehouseId!)).limit(1);
  own = { warehouseId: d1.warehouseId!, locationId: loc.id };
  [{ id: materialId }] = await db.select({ id: materials.id }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(1);
});
afterAll(async () => { await server?.stop(); });

const ok = async <T>(path: string, body: unknown, token = admin) => {
  const res = await server.call<T>(path, { token, body, lang: 'en-US' });
  expect(res.body.code, `${path}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};
/** A delivery of `qty` new tyres to dealer1's warehouse, saved and not yet scanned. */
async function delivery(qty: number) {
  const shipped = Array.from({ length: qty }, () => ({ barcode: `QUEUE${run}${String(++serial).padStart(5, '0')}`, materialId, dotCode: '2325' }));
  const { id } = await ok<{ id: number }>('/orderManage/PRorder/save', {
    orderType: 'PR', warehouseId: own.warehouseId, lines: [{ materialId, plannedQty: qty }], shipped,
  });
  return { id, codes: shipped.map((s) => s.barcode) };
}
const scan = (orderId: number, barcode: string) => ok('/orderManage/PRorder/scan', { orderId, barcode, locationId: own.locationId });

describe.skipIf(onPostgres)('the embedded database\'s queue', () => {
  /** Long reads queued as report routes read (their lane); counts those finished. */
  function queueLongReads(n: number) {
    let finished = 0;
    // Awaited inside the lane: drizzle's query runs when awaited, not when built.
    const reads = Array.from({ length: n }, () => inLane('long', async () => {
      await server.services.readDb.execute(sql`select count(*) from generate_series(1, 300000) g where g % 7 = 3`);
      finished += 1;
    }));
    return { all: Promise.all(reads), finished: () => finished };
  }

  it('answers /health while reads are queued, not after every read queued before it', async () => {
    const reads = queueLongReads(16);
    const res = await server.call<{ status: string }>('/health');
    const finishedAtHealth = reads.finished();
    await reads.all;
    expect(res.body.data.status).toBe('ok');
    // Behind PGlite's lock alone, /health waited for all 16.
    expect(finishedAtHealth).toBeLessThan(8);
    expect(server.services.database.gate!.stats().ran.long).toBeGreaterThanOrEqual(16);
  });

  it('runs a scan (a transaction of several statements) ahead of reads queued before it', async () => {
    const { id, codes } = await delivery(2);
    const reads = queueLongReads(16);
    await scan(id, codes[0]);
    const finishedAtScan = reads.finished();
    await reads.all;
    expect(finishedAtScan).toBeLessThan(8);
  });
});

describe.skipIf(onPostgres)('dashboard answers shared between viewers', () => {
  const onHand = DASHBOARD_QUERIES.find((q) => q.id === 'stock.onHand')!;
  const viaApi = async (token: string) => (await ok<QueryAnswer>(`/analysis/query/${onHand.id}`, {}, token)).rows;
  /** The query run afresh, as the user's call would, past any cache. */
  async function uncached(userName: string) {
    const [user] = await server.services.db.select().from(users).where(eq(users.userName, userName));
    const ctx: AnalyticsCtx = {
      db: server.services.readDb, user: user as unknown as AnalyticsCtx['user'], lang: 'en-US', now: new Date(),
      scope: await dataScopeOf(server.services.db, user), dbKind: 'pglite',
    };
    return onHand.run(ctx, { dimension: 'day' });
  }

  it('answers each viewer what an uncached run answers for its own data scope, never another dealer\'s', async () => {
    for (let round = 0; round < 2; round++) {
      // Each token asks twice in a row: the second is the cached answer.
      for (const [token, userName] of [[admin, 'admin'], [dealer1, 'dealer1'], [dealer2, 'dealer2']] as const) {
        expect(await viaApi(token), userName).toEqual(await uncached(userName));
      }
    }
    const [all, d1, d2] = [await viaApi(admin), await viaApi(dealer1), await viaApi(dealer2)];
    expect(Number(d1[0].value)).toBeLessThan(Number(all[0].value));
    expect(d2).toEqual(await uncached('dealer2'));
    expect(d1).not.toEqual(all);
  });

  it('reads afresh after a delivery is completed into the viewer\'s warehouse', async () => {
    const before = Number((await viaApi(dealer1))[0].value);
    expect(Number((await viaApi(dealer1))[0].value)).toBe(before);
    const { id, codes } = await delivery(3);
    for (const code of codes) await scan(id, code);
    await ok('/orderManage/PRorder/complete', { id });
    const after = await viaApi(dealer1);
    expect(Number(after[0].value)).toBe(before + 3);
    expect(after).toEqual(await uncached('dealer1'));
  });
});
