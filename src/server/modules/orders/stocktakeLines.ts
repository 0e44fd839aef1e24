import { sql } from 'drizzle-orm';
import { stocktakeLinePage, stocktakeLinesBody, type StocktakeLineRow } from '../../../shared/api/orders';
import { STOCKTAKE_LINES_PERM } from '../../../shared/orders/orderTypes';
import { queryRows } from '../../db/client';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { loadOrder } from './orderContext';
import { stocktakeBook } from './stocktakeBook';

/**
 * Stocktake lines (the hidden InventoryChildList page): per location and material, what was
 * counted against the book (`stocktakeBook`: now while counting, as it was at completion once
 * completed); differences first.
 */
export function stocktakeLineRoutes(services: Services): RouteDef[] {
  const { db } = services;
  return [defineRoute({
    method: 'POST', url: '/orderManage/InventoryChildList/selectByPage', tag: 'orders', permission: STOCKTAKE_LINES_PERM, body: stocktakeLinesBody, answer: stocktakeLinePage,
    summary: 'Stocktake lines: counted against book per location and material, differences first',
    handler: async ({ body, user, lang, req, scope: dataScope }) => {
      const scope = await dataScope();
      const order = await loadOrder(db, { db, user, lang, scope, page: 'InventoryList', ip: req.ip }, body.stocktakeId);
      const rows = await queryRows(db, sql`
        select x.loc as l, x.material_id as m, x.counted, x.book, sl.code as location_code, mt.code as material_code, mt.name as material_name,
          count(*) over ()::int as total
        from orders o cross join lateral (${stocktakeBook(true)}) x
        join materials mt on mt.id = x.material_id left join storage_locations sl on sl.id = nullif(x.loc, 0)
        where o.id = ${order.id}
        order by (x.counted = x.book), sl.code nulls first, mt.code
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
