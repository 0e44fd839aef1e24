import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import type { InvariantCheckResult } from '../../src/shared/api/stockAlerts';
import { dealers, resources, roleResources, roles, stockOnHand, stockThresholds, storageLocations } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

/** Monitoring › Inventory monitor (on hand against thresholds, the ledger check) and Location monitor (fill against capacity). */
let server: TestServer;
let admin: string;
let dealer1: string;
let own: { dealerId: number; warehouseId: number };

beforeAll(async () => {
  server = await startTestServer({ ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0' });
  admin = await server.login('admin');
  const db = server.services.db;
  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  own = { dealerId: d1.id, warehouseId: d1.warehouseId! };
  // dealer1's role is given both monitors for the scope checks.
  const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  const grants = (await db.select({ id: resources.id, perm: resources.perm }).from(resources)).filter((r) =>
    ['monitoringManage', 'monitoringManage:monitoring', 'monitoringManage:inventoryMonitor', 'monitoringManage:storageLocationMonitor'].includes(r.perm));
  await db.insert(roleResources).values(grants.map((r) => ({ roleId: dealerRole.id, resourceId: r.id }))).onConflictDoNothing();
  dealer1 = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

type Row = Record<string, string | number | null>;
const report = async (page: string, body: Record<string, unknown>, token = admin) => {
  const res = await server.call<ReportPageAnswer>(`/analysis/report/${page}/selectByPage`, { token, body: { pageSize: 100, ...body }, lang: 'en-US' });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const chart = async (page: string, body: Record<string, unknown>, token = admin) =>
  (await server.call<{ rows: Row[] }>(`/analysis/report/${page}/chart`, { token, body, lang: 'en-US' })).body.data.rows;

describe('inventory monitor', () => {
  it('lists on hand against the threshold that applies, with its state', async () => {
    const db = server.services.db;
    const [pair] = await db.select({ materialId: stockOnHand.materialId, qty: sql<number>`sum(${stockOnHand.qty})::int` }).from(stockOnHand)
      .where(eq(stockOnHand.warehouseId, own.warehouseId)).groupBy(stockOnHand.materialId).limit(1);
    await db.insert(stockThresholds).values({ warehouseId: own.warehouseId, dealerId: own.dealerId, materialId: pair.materialId, minQty: pair.qty + 1 });
    const page = await report('inventoryMonitor', { warehouseId: own.warehouseId });
    const row = page.rows.find((r) => r.materialId === pair.materialId)!;
    expect(row).toMatchObject({ onHand: pair.qty, minQty: pair.qty + 1, maxQty: null, stateCode: 'low', state: 'Below minimum' });
    const states = await chart('inventoryMonitor', { warehouseId: own.warehouseId });
    const counted: Record<string, number> = Object.fromEntries(states.map((st) => [String(st.stateCode), Number(st.pairs)]));
    expect(counted.low).toBe(page.rows.filter((r) => r.stateCode === 'low').length);
    expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBe(page.total);
  });

  it('a dealer sees its own warehouses only', async () => {
    const mine = await report('inventoryMonitor', {}, dealer1);
    expect(mine.total).toBeGreaterThan(0);
    const all = await report('inventoryMonitor', {});
    expect(all.total).toBeGreaterThan(mine.total);
    const ownNames = new Set(mine.rows.map((r) => r.dealerName));
    expect(ownNames.size).toBe(1);
  });

  it('the ledger check keeps its result; a drift is reported, and clears when the ledger agrees again', async () => {
    const call = <T>(path: string, token = admin) => server.call<T>(`/monitoring/inventory/${path}`, { token, body: {}, lang: 'en-US' });
    expect((await call('lastCheck')).body.data).toBeNull();
    const ok = (await call<InvariantCheckResult>('check')).body.data;
    expect(ok).toMatchObject({ ok: true, problems: [], trigger: 'admin' });
    expect((await call<InvariantCheckResult>('lastCheck')).body.data).toMatchObject({ id: ok.id, ok: true });

    // On hand that no barcode or move accounts for.
    const db = server.services.db;
    const [pair] = await db.select().from(stockOnHand).where(eq(stockOnHand.warehouseId, own.warehouseId)).limit(1);
    await db.update(stockOnHand).set({ qty: pair.qty + 7 }).where(and(eq(stockOnHand.warehouseId, pair.warehouseId), eq(stockOnHand.locationId, pair.locationId),
      eq(stockOnHand.materialId, pair.materialId), eq(stockOnHand.dotCode, pair.dotCode), eq(stockOnHand.dealerId, pair.dealerId)));
    try {
      const drift = (await call<InvariantCheckResult>('check')).body.data;
      expect(drift.ok).toBe(false);
      expect(drift.problems.length).toBeGreaterThan(0);
      expect((await call<InvariantCheckResult>('lastCheck')).body.data).toMatchObject({ id: drift.id, ok: false });
    } finally {
      await db.update(stockOnHand).set({ qty: pair.qty }).where(and(eq(stockOnHand.warehouseId, pair.warehouseId), eq(stockOnHand.locationId, pair.locationId),
        eq(stockOnHand.materialId, pair.materialId), eq(stockOnHand.dotCode, pair.dotCode), eq(stockOnHand.dealerId, pair.dealerId)));
    }
    expect((await call<InvariantCheckResult>('check')).body.data.ok).toBe(true);
    // Reading the result is the page's; running the check is a button dealers are not given.
    expect((await call('lastCheck', dealer1)).status).toBe(200);
    expect((await call('check', dealer1)).status).toBe(403);
  });
});

describe('storage-location monitor', () => {
  it('marks overfull and empty locations and draws average fill per warehouse and area', async () => {
    const db = server.services.db;
    const [used] = await db.select({ locationId: stockOnHand.locationId, qty: sql<number>`sum(${stockOnHand.qty})::int` }).from(stockOnHand)
      .where(and(eq(stockOnHand.warehouseId, own.warehouseId), sql`${stockOnHand.locationId} > 0`)).groupBy(stockOnHand.locationId)
      // Two tyres or more: a capacity of one less is still a bound (0 means unbounded).
      .having(sql`sum(${stockOnHand.qty}) > 1`).limit(1);
    await db.update(storageLocations).set({ capacity: used.qty - 1 }).where(eq(storageLocations.id, used.locationId));
    const page = await report('storageLocationMonitor', { warehouseId: own.warehouseId });
    const over = page.rows.find((r) => r.locationId === used.locationId)!;
    expect(over).toMatchObject({ onHand: used.qty, stateCode: 'over', state: 'Overfull' });
    expect(Number(over.fill)).toBeGreaterThan(100);
    expect(page.rows.some((r) => r.stateCode === 'empty' && r.onHand === 0)).toBe(true);
    const cells = await chart('storageLocationMonitor', { warehouseId: own.warehouseId });
    expect(cells.length).toBeGreaterThan(0);
    expect(cells[0]).toEqual({ warehouseName: expect.any(String), areaCode: expect.any(String), fill: expect.any(Number) });
    // A dealer sees its own locations only.
    const mine = await report('storageLocationMonitor', {}, dealer1);
    const all = await report('storageLocationMonitor', {});
    expect(mine.total).toBeGreaterThan(0);
    expect(all.total).toBeGreaterThan(mine.total);
  });
});
