import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { ANALYSIS_REPORTS } from '../../../../shared/analytics/reports/analysis';
import type { Language } from '../../../../shared/i18n/languages';
import { CHANNEL_INBOUND_TYPES } from '../../../../shared/analytics/domain';
import type { AnalyticsCtx } from '../registry';
import { addDays, analysisReport, dayRange, localDay, localTime, materialIn, periodLabel, placeWhere, startOfDay } from './analysisSql';
import { must } from '../../../../shared/must';

const defOf = (page: string) => must(ANALYSIS_REPORTS.find((d) => d.page === page), `report ${page}`);
const codes = (types: readonly string[]) => sql.join(types.map((t) => sql`${t}`), sql`, `);

/**
 * Ledger moves of some order types in the date range, within scope and filters. Reads the
 * ledger by time (stock_moves_time_idx), never the whole of it.
 */
export function moves(ctx: AnalyticsCtx, f: AnalyticsFilters, types: readonly string[], extra: SQL = sql`true`): SQL {
  const { from, to } = dayRange(ctx, f);
  return sql`select s.* from stock_moves s
    where s.moved_at >= ${startOfDay(from).toISOString()}::timestamptz and s.moved_at < ${startOfDay(addDays(to, 1)).toISOString()}::timestamptz
      and s.order_type in (${codes(types)}) and ${extra}
      and ${placeWhere(ctx, f, sql`s.dealer_id`, sql`s.warehouse_id`)} and ${materialIn(f, sql`s.material_id`)}`;
}

/**
 * Dealers ranked by the tyres their orders of `types` moved: the signed sum of the moves
 * (`sign` turns outbound −1 into a positive count; a reversing move takes its tyre back off).
 * The types are the report's name (purchase receipts PR/PB, sales WL/WC), narrower than
 * channel flow (domain.ts `channelFlow`); transfers never count.
 */
function ranking(page: 'rankPR' | 'rankWL', types: readonly string[], sign: 1 | -1) {
  const ranked = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    select r.*, rank() over (order by r.quantity desc)::int as rank from (
      select mv.dealer_id, (${sql.raw(String(sign))} * sum(mv.qty))::int as quantity, count(distinct mv.order_id)::int as orders,
        count(distinct mv.material_id)::int as materials
      from (${moves(ctx, f, types, sql`s.dealer_id is not null`)}) mv group by 1 having sum(mv.qty) <> 0) r`;
  return analysisReport({
    def: defOf(page),
    key: ['dealerId'],
    rows: (ctx, f) => sql`select r.rank, d.code as "dealerCode", d.name as "dealerName", ${ctx.lang === 'en-US' ? sql`g.name_en` : sql`g.name`} as "regionName",
        r.quantity, r.orders, r.materials, round(100.0 * r.quantity / sum(r.quantity) over (), 2)::float8 as share, r.dealer_id as "dealerId"
      from (${ranked(ctx, f)}) r join dealers d on d.id = r.dealer_id left join regions g on g.id = d.region_id`,
    chart: (ctx, f) => sql`select d.name as "dealerName", r.quantity from (${ranked(ctx, f)}) r join dealers d on d.id = r.dealer_id
      order by r.rank, d.code limit 10`,
  });
}

const WEEKDAYS: Record<Language, string[]> = {
  'zh-CN': ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
  'en-US': ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};
const weekdayName = (lang: Language, isodow: SQL) => sql`(string_to_array(${WEEKDAYS[lang].join(',')}, ','))[${isodow}]`;
/** Tyres received: channel inbound (domain.ts `channelFlow`: +1 moves of receipt and return orders) with their local time. */
const inbound = (ctx: AnalyticsCtx, f: AnalyticsFilters) =>
  sql`select ${localTime(sql`mv.moved_at`)} as t, ${localDay(sql`mv.moved_at`)} as day, mv.order_id, mv.qty
    from (${moves(ctx, f, CHANNEL_INBOUND_TYPES, sql`s.qty > 0`)}) mv`;

const inboundTimeAnalysis = analysisReport({
  def: defOf('inboundTimeAnalysis'),
  key: ['period'],
  rows: (ctx, f) => sql`select ${periodLabel(sql`i.day`, f.dimension)} as period, sum(i.qty)::int as quantity, count(distinct i.order_id)::int as orders,
      ${weekdayName(ctx.lang, sql`mode() within group (order by extract(isodow from i.t)::int)`)} as "busiestWeekday",
      mode() within group (order by extract(hour from i.t)::int) as "busiestHour"
    from (${inbound(ctx, f)}) i group by 1`,
  chart: (ctx, f) => sql`with c as (
      select extract(isodow from i.t)::int as wd, extract(hour from i.t)::int as h, sum(i.qty)::int as q from (${inbound(ctx, f)}) i group by 1, 2)
    select hours.h as hour, ${weekdayName(ctx.lang, sql`days.wd`)} as weekday, coalesce(c.q, 0) as quantity
    from generate_series(1, 7) as days(wd) cross join generate_series(0, 23) as hours(h) left join c on c.wd = days.wd and c.h = hours.h
    order by days.wd, hours.h`,
});

export const MOVE_REPORTS = [ranking('rankPR', ['PR', 'PB'], 1), ranking('rankWL', ['WL', 'WC'], -1), inboundTimeAnalysis];
