import { sql } from 'drizzle-orm';
import { stocktakeLinesBody, type StocktakeLineRow } from '../../../shared/api/orders';
import { STOCKTAKE_LINES_PERM } from '../../../shared/orders/orderTypes';
import { queryRows } from '../../db/client';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { dataScopeOf } from '../system/dataScope';
import { loadOrder } from './orderContext';

/**
 * Stocktake lines (the hidden InventoryChildList page): per location and material, what was
 * counted on the stocktake against what the books hold there now; differences first.
 */
export function stocktakeLineRoutes(services: Services): RouteDef[] {
  const { db } = services;
  return [defineRoute({
    method: 'POST', url: '/orderManage/InventoryChildList/selectByPage', tag: 'orders', permission: STOCKTAKE_LINES_PERM, body: stocktakeLinesBody,
    summary: 'Stocktake lines: counted against book per location and material, differences first',
    handler: async ({ body, user, lang, req }) => {
      const scope = await dataScopeOf(db, user);
      const order = await loadOrder(db, { db, user, lang, scope, page: 'InventoryList', ip: req.ip }, body.stocktakeId);
      const rows = await queryRows(db, sql`
        with c as (
          select coalesce(location_id, 0) l, material_id m, count(*)::int q from order_scans where order_id = ${order.id} group by 1, 2),
        b as (
          select coalesce(location_id, 0) l, material_id m, count(*)::int q from barcodes
          where warehouse_id = ${order.warehouseId} and status = 'in' group by 1, 2),
        j as (select l, m, coalesce(c.q, 0) counted, coalesce(b.q, 0) book from c full join b using (l, m))
        select j.l, j.m, j.counted, j.book, sl.code as location_code, mt.code as material_code, mt.name as material_name,
          count(*) over ()::int as total
        from j join materials mt on mt.id = j.m left join storage_locations sl on sl.id = nullif(j.l, 0)
        order by (j.counted = j.book), sl.code nulls first, mt.code
        limit ${body.pageSize} offset ${(body.pageNum - 1) * body.pageSize}`);
      const list: StocktakeLineRow[] = rows.map((r, i) => ({
        id: (body.pageNum - 1) * body.pageSize + i + 1,
        locationId: Number(r.l) || null, locationCode: (r.location_code as string) ?? null,
        materialId: Number(r.m), materialCode: String(r.material_code), materialName: String(r.material_name),
        counted: Number(r.counted), book: Number(r.book), difference: Number(r.counted) - Number(r.book),
      }));
      const total = rows.length ? Number((rows[0] as { total: number }).total) : 0;
      return { list, total, pageNum: body.pageNum, pageSize: body.pageSize };
    },
  })];
}
