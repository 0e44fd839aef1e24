import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { pageBody } from '../../../shared/api/paging';
import { permsOf, canonicalPageAt } from '../../../shared/pages';
import { stockAlertRow, type StockAlertRow } from '../../../shared/api/stockAlerts';
import { materials, stockAlerts, stockThresholds, warehouses } from '../../db/schema';
import type { CrudContext } from '../../http/crud';
import { badRequest, conflict } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import { offsetOf, pageAnswer } from '../../http/paging';
import { defineRoute, type RouteDef } from '../../http/route';
import { sweepStockAlerts } from '../../jobs/alertSweep';
import { recordAudit } from '../../platform/audit';
import { inScope, type DataScope } from '../../platform/dataScope';
import type { Services } from '../../services';
import { coercedRowId } from '../../../shared/api/rowId';
import { numberOrNull } from '../../../shared/must';

const ROUTE = '/monitoringManage/monitoring/stroealert';

/** Rows of a data scope: a dealer's or warehouse's rows; channel-wide rows (brand defaults) only for unrestricted callers. */
const scopeWhere = (scope: DataScope, dealerColumn: typeof stockThresholds.dealerId, warehouseColumn: typeof stockThresholds.warehouseId): SQL | undefined =>
  scope.dealerIds === null && scope.warehouseIds === null
    ? undefined
    : or(
      scope.warehouseIds === null ? undefined : and(isNotNull(warehouseColumn), inScope(warehouseColumn, scope.warehouseIds)),
      scope.dealerIds === null ? undefined : and(isNull(warehouseColumn), isNotNull(dealerColumn), inScope(dealerColumn, scope.dealerIds)),
    ) ?? sql`false`;

const alertFilters = z.object({
  /** open (default): not yet cleared; cleared; all. */
  state: z.enum(['open', 'cleared', 'all']).default('open'),
  kind: z.enum(['low', 'high']).optional(),
  dealerId: coercedRowId.optional(),
  warehouseId: coercedRowId.optional(),
  /** Part of the material code or name, or of the warehouse name. */
  keyword: z.string().trim().max(64).optional(),
  unacknowledged: z.boolean().optional(),
});
const idsBody = z.object({ ids: z.array(coercedRowId).min(1).max(500) });

/**
 * Monitoring › Stock alerts: the thresholds (a manifest list: src/shared/pages/stockAlerts.ts)
 * and the alerts they raise (raised with postings in stock/alerts.ts and by the sweep),
 * listed, acknowledged and swept on demand.
 */
export function stockAlertRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const page = canonicalPageAt(ROUTE);
  const codes = permsOf(page);
  const perm = (action?: string) => (action ? codes.map((c) => `${c}:${action}`) : codes);

  const thresholds = pageCrudRoutes(services, ROUTE, stockThresholds, {
    tag: 'stockThreshold', entity: 'stock_threshold',
    rowScope: (ctx) => scopeWhere(ctx.scope, stockThresholds.dealerId, stockThresholds.warehouseId),
    check: async (v, ctx: CrudContext, editingId) => {
      const [warehouseId, materialId, brandId, minQty, maxQty] = [v.warehouseId, v.materialId, v.brandId, v.minQty, v.maxQty].map(numberOrNull);
      let dealerId = numberOrNull(v.dealerId);
      if (minQty == null && maxQty == null) throw badRequest('thresholdEmpty', 'minQty');
      if (minQty != null && maxQty != null && minQty > maxQty) throw badRequest('thresholdRange', 'maxQty');
      if (materialId != null ? (warehouseId == null && dealerId == null) || brandId != null : brandId == null || warehouseId != null || dealerId != null) {
        throw badRequest('thresholdTarget', materialId != null ? 'warehouseId' : 'brandId');
      }
      // A restricted caller keeps thresholds on its own dealers and warehouses; brand defaults are the channel's.
      if (brandId != null && (ctx.scope.dealerIds !== null || ctx.scope.warehouseIds !== null)) throw badRequest('notInScope', 'brandId');
      if (warehouseId != null) {
        const [w] = await db.select({ dealerId: warehouses.dealerId }).from(warehouses).where(eq(warehouses.id, warehouseId));
        dealerId = w.dealerId;
      }
      const same = and(
        warehouseId != null ? eq(stockThresholds.warehouseId, warehouseId) : isNull(stockThresholds.warehouseId),
        warehouseId == null && dealerId != null ? eq(stockThresholds.dealerId, dealerId) : undefined,
        warehouseId == null && dealerId == null ? isNull(stockThresholds.dealerId) : undefined,
        materialId != null ? eq(stockThresholds.materialId, materialId) : isNull(stockThresholds.materialId),
        brandId != null ? eq(stockThresholds.brandId, brandId) : undefined,
        editingId ? ne(stockThresholds.id, editingId) : undefined,
      );
      const [taken] = await db.select({ n: count() }).from(stockThresholds).where(same);
      if (taken.n > 0) throw conflict('thresholdExists', warehouseId != null ? 'warehouseId' : dealerId != null ? 'dealerId' : 'brandId');
      return { dealerId };
    },
    // A changed threshold is judged at once, not at the next sweep.
    afterWrite: () => { void sweepStockAlerts(services).catch((err: unknown) => console.error('stock alert sweep after a threshold change failed', err)); },
  });

  const alertRows = (where: SQL | undefined, limit: number, offset: number): Promise<StockAlertRow[]> =>
    db.select({
      id: stockAlerts.id, dealerId: stockAlerts.dealerId, dealerName: sql<string | null>`(select d.name from dealers d where d.id = ${stockAlerts.dealerId})`,
      warehouseId: stockAlerts.warehouseId, warehouseName: warehouses.name, materialId: stockAlerts.materialId, materialCode: materials.code,
      materialName: materials.name, kind: sql<'low' | 'high'>`${stockAlerts.kind}`, threshold: stockAlerts.threshold, qty: stockAlerts.qty,
      currentQty: sql<number>`coalesce((select s.qty from stock_warehouse_material_on_hand s where s.warehouse_id = ${stockAlerts.warehouseId} and s.material_id = ${stockAlerts.materialId}), 0)::int`,
      raisedAt: sql<string>`to_char(${stockAlerts.raisedAt}, 'YYYY-MM-DD HH24:MI:SS')`,
      clearedAt: sql<string | null>`to_char(${stockAlerts.clearedAt}, 'YYYY-MM-DD HH24:MI:SS')`,
      acknowledgedAt: sql<string | null>`to_char(${stockAlerts.acknowledgedAt}, 'YYYY-MM-DD HH24:MI:SS')`,
      acknowledgedBy: stockAlerts.acknowledgedBy,
    }).from(stockAlerts).innerJoin(warehouses, eq(warehouses.id, stockAlerts.warehouseId)).innerJoin(materials, eq(materials.id, stockAlerts.materialId))
      .where(where).orderBy(desc(stockAlerts.raisedAt), desc(stockAlerts.id)).limit(limit).offset(offset);
  const alertScope = (scope: DataScope) => and(inScope(stockAlerts.warehouseId, scope.warehouseIds), inScope(stockAlerts.dealerId, scope.dealerIds));

  return [
    ...thresholds,
    defineRoute({
      method: 'POST', url: '/monitoring/stockAlert/selectByPage', tag: 'stockAlert', permission: perm(), body: pageBody.extend(alertFilters.shape),
      answer: z.object({ list: z.array(stockAlertRow), total: z.number(), pageNum: z.number(), pageSize: z.number() }),
      summary: 'Stock alerts: open (or cleared, or all) alerts in the caller\'s data scope, newest first',
      handler: async ({ body, scope: scopeOf }) => {
        const scope = await scopeOf();
        const text = body.keyword ? `%${body.keyword.replace(/[%_\\]/g, '\\$&')}%` : null;
        const where = and(
          alertScope(scope),
          body.state === 'open' ? isNull(stockAlerts.clearedAt) : body.state === 'cleared' ? isNotNull(stockAlerts.clearedAt) : undefined,
          body.kind ? eq(stockAlerts.kind, body.kind) : undefined,
          body.dealerId ? eq(stockAlerts.dealerId, body.dealerId) : undefined,
          body.warehouseId ? eq(stockAlerts.warehouseId, body.warehouseId) : undefined,
          body.unacknowledged ? isNull(stockAlerts.acknowledgedAt) : undefined,
          text ? or(sql`${materials.code} ilike ${text}`, sql`${materials.name} ilike ${text}`, sql`${warehouses.name} ilike ${text}`) : undefined,
        );
        const [list, [total]] = await Promise.all([
          alertRows(where, body.pageSize, offsetOf(body)),
          db.select({ n: count() }).from(stockAlerts).innerJoin(warehouses, eq(warehouses.id, stockAlerts.warehouseId))
            .innerJoin(materials, eq(materials.id, stockAlerts.materialId)).where(where),
        ]);
        return pageAnswer(list, total.n, body);
      },
    }),
    defineRoute({
      method: 'POST', url: '/monitoring/stockAlert/acknowledge', tag: 'stockAlert', permission: perm('ack'), body: idsBody,
      answer: z.object({ acknowledged: z.number() }),
      summary: 'Stock alerts: mark alerts in the caller\'s scope as seen by the caller (an alert stays open until stock returns)',
      handler: async ({ body, user, req, scope: scopeOf }) => {
        const scope = await scopeOf();
        return db.transaction(async (tx) => {
          const done = await tx.update(stockAlerts).set({ acknowledgedAt: new Date(), acknowledgedBy: user.userName })
            .where(and(inArray(stockAlerts.id, body.ids), isNull(stockAlerts.acknowledgedAt), alertScope(scope)))
            .returning({ id: stockAlerts.id });
          if (done.length) {
            await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, done.map((d) => ({ action: 'acknowledge', entity: 'stock_alert', entityId: d.id })));
          }
          return { acknowledged: done.length };
        });
      },
    }),
    defineRoute({
      method: 'POST', url: '/monitoring/stockAlert/sweep', tag: 'stockAlert', permission: perm('ack'),
      answer: z.object({ raised: z.number() }),
      summary: 'Stock alerts: judge every warehouse and material against its thresholds now (the scheduled sweep, on demand)',
      handler: async () => ({ raised: (await sweepStockAlerts(services)).length }),
    }),
  ];
}
