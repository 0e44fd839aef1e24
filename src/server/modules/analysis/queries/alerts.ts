import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import { scopeSql, type DashboardQuery } from '../registry';
import { materialWhere } from './where';

/**
 * Stock alerts: the open alerts of Monitoring › Stock alerts (stock outside a threshold,
 * raised with the posting that crossed it), the 20 furthest outside first; gap = how far
 * below the minimum or above the maximum. Scoped by the alert's dealer and warehouse.
 */
export const alerts: DashboardQuery = {
  id: 'stock.alerts', summary: 'Open stock alerts (below a minimum or above a maximum), the 20 furthest outside first',
  run(ctx, f) {
    const material = materialWhere(f, sql`a.material_id`);
    return queryRows(ctx.db, sql`
    select a.id as "alertId", a.dealer_id as "dealerId", d.name as dealer, a.warehouse_id as "warehouseId", w.name as warehouse, a.material_id as "materialId", m.name as material,
      a.kind, s.qty as "onHand", a.threshold, abs(s.qty - a.threshold)::int as gap
    from stock_alerts a
      join warehouses w on w.id = a.warehouse_id
      join materials m on m.id = a.material_id
      left join dealers d on d.id = a.dealer_id
      cross join lateral (select coalesce(sum(o.qty), 0)::int as qty from stock_warehouse_material_on_hand o where o.warehouse_id = a.warehouse_id and o.material_id = a.material_id) s
    where a.cleared_at is null and ${scopeSql(ctx.scope, sql`a.dealer_id`, sql`a.warehouse_id`)}
      ${f.dealerId ? sql`and a.dealer_id = ${f.dealerId}` : sql``} ${f.warehouseId ? sql`and a.warehouse_id = ${f.warehouseId}` : sql``}
      ${material ? sql`and ${material}` : sql``}
    order by gap desc, a.id
    limit 20`);
  },
};
