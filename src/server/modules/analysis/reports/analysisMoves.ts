import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { ANALYSIS_REPORTS } from '../../../../shared/analytics/reports/analysis';
import type { Language } from '../../../../shared/i18n/languages';
import { CHANNEL_INBOUND_TYPES, DEALER_RANKING_TYPES } from '../../../../shared/analytics/domain';
import { EXTRAS_WITH } from '../../stock/channelRollup';
import { HELD_PAIRS_END, pairsStillHeld, trailingPairsEnd, type Ranking } from '../../stock/trailingPairs';
import { daysNotRolled, outsideRuns, unionRuns, type DayRuns } from '../queries/rolledDays';
import { betweenDays } from './reportSql';
import { everyPlace, type AnalyticsCtx } from '../registry';
import { addDays, analysisReport, anyMaterialFilter, dayRange, readsTrailing, localDay, localTime, materialIn, periodLabel, placeWhere, startOfDay } from './analysisSql';
import { reportPerCall } from './perCall';
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
 * Per dealer, its materials over the window ending `today` from the trailing pairs
 * (modules/stock/trailingPairs.ts): the pairs still held after the days leaving, plus the pairs of
 * the days entering since the held end that are not among them (the rolled days' dealer
 * materials and the ledger's runs, `rolled` and `ledger` as the rest of the ranking reads them).
 */
function materialsFromHeld(ranking: Ranking, today: string, types: readonly string[], rolled: SQL, ledger: (cols: SQL, groupBy: SQL) => SQL): SQL {
  return sql`
      with alive as materialized (${pairsStillHeld(ranking, today)}),
      entering as (
        select distinct x.dealer_id, x.material_id from (
          select d.dealer_id, d.material_id from stock_channel_dealer_materials d
          where d.order_type in (${codes(types)}) and d.day > ${HELD_PAIRS_END} and d.day <= ${today}::date and ${rolled}
          ${ledger(sql`s.dealer_id, s.material_id`, sql`1, 2`)}) x)
      select y.dealer_id, count(*)::int as materials from (
        select a.dealer_id from alive a
        union all
        select e.dealer_id from entering e where not exists (select 1 from alive a where a.dealer_id = e.dealer_id and a.material_id = e.material_id)
      ) y group by 1`;
}

/**
 * Per dealer, the whole channel's moves of `types` in the range: quantity (signed sum), orders and
 * materials, from the closed days' roll-ups (stock_channel_dealer_days with its orders,
 * stock_channel_dealer_materials) and the ledger of the days they do not hold (`notRolled`). An
 * order's moves but its corrections are posted at its completion, so its dealer's orders add up
 * across days; an order completed before the range whose correction falls in it counts too.
 */
function rankedRolled(ctx: AnalyticsCtx, f: AnalyticsFilters, types: readonly string[], notRolled: DayRuns, pairsHeld: Ranking | null): SQL {
  const { from, to } = dayRange(ctx, f);
  const ledger = (cols: SQL, groupBy: SQL) => unionRuns(notRolled, ([a, b]) => sql`select ${cols} from stock_moves s
    where ${betweenDays(sql`s.moved_at`, a, b)} and s.order_type in (${codes(types)}) and s.dealer_id is not null group by ${groupBy}`);
  // The dealer rows roll with the day itself, their orders later: those of the days in `notRolled` come from the ledger.
  const rolled = outsideRuns(sql`d.day`, notRolled);
  return sql`with o as (
      select d.dealer_id, d.qty, d.orders from stock_channel_dealer_days d
      where d.order_type in (${codes(types)}) and d.day between ${from}::date and ${to}::date and ${rolled}
      ${ledger(sql`s.dealer_id, sum(s.qty), count(distinct s.order_id) filter (where s.reverses_id is null)`, sql`1`)}
      union all
      select r.dealer_id, 0, count(distinct r.order_id)
      from stock_moves r join stock_moves m on m.id = r.reverses_id
      where r.reverses_id is not null and r.order_type in (${codes(types)}) and r.dealer_id is not null
        and ${betweenDays(sql`r.moved_at`, from, to)} and not (${betweenDays(sql`m.moved_at`, from, to)})
      group by 1),
    m as (${pairsHeld ? materialsFromHeld(pairsHeld, to, types, rolled, ledger) : sql`
      -- Distinct pairs first, then counted: hashed, where count(distinct) sorted a month's million pairs on disk.
      select y.dealer_id, count(*)::int as materials from (
        select x.dealer_id, x.material_id from (
          select d.dealer_id, d.material_id from stock_channel_dealer_materials d
          where d.order_type in (${codes(types)}) and d.day between ${from}::date and ${to}::date and ${rolled}
          ${ledger(sql`s.dealer_id, s.material_id`, sql`1, 2`)}) x
        group by 1, 2) y
      group by 1`})
    select o.dealer_id, sum(o.qty) as qty, sum(o.orders)::int as orders, m.materials
    from o join m using (dealer_id) group by o.dealer_id, m.materials`;
}

/**
 * Dealers ranked by the tyres their orders of `types` moved: the signed sum of the moves
 * (`sign` turns outbound −1 into a positive count; a reversing move takes its tyre back off).
 * The types are the report's name (purchase receipts PR/PB, sales WL/WC), narrower than
 * channel flow (domain.ts `channelFlow`); transfers never count.
 */
function ranking(page: 'rankPR' | 'rankWL', ranking: Ranking, sign: 1 | -1) {
  const types = DEALER_RANKING_TYPES[ranking];
  const def = defOf(page);
  return reportPerCall(def, async (ctx, f) => {
    const whole = everyPlace(ctx, f) && !anyMaterialFilter(f);
    const { from, to } = dayRange(ctx, f);
    const notRolled = whole ? await daysNotRolled(ctx, from, to, EXTRAS_WITH.dealerOrders) : null;
    // The window ending today (its default range) counts materials from the trailing pairs once rolled.
    const pairsHeld = whole && await readsTrailing(ctx, f, trailingPairsEnd, true) ? ranking : null;
    const perDealer = (cx: AnalyticsCtx, g: AnalyticsFilters) => (notRolled
      ? rankedRolled(cx, g, types, notRolled, pairsHeld)
      : sql`select mv.dealer_id, sum(mv.qty) as qty, count(distinct mv.order_id)::int as orders, count(distinct mv.material_id)::int as materials
        from (${moves(cx, g, types, sql`s.dealer_id is not null`)}) mv group by 1`);
    const ranked = (cx: AnalyticsCtx, g: AnalyticsFilters) => sql`
      select r.*, rank() over (order by r.quantity desc)::int as rank from (
        select k.dealer_id, (${sql.raw(String(sign))} * k.qty)::int as quantity, k.orders, k.materials
        from (${perDealer(cx, g)}) k where k.qty <> 0) r`;
    return analysisReport({
      def,
      key: ['dealerId'],
      rows: (cx, g) => sql`select r.rank, d.code as "dealerCode", d.name as "dealerName", ${cx.lang === 'en-US' ? sql`g.name_en` : sql`g.name`} as "regionName",
          r.quantity, r.orders, r.materials, round(100.0 * r.quantity / sum(r.quantity) over (), 2)::float8 as share, r.dealer_id as "dealerId"
        from (${ranked(cx, g)}) r join dealers d on d.id = r.dealer_id left join regions g on g.id = d.region_id`,
      chart: (cx, g) => sql`select d.name as "dealerName", r.quantity from (${ranked(cx, g)}) r join dealers d on d.id = r.dealer_id
        order by r.rank, d.code limit 10`,
    });
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

/**
 * The same tyres for the whole channel, from the closed days' roll-ups and the ledger of the
 * days they do not hold (`notRolled`): `h` tyres per day and local hour (stock_channel_inbound_hours),
 * `o` orders per day (stock_channel_inbound_days). A receipt's inbound moves are all posted at its
 * completion (a correction of one is −1, not inbound), so its order counts on one day only.
 */
function inboundRolled(ctx: AnalyticsCtx, f: AnalyticsFilters, notRolled: DayRuns) {
  const { from, to } = dayRange(ctx, f);
  const ledger = (cols: SQL, groupBy: SQL) => unionRuns(notRolled, ([a, b]) => sql`select ${cols} from stock_moves s
    where ${betweenDays(sql`s.moved_at`, a, b)} and s.order_type in (${codes(CHANNEL_INBOUND_TYPES)}) and s.qty > 0 group by ${groupBy}`);
  const day = localDay(sql`s.moved_at`);
  return {
    // The hours roll with the day itself: those of a day whose orders are not rolled yet come from the ledger with them.
    h: sql`select h.day, h.hour, h.qty from stock_channel_inbound_hours h
      where h.day between ${from}::date and ${to}::date and ${outsideRuns(sql`h.day`, notRolled)}
      ${ledger(sql`${day}, extract(hour from ${localTime(sql`s.moved_at`)})::int, sum(s.qty)`, sql`1, 2`)}`,
    o: sql`select d.day, d.orders from stock_channel_inbound_days d where d.day between ${from}::date and ${to}::date and ${outsideRuns(sql`d.day`, notRolled)}
      ${ledger(sql`${day}, count(distinct s.order_id)`, sql`1`)}`,
  };
}

/** Per period: the value of `part` (weekday or hour) with the most tyres, the least of equals (as mode() picks). */
const busiest = (dimension: AnalyticsFilters['dimension'], part: SQL) => sql`
  select period, part from (
    select ${periodLabel(sql`h.day`, dimension)} as period, ${part} as part,
      row_number() over (partition by ${periodLabel(sql`h.day`, dimension)} order by sum(h.qty) desc, ${part}) as n
    from h group by 1, 2) x where n = 1`;

const inboundTimeAnalysis = reportPerCall(defOf('inboundTimeAnalysis'), async (ctx, f) => {
  const whole = everyPlace(ctx, f) && !anyMaterialFilter(f);
  const { from, to } = dayRange(ctx, f);
  const notRolled = whole ? await daysNotRolled(ctx, from, to, EXTRAS_WITH.inboundOrders) : null;
  return analysisReport({
    def: defOf('inboundTimeAnalysis'),
    key: ['period'],
    rows: (cx, g) => {
      if (!notRolled) {
        return sql`select ${periodLabel(sql`i.day`, g.dimension)} as period, sum(i.qty)::int as quantity, count(distinct i.order_id)::int as orders,
            ${weekdayName(cx.lang, sql`mode() within group (order by extract(isodow from i.t)::int)`)} as "busiestWeekday",
            mode() within group (order by extract(hour from i.t)::int) as "busiestHour"
          from (${inbound(cx, g)}) i group by 1`;
      }
      const { h, o } = inboundRolled(cx, g, notRolled);
      return sql`with h as (${h}), o as (${o}),
          wd as (${busiest(g.dimension, sql`extract(isodow from h.day)::int`)}),
          hr as (${busiest(g.dimension, sql`h.hour`)}),
          q as (select ${periodLabel(sql`h.day`, g.dimension)} as period, sum(h.qty) as quantity from h group by 1),
          n as (select ${periodLabel(sql`o.day`, g.dimension)} as period, sum(o.orders) as orders from o group by 1)
        select q.period, q.quantity::int as quantity, coalesce(n.orders, 0)::int as orders,
          ${weekdayName(cx.lang, sql`wd.part`)} as "busiestWeekday", hr.part as "busiestHour"
        from q join wd using (period) join hr using (period) left join n using (period)`;
    },
    chart: (cx, g) => {
      const cells = notRolled
        ? sql`with h as (${inboundRolled(cx, g, notRolled).h})
          select extract(isodow from h.day)::int as wd, h.hour as h, sum(h.qty)::int as q from h group by 1, 2`
        : sql`select extract(isodow from i.t)::int as wd, extract(hour from i.t)::int as h, sum(i.qty)::int as q from (${inbound(cx, g)}) i group by 1, 2`;
      return sql`with c as (${cells})
        select hours.h as hour, ${weekdayName(cx.lang, sql`days.wd`)} as weekday, coalesce(c.q, 0) as quantity
        from generate_series(1, 7) as days(wd) cross join generate_series(0, 23) as hours(h) left join c on c.wd = days.wd and c.h = hours.h
        order by days.wd, hours.h`;
    },
  });
});

export const MOVE_REPORTS = [ranking('rankPR', 'receipts', 1), ranking('rankWL', 'sales', -1), inboundTimeAnalysis];
