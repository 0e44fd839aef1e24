import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import type { OrderOptions } from '../../src/shared/api/orders';
import { dealers, resources, roleResources, roles, storageLocations } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { startTestServer, type TestServer } from './server';

/** Monitoring › Upload monitor: every PDA batch, taken or refused, with its order's ERP state. */
let server: TestServer;
let admin: string;
let dealer1: string;

beforeAll(async () => {
  server = await startTestServer({ ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0' });
  admin = await server.login('admin');
  const db = server.services.db;
  const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  const grants = (await db.select({ id: resources.id, perm: resources.perm }).from(resources))
    .filter((r) => ['monitoringManage', 'monitoringManage:monitoring', 'monitoringManage:uploadMonitor'].includes(r.perm));
  await db.insert(roleResources).values(grants.map((r) => ({ roleId: dealerRole.id, resourceId: r.id }))).onConflictDoNothing();
  dealer1 = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(path, { token, body, lang: 'en-US' });
const report = async (body: Record<string, unknown>, token = admin, part = 'selectByPage') => {
  const res = await call<ReportPageAnswer>(`/analysis/report/uploadMonitor/${part}`, { pageSize: 100, ...body }, token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};

describe('upload monitor', () => {
  it('lists a refused and a taken batch with their counts and error, charts them, and keeps a dealer to its own', async () => {
    const options = (await call<OrderOptions>('/orderManage/PRorder/options', {})).body.data;
    const [sh] = await server.services.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.code, 'SH0001'));
    const warehouse = options.warehouses.find((w) => w.dealerId === sh.id)!;
    const material = options.materials[3];
    const [location] = await server.services.db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, warehouse.id)).limit(1);
    const shipped = ['UPMON0000001', 'UPMON0000002'].map((barcode) => ({ barcode, materialId: material.id, dotCode: '2325' }));
    const { id } = (await call<{ id: number }>('/orderManage/PRorder/save', {
      orderType: 'PR', warehouseId: warehouse.id, lines: [{ materialId: material.id, plannedQty: 2 }], shipped,
    })).body.data;
    const refused = await call('/orderManage/PRorder/upload', { orderId: id, uploadId: 'upmon-refused-1', scans: [{ barcode: 'NOSUCH0009', locationId: location.id }] });
    expect(refused.status, refused.body.msg).toBe(409);
    expect((await call('/orderManage/PRorder/upload', { orderId: id, uploadId: 'upmon-taken-1', scans: shipped.map((s) => ({ barcode: s.barcode, locationId: location.id })) })).status).toBe(200);

    const page = await report({ keyword: 'upmon-' });
    const byId = Object.fromEntries(page.rows.map((r) => [r.uploadId, r]));
    expect(byId['upmon-refused-1']).toMatchObject({ result: 'no', accepted: 0, refused: 1, erpUploaded: 'no' });
    expect(String(byId['upmon-refused-1'].message)).not.toBe('');
    expect(byId['upmon-taken-1']).toMatchObject({ result: 'yes', accepted: 2, refused: 0, dealerName: expect.any(String) });
    const chart = (await call<{ rows: { taken: number; refused: number }[] }>('/analysis/report/uploadMonitor/chart', { keyword: 'upmon-' })).body.data.rows;
    expect(chart.reduce((n, r) => n + r.taken, 0)).toBe(1);
    expect(chart.reduce((n, r) => n + r.refused, 0)).toBe(1);

    // dealer1's own warehouse: it sees these batches, and no other dealer's.
    const mine = await report({}, dealer1);
    expect(mine.rows.some((r) => r.uploadId === 'upmon-taken-1')).toBe(true);
    expect(new Set(mine.rows.map((r) => r.dealerName)).size).toBe(1);
    expect((await report({})).total).toBeGreaterThanOrEqual(mine.total);
  });

  it("a dealer's batches are every upload of its orders in its warehouses over the half year, no more and no fewer", async () => {
    const db = server.services.db;
    const [sh] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.code, 'SH0001'));
    const day = (offset: number) => { const d = new Date(); d.setDate(d.getDate() + offset); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; };
    const window = { dateFrom: day(-200), dateTo: day(0) };
    const start = (text: string) => { const [y, m, d] = text.split('-').map(Number); return new Date(y, m - 1, d).toISOString(); };
    const [{ n }] = await queryRows<{ n: number }>(db, sql`
      select count(*)::int as n from upload_logs p join orders o on o.id = p.order_id join warehouses w on w.id = o.warehouse_id
      where o.dealer_id = ${sh.id} and w.dealer_id = ${sh.id}
        and p.created_at >= ${start(window.dateFrom)}::timestamptz and p.created_at < ${start(day(1))}::timestamptz`);
    expect(Number(n), 'the demo history has uploads of dealer1').toBeGreaterThan(0);
    // The PDA channel's rows (the keyword matches the channel's name): found through the dealer's orders.
    expect((await report({ ...window, keyword: 'PDA' }, dealer1)).total).toBe(Number(n));
  });
});
