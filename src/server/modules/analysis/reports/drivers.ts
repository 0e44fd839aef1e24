import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { DRIVER_REPORTS } from '../../../../shared/analytics/reports/drivers';
import { LATE_GRACE_MINUTES, STATUS_LABELS } from '../../../../shared/logistics/dispatch';
import { scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { contains, localDay, localTime, periodLabel, withinDays } from './reportSql';
import { sqlReport } from './sqlReport';
import { must } from '../../../../shared/must';

const defOf = (page: string): ReportDef => must(DRIVER_REPORTS.find((d) => d.page === page), `report ${page}`);

/**
 * Delivered and closed trips (car_requests) in the caller's scope, with each trip's stops and
 * stops on time; `t` in the queries below. A trip counts on the day it was delivered.
 */
function trips(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL {
  const { keyword: typed } = f;
  const keyword = typed
    ? sql`and (${sql.join([sql`r.driver_name`, sql`r.driver_phone`, sql`r.request_no`].map((c) => contains(c, typed)), sql` or `)})` : sql``;
  return sql`(
    select r.*, ${localDay(sql`r.delivered_at`)} as day, coalesce(r.driver_phone, '') as phone,
      -- Stops reported reached (a trip delivered by hand may leave some unreported: they count neither way, as on the trip view).
      (select count(*) from car_request_stops s where s.request_id = r.id and s.arrived_at is not null)::int as stop_count,
      (select count(*) from car_request_stops s where s.request_id = r.id
        and s.arrived_at <= s.planned_at + ${sql.raw(`interval '${LATE_GRACE_MINUTES} minutes'`)})::int as on_time
    from car_requests r
    where r.status in ('delivered', 'closed') and ${withinDays(sql`r.delivered_at`, f, ctx.now)}
      and ${scopeSql(ctx.scope, sql`r.dealer_id`, sql`r.warehouse_id`)} ${f.dealerId ? sql`and r.dealer_id = ${f.dealerId}` : sql``} ${keyword}
  ) t`;
}

/** The figures of a group of trips (driver reports' shared columns). */
const FIGURES = sql`count(*)::int as trips, sum(t.tyres)::int as tyres, coalesce(sum(t.distance_km), 0)::int as "distanceKm",
  sum(t.stop_count)::int as stops, case when sum(t.stop_count) > 0 then round(sum(t.on_time)::numeric / sum(t.stop_count), 4)::float8 end as "onTimeRate",
  round(coalesce(sum(t.fee), 0)::numeric, 2)::float8 as fee`;
const CHART = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
  select ${periodLabel(sql`t.day`, f.dimension)} as period, count(*)::int as trips, sum(t.stop_count - t.on_time)::int as "lateStops"
  from ${trips(ctx, f)} group by 1 order by 1`;

/** Per driver and day (or month): group keys are the keyset too, so an export pages through groups. */
function perDriver(page: string, period: SQL, name: string): ReportQuery {
  return sqlReport({
    def: defOf(page),
    keys: [{ name, expr: period }, { name: 'driverName', expr: sql`t.driver_name` }, { name: 'driverPhone', expr: sql`t.phone` }],
    rows: (ctx, f, after) => sql`
      select ${period} as ${sql.identifier(name)}, t.driver_name as "driverName", t.phone as "driverPhone", ${FIGURES}
      from ${trips(ctx, f)} where ${after} group by 1, 2, 3`,
    chart: CHART,
  });
}

function driverRecord(): ReportQuery {
  const names = (ctx: AnalyticsCtx) => sql`(case t.status ${sql.join(Object.entries(STATUS_LABELS).map(([k, v]) => sql`when ${k} then ${v.label[ctx.lang]}`), sql` `)} else t.status end)`;
  return sqlReport({
    def: defOf('DriverRecord'),
    keys: [{ name: 'id', expr: sql`t.id` }],
    sortExprs: { deliveredAt: sql`t.delivered_at`, id: sql`t.id` },
    notNullSorts: ['id'],
    rows: (ctx, f, after) => sql`
      select t.id, ${localTime(sql`t.delivered_at`)} as "deliveredAt", t.request_no as "requestNo", t.driver_name as "driverName", t.phone as "driverPhone",
        (select v.plate_no from vehicles v where v.id = t.vehicle_id) as "plateNo",
        (select rt.code || ' ' || rt.name from logistics_routes rt where rt.id = t.route_id) as "routeName",
        (select d.name from dealers d where d.id = t.dealer_id) as "dealerName",
        ${localTime(sql`t.departed_at`)} as "departedAt", t.tyres, t.distance_km as "distanceKm", t.stop_count as stops, t.on_time as "onTimeStops",
        t.fee::float8 as fee, ${names(ctx)} as status, t.status as "statusCode"
      from ${trips(ctx, f)} where ${after}`,
  });
}

/** Ordermanage › Logistics: the driver reports' queries. */
export const DRIVER_QUERIES: ReportQuery[] = [
  perDriver('DriverReportDay', sql`to_char(t.day, 'YYYY-MM-DD')`, 'day'),
  perDriver('DriverReportMonth', sql`to_char(t.day, 'YYYY-MM')`, 'month'),
  driverRecord(),
];
