import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { barcodes, users, warehouses } from '../../src/server/db/schema';
import { REPORT_QUERIES } from '../../src/server/modules/analysis/reports';
import type { AnalyticsCtx, Row } from '../../src/server/modules/analysis/registry';
import { dayOf } from '../../src/server/modules/stock/ledger';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import type { SessionUser } from '../../src/server/platform/sessionStore';
import type { AnalyticsFilters } from '../../src/shared/analytics/filters';
import { startTestServer, type TestServer } from './server';

/**
 * A dealer's transfers are found through the dealer index (its own out sides and the out sides
 * paired with its own in sides) rather than by reading the channel's; the rows must be those the
 * scope itself admits: here the same scope spelled by the dealer's warehouses alone, which reads
 * every transfer of the window and applies the scope after.
 */
let server: TestServer;
/** A tyre transferred into dealer1 from a warehouse of another dealer: dealer1's at its in side only. */
let incoming = '';
beforeAll(async () => {
  server = await startTestServer();
  const db = server.services.db;
  const admin = await server.login('admin');
  const call = async (path: string, body: unknown) => {
    const res = await server.call<{ id: number }>(path, { token: admin, body });
    expect(res.status, `${path}: ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  const [dealer1] = await db.select({ dealerId: users.dealerId }).from(users).where(eq(users.userName, 'dealer1'));
  const [to] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.dealerId, dealer1.dealerId!)).limit(1);
  const [tyre] = await db.select({ code: barcodes.code, warehouseId: barcodes.warehouseId, materialId: barcodes.materialId }).from(barcodes)
    .innerJoin(warehouses, eq(warehouses.id, barcodes.warehouseId))
    .where(and(eq(barcodes.status, 'in'), sql`${warehouses.dealerId} is distinct from ${dealer1.dealerId}`)).limit(1);
  const order = await call('/orderManage/TRorder/save', { orderType: 'TR', warehouseId: tyre.warehouseId, targetWarehouseId: to.id, lines: [{ materialId: tyre.materialId, plannedQty: 1 }] });
  await call('/orderManage/TRorder/scan', { orderId: order.id, barcode: tyre.code });
  await call('/orderManage/TRorder/complete', { id: order.id });
  incoming = tyre.code;
});
afterAll(async () => { await server?.stop(); });

const report = REPORT_QUERIES.find((q) => q.def.page === 'transferDetails')!;
async function rowsOf(ctx: AnalyticsCtx, f: AnalyticsFilters): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of report.batches(ctx, f)) rows.push(...batch);
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

describe('transfer details of a dealer', () => {
  for (const userName of ['dealer1']) {
    it(`${userName}: the rows, total and chart its scope admits, at either end of a transfer`, async () => {
      const db = server.services.db;
      const [user] = await db.select({ id: users.id, dealerId: users.dealerId }).from(users).where(eq(users.userName, userName));
      const scope = await dataScopeOf(db, user);
      expect(scope.dealerIds?.length).toBeGreaterThan(0);
      const ctx: AnalyticsCtx = { db, user: user as SessionUser, scope, lang: 'en-US', now: new Date() };
      const byWarehouses: AnalyticsCtx = { ...ctx, scope: { ...scope, dealerIds: null } };
      const f: AnalyticsFilters = { dateFrom: dayOf(new Date(Date.now() - 180 * 86_400_000)), dateTo: dayOf(new Date()), dimension: 'month' };
      const own = await rowsOf(ctx, f);
      const all = await rowsOf(byWarehouses, f);
      expect(all.length, 'the demo has transfers of this dealer').toBeGreaterThan(0);
      expect(own).toEqual(all);
      expect(own.map((r) => r.barcode), 'the transfer into the dealer from another').toContain(incoming);
      const paging = { limit: 10, offset: 0, orderBy: [] };
      expect((await report.page(ctx, f, paging)).total).toBe(all.length);
      expect(await report.chart!(ctx, f)).toEqual(await report.chart!(byWarehouses, f));
    });
  }
});
