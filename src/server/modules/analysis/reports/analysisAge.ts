import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { AGE_COLUMNS, ANALYSIS_REPORTS, DOT_GROUPS, NO_DOT } from '../../../../shared/analytics/reports/analysis';
import { dotAgeIndexSql, dotAgeWeeksSql, stockAgeIndexSql, stockAgeStartSql } from '../ageSql';
import { everyPlace, type AnalyticsCtx } from '../registry';
import { analysisReport, joinMaterial, MATERIAL_COLUMNS, materialIn, placeWhere, stockWhere } from './analysisSql';
import { must } from '../../../../shared/must';

const defOf = (page: string) => must(ANALYSIS_REPORTS.find((d) => d.page === page), `report ${page}`);

/** Tyres per stock-age bucket (AGE_COLUMNS in STOCK_AGE_BUCKETS order) of the rows `a` with their bucket index. */
const ageCounts = sql.join(AGE_COLUMNS.map((a, i) => sql`count(*) filter (where a.bucket = ${sql.raw(String(i))})::int as ${sql.identifier(a.key)}`), sql`, `);
/** Tyres in stock with their stock-age bucket (ageSql.ts: the shared start rule and bucket edges). */
const inStock = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`select c.material_id, ${stockAgeIndexSql(stockAgeStartSql('c'), ctx.now)} as bucket from barcodes c
  where c.status = 'in' and ${placeWhere(ctx, f, sql`c.dealer_id`, sql`c.warehouse_id`)} and ${materialIn(f, sql`c.material_id`)}`;

/**
 * Per material: counted per material id first, then named. A million tyres in stock at ten million
 * tyres: joining each to its material and brand before counting took two fifths of the report.
 */
const inventoryAgeReport = analysisReport({
  def: defOf('inventoryAgeReport'),
  key: ['materialId'],
  rows: (ctx, f) => sql`select ${MATERIAL_COLUMNS}, k.*
    from (select a.material_id as "materialId", count(*)::int as total, ${ageCounts} from (${inStock(ctx, f)}) a group by 1) k
    ${joinMaterial(sql`k."materialId"`)}`,
  chart: (ctx, f) => sql`select b.name as "brandName", ${ageCounts}
    from (${inStock(ctx, f)}) a ${joinMaterial(sql`a.material_id`)} group by b.id, b.name order by count(*) desc, 1`,
});

/**
 * On-hand quantities per material and DOT code (stock_on_hand holds them so) with the DOT age
 * group (ageSql.ts: domain `dotAgeWeeks`, ageGroups.ts `dotAgeGroup`). The age is worked out once
 * per distinct code, not per row.
 */
function dotAged(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL {
  // A caller who sees every place reads the channel's counter per material and DOT code (no aggregate).
  const onHand = everyPlace(ctx, f)
    ? sql`select s.material_id, s.dot_code, s.qty::int as qty from stock_material_on_hand s where s.qty <> 0 and ${materialIn(f, sql`s.material_id`)}`
    : sql`select s.material_id, s.dot_code, sum(s.qty)::int as qty from stock_on_hand s join warehouses w on w.id = s.warehouse_id
      where ${stockWhere(ctx, f)} group by 1, 2`;
  return sql`with s as materialized (${onHand}),
    d as materialized (
      select w.dot_code, w.weeks, ${dotAgeIndexSql(sql`w.weeks`)} as grp
      from (select x.dot_code, ${dotAgeWeeksSql(sql`x.dot_code`, ctx.now)} as weeks from (select distinct dot_code from s) x) w)
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
