import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import { scopeSql, type DashboardQuery } from '../registry';
import { stockWhere } from './where';

/** Tyres on hand now by brand (stock_on_hand × materials), largest first. */
export const byBrand: DashboardQuery = {
  id: 'stock.byBrand', summary: 'Tyres on hand by brand',
  run: (ctx, f) => queryRows(ctx.db, sql`
    select b.id as "brandId", b.name as brand, sum(s.qty)::int as qty
    from stock_on_hand s join materials m on m.id = s.material_id join brands b on b.id = m.brand_id
    where ${stockWhere(ctx, f, 's')}
    group by b.id, b.name order by qty desc, b.id`),
};

/** Dealers' tyres on hand by their dealer's region and brand (the maker's own warehouses have no region); the ids let a cell drill to its report. */
export const regionBrand: DashboardQuery = {
  id: 'stock.regionBrand', summary: "Dealers' tyres on hand by region and brand",
  run: (ctx, f) => queryRows(ctx.db, sql`
    select r.id as "regionId", ${ctx.lang === 'en-US' ? sql`r.name_en` : sql`r.name`} as region, b.id as "brandId", b.name as brand, sum(s.qty)::int as qty
    from stock_on_hand s join dealers d on d.id = s.dealer_id join regions r on r.id = d.region_id
      join materials m on m.id = s.material_id join brands b on b.id = m.brand_id
    where ${stockWhere(ctx, f, 's')}
    group by r.id, r.name, r.name_en, b.id, b.name order by r.id, b.id`),
};

/** The 15 warehouses holding the most tyres now. */
export const byWarehouse: DashboardQuery = {
  id: 'stock.byWarehouse', summary: 'The 15 warehouses holding the most tyres',
  run: (ctx, f) => queryRows(ctx.db, sql`
    select t."warehouseId", w.name as warehouse, t.qty
    from (select s.warehouse_id as "warehouseId", sum(s.qty)::int as qty from stock_on_hand s where ${stockWhere(ctx, f, 's')}
          group by s.warehouse_id order by qty desc, s.warehouse_id limit 15) t
      join warehouses w on w.id = t."warehouseId"
    order by t.qty desc, t."warehouseId"`),
};

/**
 * Storage-location fill: 100 × tyres on a location (stock_on_hand location ≠ 0) / the capacity of
 * every location of the warehouses in scope and filters; null when they have no capacity.
 */
export const locationFill: DashboardQuery = {
  id: 'stock.locationFill', summary: 'Percent of storage-location capacity in use',
  async run(ctx, f) {
    const warehouses = sql`select w.id from warehouses w where ${scopeSql(ctx.scope, sql`w.dealer_id`, sql`w.id`)}
      ${f.dealerId ? sql`and w.dealer_id = ${f.dealerId}` : sql``} ${f.warehouseId ? sql`and w.id = ${f.warehouseId}` : sql``}`;
    const [row] = await queryRows<{ located: number; capacity: number }>(ctx.db, sql`
      select (select coalesce(sum(s.qty), 0) from stock_on_hand s
              where s.location_id <> 0 and s.warehouse_id in (${warehouses}) and ${stockWhere(ctx, f, 's')})::int as located,
             (select coalesce(sum(l.capacity), 0) from storage_locations l where l.warehouse_id in (${warehouses}))::int as capacity`);
    const capacity = Number(row.capacity);
    return [{ value: capacity > 0 ? Math.round((1000 * Number(row.located)) / capacity) / 10 : null, max: 100 }];
  },
};
