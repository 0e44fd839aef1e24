import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockAlertRow } from '../../src/shared/api/stockAlerts';
import type { QueryAnswer } from '../../src/shared/analytics/filters';
import { dealers, materials, resources, roleResources, roles, stockAlerts, warehouses } from '../../src/server/db/schema';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { pageOfType, type OrderType } from '../../src/shared/orders/orderTypes';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let dealer1: string;
let central: number;
let own: { warehouseId: number; dealerId: number };
let mats: number[];
let serial = 0;

beforeAll(async () => {
  // No scheduled sweep during the test: every raise below comes from a posting or an explicit sweep.
  server = await startTestServer({ ALERT_SWEEP_MINUTES: '0' });
  admin = await server.login('admin');
  const db = server.services.db;
  [central] = (await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC03'))).map((w) => w.id);
  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  own = { warehouseId: d1.warehouseId!, dealerId: d1.id };
  // Materials no demo tyre is of, so the figures below are the test's own.
  mats = (await db.execute(sql`select m.id from materials m where not exists (select 1 from barcodes b where b.material_id = m.id) order by m.id limit 5`)
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows)).map((r) => r.id);
  // dealer1's role is given the page for these tests.
  const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  const grants = (await db.select({ id: resources.id, perm: resources.perm }).from(resources))
    .filter((r) => ['monitoringManage', 'monitoringManage:monitoring'].includes(r.perm) || r.perm.startsWith('monitoringManage:stroealert'));
  await db.insert(roleResources).values(grants.map((r) => ({ roleId: dealerRole.id, resourceId: r.id }))).onConflictDoNothing();
  dealer1 = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(path, { token, body, lang: 'en-US' });
const ok = async <T>(res: Promise<{ status: number; body: { msg: string; data: T } }>) => {
  const r = await res;
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
};
const orderCall = <T>(type: OrderType, action: string, body: unknown, token = admin) => ok(call<T>(`/orderManage/${pageOfType(type)}/${action}`, body, token));

/** Receives `qty` new tyres of a material into a warehouse (a maker delivery, scanned and completed). */
async function receive(warehouseId: number, materialId: number, qty: number, token = admin, extra: Record<string, unknown> = {}) {
  const shipped = Array.from({ length: qty }, () => ({ barcode: `ALRT${String(++serial).padStart(8, '0')}`, materialId, dotCode: '2325' }));
  const { id } = await orderCall<{ id: number }>('PR', 'save', { orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: qty }], shipped }, token);
  for (const s of shipped) await orderCall('PR', 'scan', { orderId: id, barcode: s.barcode, ...extra }, token);
  await orderCall('PR', 'complete', { id }, token);
  return shipped.map((s) => s.barcode);
}
/** Ships tyres out of their warehouse (a sale, scanned and completed). */
async function ship(warehouseId: number, materialId: number, codes: string[], token = admin) {
  const id = (await orderCall<{ id: number }>('WL', 'save', {
    orderType: 'WL', warehouseId, lines: [{ materialId, plannedQty: codes.length }], counterparty: 'Alert test',
  }, token)).id;
  for (const c of codes) await orderCall('WL', 'scan', { orderId: id, barcode: c }, token);
  await orderCall('WL', 'complete', { id }, token);
}
const alertsOf = (warehouseId: number, materialId: number) => server.services.db.select().from(stockAlerts)
  .where(and(eq(stockAlerts.warehouseId, warehouseId), eq(stockAlerts.materialId, materialId)));
const openAlertsOf = async (warehouseId: number, materialId: number) => (await alertsOf(warehouseId, materialId)).filter((a) => !a.clearedAt);
const threshold = (body: Record<string, unknown>, token = admin) => call<{ id: number }>('/monitoring/stockThreshold/save', body, token);
const sweep = () => ok(call<{ raised: number }>('/monitoring/stockAlert/sweep', {}));

describe('stock alerts raised with the posting that crosses a threshold', () => {
  it('a shipment below the minimum raises one alert, a further one does not raise another, a receipt clears it', async () => {
    const m = mats[0];
    const codes = await receive(central, m, 5);
    expect((await threshold({ warehouseId: central, materialId: m, minQty: 3, maxQty: 10 })).status).toBe(200);
    expect(await sweep()).toEqual({ raised: 0 });
    expect(await alertsOf(central, m)).toEqual([]);

    await ship(central, m, codes.slice(0, 3));
    const [raised] = await openAlertsOf(central, m);
    expect(raised).toMatchObject({ kind: 'low', threshold: 3, qty: 2, dealerId: null });
    await ship(central, m, codes.slice(3, 4));
    expect(await alertsOf(central, m)).toHaveLength(1);
    // The sweep finds the same crossing: nothing raised twice.
    expect(await sweep()).toEqual({ raised: 0 });
    expect(await alertsOf(central, m)).toHaveLength(1);

    const listed = await ok(call<{ list: StockAlertRow[] }>('/monitoring/stockAlert/selectByPage', { pageNum: 1, pageSize: 50, warehouseId: central }));
    expect(listed.list.find((a) => a.id === raised.id)).toMatchObject({ kind: 'low', threshold: 3, qty: 2, currentQty: 1, clearedAt: null, acknowledgedAt: null });

    await receive(central, m, 4);
    const after = await alertsOf(central, m);
    expect(after).toHaveLength(1);
    expect(after[0].clearedAt).not.toBeNull();
    expect(after[0].clearedQty).toBe(5);
    expect(await checkStockInvariant(server.services.db)).toEqual([]);
  });

  it('stock above the maximum raises a high alert; a changed threshold is judged by the sweep', async () => {
    const m = mats[1];
    await ok(threshold({ warehouseId: central, materialId: m, minQty: 0, maxQty: 2 }));
    await receive(central, m, 3);
    expect(await openAlertsOf(central, m)).toMatchObject([{ kind: 'high', threshold: 2, qty: 3 }]);
    const [t] = await server.services.db.execute(sql`select id from stock_thresholds where warehouse_id = ${central} and material_id = ${m}`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await ok(call('/monitoring/stockThreshold/update', { id: t.id, warehouseId: central, materialId: m, minQty: 0, maxQty: 5 }));
    await sweep();
    expect(await openAlertsOf(central, m)).toEqual([]);
  });

  it('a brand default applies to a warehouse carrying the brand; a warehouse\'s own threshold wins', async () => {
    const m = mats[2];
    const [{ brandId }] = await server.services.db.select({ brandId: materials.brandId }).from(materials).where(eq(materials.id, m));
    await receive(central, m, 2);
    const brandDefault = await ok(threshold({ brandId, minQty: 4 }));
    await sweep();
    expect(await openAlertsOf(central, m)).toMatchObject([{ kind: 'low', threshold: 4, qty: 2 }]);
    await ok(threshold({ warehouseId: central, materialId: m, minQty: 1 }));
    await sweep();
    expect(await openAlertsOf(central, m)).toEqual([]);
    // Without the default, the alerts it raised across the channel clear.
    await ok(call('/monitoring/stockThreshold/delete', { ids: [brandDefault.id] }));
    await sweep();
    const left = await server.services.db.execute(sql`select count(*)::int as n from stock_alerts where cleared_at is null and threshold = 4`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows[0].n);
    expect(left).toBe(0);
  });

  it('acknowledging marks the alert with the user; it stays open until stock returns', async () => {
    const m = mats[3];
    await ok(threshold({ warehouseId: central, materialId: m, minQty: 1 }));
    await sweep();
    const [open] = await openAlertsOf(central, m);
    expect(await ok(call('/monitoring/stockAlert/acknowledge', { ids: [open.id] }))).toEqual({ acknowledged: 1 });
    expect(await ok(call('/monitoring/stockAlert/acknowledge', { ids: [open.id] }))).toEqual({ acknowledged: 0 });
    expect((await openAlertsOf(central, m))[0]).toMatchObject({ acknowledgedBy: 'admin' });
    const home = await ok(call<QueryAnswer>('/analysis/query/stock.alerts', {}));
    expect(home.rows.find((r) => r.alertId === open.id)).toMatchObject({ onHand: 0, threshold: 1, kind: 'low' });
  });
});

describe('thresholds: rules and data scope', () => {
  it('refuses an empty, inverted or ambiguous threshold and a second one for the same target', async () => {
    const m = mats[4];
    expect((await threshold({ warehouseId: central, materialId: m })).body.msg).toBe('minQty: Give a minimum, a maximum or both');
    expect((await threshold({ warehouseId: central, materialId: m, minQty: 5, maxQty: 2 })).body.msg).toBe('maxQty: The minimum cannot be above the maximum');
    expect((await threshold({ materialId: m, minQty: 1 })).body.msg).toBe('warehouseId: Choose a warehouse or a dealer with a material, or a brand alone');
    expect((await threshold({ minQty: 1 })).status).toBe(400);
    expect((await threshold({ warehouseId: central, materialId: m, minQty: -1 })).status).toBe(400);
    await ok(threshold({ warehouseId: central, materialId: m, minQty: 1 }));
    expect((await threshold({ warehouseId: central, materialId: m, minQty: 2 })).status).toBe(409);
  });

  it('a dealer keeps thresholds and sees alerts of its own warehouses only', async () => {
    const m = mats[4];
    expect((await threshold({ warehouseId: central, materialId: m, minQty: 1 }, dealer1)).body.msg).toBe('warehouseId: The record is outside your data scope');
    const [{ brandId }] = await server.services.db.select({ brandId: materials.brandId }).from(materials).where(eq(materials.id, m));
    expect((await threshold({ brandId, minQty: 1 }, dealer1)).body.msg).toBe('brandId: The record is outside your data scope');
    const mine = await ok(threshold({ warehouseId: own.warehouseId, materialId: m, minQty: 2 }, dealer1));
    await sweep();
    const seen = await ok(call<{ list: { id: number; dealerLabel: string }[] }>('/monitoring/stockThreshold/selectByPage', { pageNum: 1, pageSize: 100 }, dealer1));
    // Its own and the demo data's thresholds of its dealer, nobody else's.
    expect(seen.list.map((r) => r.id)).toContain(mine.id);
    expect(seen.list.every((r) => r.dealerLabel.startsWith('SH0001 '))).toBe(true);
    const alerts = await ok(call<{ list: StockAlertRow[] }>('/monitoring/stockAlert/selectByPage', { pageNum: 1, pageSize: 100, state: 'all' }, dealer1));
    expect(alerts.list.length).toBeGreaterThan(0);
    expect(alerts.list.some((a) => a.warehouseId === own.warehouseId)).toBe(true);
    expect(alerts.list.every((a) => a.dealerId === own.dealerId)).toBe(true);
    const centralAlert = (await server.services.db.select().from(stockAlerts).where(and(eq(stockAlerts.warehouseId, central), isNull(stockAlerts.clearedAt))))[0];
    expect(await ok(call('/monitoring/stockAlert/acknowledge', { ids: [centralAlert.id] }, dealer1))).toEqual({ acknowledged: 0 });
    const options = await ok(call<Record<string, { value: number }[]>>('/monitoring/stockThreshold/options', {}, dealer1));
    expect(options.warehouseId.map((o) => o.value)).not.toContain(central);
    expect(options.dealerId.map((o) => o.value)).toEqual([own.dealerId]);
  });
});
