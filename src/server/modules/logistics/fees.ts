import { sql } from 'drizzle-orm';
import { reconcileAnswer, reconcileBody, type Reconciliation } from '../../../shared/api/dispatch';
import { pageAt } from '../../../shared/pages';
import { queryRows } from '../../db/client';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { scopeSql } from '../analysis/registry';
import { localDay } from '../analysis/reports/reportSql';

/** Trips listed at most; the dealer totals count every trip. */
const TRIP_LIMIT = 500;

/**
 * Delivery fees reconciled: each delivered or closed trip's fee as worked out here (route
 * distance, tyres, labour factors, warehouse coefficient) against the fees uploaded for its
 * orders on the delivery fee upload page (reportQuery › psfByDelivery), per trip and per dealer.
 */
export function feeRoutes(services: Services): RouteDef[] {
  const dispatch = pageAt('/ordermanage/logistics/carmanagement').perm;
  return [defineRoute({
    method: 'POST', url: '/logistics/fees/reconcile', tag: 'carrequest', permission: dispatch, body: reconcileBody, answer: reconcileAnswer,
    summary: 'Delivery fees per trip and per dealer: computed against uploaded (psfByDelivery), with the differences and the orders without an uploaded fee',
    handler: async ({ body, scope }): Promise<Reconciliation> => {
      const s = await scope();
      const day = localDay(sql`r.delivered_at`);
      const trips = sql`
        select r.id, r.request_no as "requestNo", r.dealer_id as "dealerId", d.name as "dealerName", ${day}::text as "deliveredOn",
          r.driver_name as "driverName", r.fee::float8 as fee, r.delivered_at,
          array(select o.order_no from unnest(r.order_ids) with ordinality u(id, n) join orders o on o.id = u.id order by u.n) as "orderNos",
          coalesce((select sum(f.fee) from delivery_fees f join orders o on o.order_no = f.order_no where o.id = any(r.order_ids)), 0)::float8 as uploaded,
          array(select o.order_no from orders o where o.id = any(r.order_ids)
            and not exists (select 1 from delivery_fees f where f.order_no = o.order_no) order by o.order_no) as missing
        from car_requests r left join dealers d on d.id = r.dealer_id
        where r.status in ('delivered', 'closed') and ${scopeSql(s, sql`r.dealer_id`, sql`r.warehouse_id`)}
          ${body.dealerId ? sql`and r.dealer_id = ${body.dealerId}` : sql``}
          ${body.dateFrom ? sql`and ${day} >= ${body.dateFrom}::date` : sql``}
          ${body.dateTo ? sql`and ${day} <= ${body.dateTo}::date` : sql``}`;
      const differs = body.differencesOnly ? sql`where round((uploaded - coalesce(fee, 0))::numeric, 2) <> 0` : sql``;
      const rows = await queryRows<Reconciliation['trips'][number] & { dealerId: number | null }>(services.db, sql`
        select id, "requestNo", "dealerName", "deliveredOn", "driverName", fee, uploaded, round((uploaded - coalesce(fee, 0))::numeric, 2)::float8 as difference,
          "orderNos", missing
        from (${trips}) t ${differs} order by delivered_at desc, id desc limit ${TRIP_LIMIT}`);
      const dealers = await queryRows<Reconciliation['dealers'][number]>(services.db, sql`
        select "dealerId", "dealerName", count(*)::int as trips, round(sum(coalesce(fee, 0))::numeric, 2)::float8 as fee,
          round(sum(uploaded)::numeric, 2)::float8 as uploaded, round(sum(uploaded - coalesce(fee, 0))::numeric, 2)::float8 as difference
        from (${trips}) t group by "dealerId", "dealerName" order by "dealerName" nulls last`);
      return { trips: rows.map(({ dealerId: _, ...r }) => ({ ...r, id: Number(r.id) })), dealers: dealers.map((d) => ({ ...d, dealerId: d.dealerId === null ? null : Number(d.dealerId) })) };
    },
  })];
}
