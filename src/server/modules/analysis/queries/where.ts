import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { scopeSql, type AnalyticsCtx } from '../registry';

/**
 * Brand, specification and pattern filters over a material id column. Specification and pattern
 * match exactly, as in every report (reportSql.ts, analysisSql.ts): both filter bars offer them as
 * the catalogue's values, so a drill-down from a dashboard shows the report the same tyres.
 */
export function materialWhere(f: AnalyticsFilters, materialColumn: SQL): SQL | null {
  const parts: SQL[] = [];
  if (f.brandId) parts.push(sql`brand_id = ${f.brandId}`);
  if (f.specification) parts.push(sql`specification = ${f.specification}`);
  if (f.pattern) parts.push(sql`pattern = ${f.pattern}`);
  return parts.length ? sql`${materialColumn} in (select id from materials where ${sql.join(parts, sql` and `)})` : null;
}

/**
 * Data scope and common filters over a stock table aliased `alias` (stock_on_hand, stock_daily,
 * stock_moves, barcodes: each has dealer_id, warehouse_id and material_id).
 */
export function stockWhere(ctx: AnalyticsCtx, f: AnalyticsFilters, alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts = [scopeSql(ctx.scope, column('dealer_id'), column('warehouse_id'))];
  if (f.dealerId) parts.push(sql`${column('dealer_id')} = ${f.dealerId}`);
  if (f.warehouseId) parts.push(sql`${column('warehouse_id')} = ${f.warehouseId}`);
  const material = materialWhere(f, column('material_id'));
  if (material) parts.push(material);
  return sql.join(parts, sql` and `);
}
