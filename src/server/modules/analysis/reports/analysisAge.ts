import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { monthsBetween } from '../../../../shared/analytics/domain';
import { AGE_COLUMNS, ANALYSIS_REPORTS, DOT_GROUPS, NO_DOT } from '../../../../shared/analytics/reports/analysis';
import type { AnalyticsCtx } from '../registry';
import { analysisReport, joinMaterial, MATERIAL_COLUMNS, materialIn, placeWhere, stockWhere } from './analysisSql';

const defOf = (page: string) => ANALYSIS_REPORTS.find((d) => d.page === page)!;

/** Upper bounds (whole months, inclusive) of the stock-age buckets, in AGE_COLUMNS order (domain `stockAgeBucket`). */
const AGE_BOUNDS = [3, 6, 9, 12];

/**
 * The first moment whose stock age is at most `months` whole months today: the local midnight
 * of the earliest day `monthsBetween` (the domain's definition) puts within them. Age only
 * grows the earlier the inbound day, so a bucket is a range of inbound times, counted straight
 * off the barcodes without converting each row's time.
 */
function youngestCutoff(now: Date, months: number): Date {
  let day = new Date(now.getFullYear(), now.getMonth() - months - 2, 1);
  while (monthsBetween(day, now) > months) day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  return day;
}
function ageCounts(now: Date): SQL {
  const cutoffs = AGE_BOUNDS.map((m) => sql`${youngestCutoff(now, m).toISOString()}::timestamptz`);
  return sql.join(AGE_COLUMNS.map((a, i) => {
    const cond = [i > 0 ? sql`a.inbound < ${cutoffs[i - 1]}` : sql`true`, i < cutoffs.length ? sql`a.inbound >= ${cutoffs[i]}` : sql`true`];
    return sql`count(*) filter (where ${sql.join(cond, sql` and `)})::int as ${sql.identifier(a.key)}`;
  }), sql`, `);
}
/** Tyres in stock with the moment they came in (barcodes_age_idx: status, inbound_at). */
const inStock = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`select c.material_id, coalesce(c.inbound_at, c.created_at) as inbound from barcodes c
  where c.status = 'in' and ${placeWhere(ctx, f, sql`c.dealer_id`, sql`c.warehouse_id`)} and ${materialIn(f, sql`c.material_id`)}`;

const inventoryAgeReport = analysisReport({
  def: defOf('inventoryAgeReport'),
  key: ['materialId'],
  rows: (ctx, f) => sql`select ${MATERIAL_COLUMNS}, count(*)::int as total, ${ageCounts(ctx.now)}, m.id as "materialId"
    from (${inStock(ctx, f)}) a ${joinMaterial(sql`a.material_id`)} group by m.id, b.id`,
  chart: (ctx, f) => sql`select b.name as "brandName", ${ageCounts(ctx.now)}
    from (${inStock(ctx, f)}) a ${joinMaterial(sql`a.material_id`)} group by b.id, b.name order by count(*) desc, 1`,
});

/**
 * On-hand quantities per material and DOT code (stock_on_hand holds them so) with the DOT age
 * group: whole weeks (domain `dotAgeWeeks`) from the Monday of ISO week WW of 20YY (4 January's
 * week is week 1) to now. The age is worked out once per distinct code, not per row.
 */
function dotAged(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL {
  const jan4 = sql`make_date(2000 + right(x.dot_code, 2)::int, 1, 4)`;
  const monday = sql`(${jan4} - (extract(isodow from ${jan4})::int - 1) + (left(x.dot_code, 2)::int - 1) * 7)`;
  const weeks = sql`floor((extract(epoch from ${ctx.now.toISOString()}::timestamptz) - extract(epoch from ${monday}::timestamp)) / 604800)`;
  const group = sql.join(DOT_GROUPS.map((g, i) => (g.maxWeeks == null ? sql`else ${sql.raw(String(i))}` : sql`when w.weeks <= ${sql.raw(String(g.maxWeeks))} then ${sql.raw(String(i))}`)), sql` `);
  return sql`with s as materialized (
      select s.material_id, s.dot_code, sum(s.qty)::int as qty from stock_on_hand s join warehouses w on w.id = s.warehouse_id
      where ${stockWhere(ctx, f)} group by 1, 2),
    d as materialized (
      select w.dot_code, w.weeks, case when w.weeks is null then ${sql.raw(String(DOT_GROUPS.length))} ${group} end as grp
      from (select x.dot_code, case when x.dot_code ~ '^(0[1-9]|[1-4][0-9]|5[0-3])[0-9]{2}$' then ${weeks} end as weeks
        from (select distinct dot_code from s) x) w)
    select s.material_id, s.dot_code, s.qty, d.weeks, d.grp from s join d using (dot_code)`;
}
const dotSums = sql.join([...DOT_GROUPS, NO_DOT].map((g, i) => sql`coalesce(sum(g.qty) filter (where g.grp = ${sql.raw(String(i))}), 0)::int as ${sql.identifier(g.key)}`), sql`, `);

const dotReport = analysisReport({
  def: defOf('dotReport'),
  key: ['materialId'],
  rows: (ctx, f) => sql`select ${MATERIAL_COLUMNS}, sum(g.qty)::int as total, ${dotSums},
      (array_agg(g.dot_code order by g.weeks desc) filter (where g.weeks is not null))[1] as "oldestDot", m.id as "materialId"
    from (${dotAged(ctx, f)}) g ${joinMaterial(sql`g.material_id`)} group by m.id, b.id having sum(g.qty) <> 0`,
  chart: (ctx, f) => {
    const groups = [...DOT_GROUPS, NO_DOT];
    const values = sql.join(groups.map((g, i) => sql`(${sql.raw(String(i))}, ${g.title[ctx.lang]}, t.${sql.identifier(g.key)})`), sql`, `);
    return sql`select x.label as "group", x.quantity from (select ${dotSums} from (${dotAged(ctx, f)}) g) t
      cross join lateral (values ${values}) as x(ord, label, quantity) order by x.ord`;
  },
});

export const AGE_REPORTS = [inventoryAgeReport, dotReport];
