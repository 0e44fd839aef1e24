import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import { scopeSql, type DashboardQuery } from '../registry';
import { materialWhere } from './where';

/**
 * Stock alerts: a dealer's material whose tyres on hand (its warehouses, stock_on_hand) are
 * below the safety stock of dealer_materials; shortage = safety stock − on hand; the 20 largest.
 * Safety stock is a dealer figure, so the warehouse filter does not apply. The data scope does
 * (DESIGN.md "Permissions"): staff narrowed to some warehouses see the dealers owning one of
 * them, with the tyres in those warehouses only; what lies elsewhere is outside their scope.
 */
export const alerts: DashboardQuery = {
  id: 'stock.alerts', summary: 'Dealer materials below their safety stock, the 20 largest shortages',
  run(ctx, f) {
    const material = materialWhere(f, sql`dm.material_id`);
    return queryRows(ctx.db, sql`
    select a."dealerId", d.name as dealer, a."materialId", m.name as material, a."onHand", a."safetyStock", a.shortage
    from (
      select dm.dealer_id as "dealerId", dm.material_id as "materialId", coalesce(s.qty, 0)::int as "onHand",
             dm.safety_stock as "safetyStock", (dm.safety_stock - coalesce(s.qty, 0))::int as shortage
      from dealer_materials dm
        left join lateral (select sum(s.qty) as qty from stock_on_hand s
          where s.dealer_id = dm.dealer_id and s.material_id = dm.material_id and ${scopeSql(ctx.scope, undefined, sql`s.warehouse_id`)}) s on true
      where dm.status = 'normal' and dm.safety_stock > coalesce(s.qty, 0) and ${scopeSql(ctx.scope, sql`dm.dealer_id`)}
        ${ctx.scope.warehouseIds === null ? sql`` : sql`and exists (select 1 from warehouses w where w.dealer_id = dm.dealer_id and ${scopeSql(ctx.scope, undefined, sql`w.id`)})`}
        ${f.dealerId ? sql`and dm.dealer_id = ${f.dealerId}` : sql``} ${material ? sql`and ${material}` : sql``}
      order by shortage desc, dm.dealer_id, dm.material_id
      limit 20
    ) a join dealers d on d.id = a."dealerId" join materials m on m.id = a."materialId"
    order by a.shortage desc, a."dealerId", a."materialId"`);
  },
};
