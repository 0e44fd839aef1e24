import { sql, type SQL } from 'drizzle-orm';
import type { DateDimension } from '../../../../shared/analytics/domain';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { ORDER_TYPES, type StockEffect } from '../../../../shared/orders/orderTypes';
import type { Language } from '../../../../shared/i18n/languages';
import { dayOf } from '../../stock/ledger';
import { scopeSql, type AnalyticsCtx } from '../registry';

/**
 * SQL pieces the report queries share. Business days are the server's local days (as the
 * ledger's daily roll-up counts them, `dayOf`): a timestamp becomes a day in the server's
 * time zone, by name, so a daylight-saving change moves no row to the wrong day.
 */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const localDay = (ts: SQL) => sql`(${ts} at time zone ${TIME_ZONE})::date`;
export const localTime = (ts: SQL) => sql`to_char(${ts} at time zone ${TIME_ZONE}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The period label of a day, as `periodOf` (shared/analytics/domain.ts) writes it. */
export function periodLabel(day: SQL, dimension: DateDimension): SQL {
  switch (dimension) {
    case 'day': return sql`to_char(${day}, 'YYYY-MM-DD')`;
    case 'week': return sql`to_char(${day}, 'IYYY-"W"IW')`;
    case 'month': return sql`to_char(${day}, 'YYYY-MM')`;
    case 'quarter': return sql`to_char(${day}, 'YYYY-"Q"Q')`;
    case 'halfYear': return sql`(to_char(${day}, 'YYYY') || case when extract(month from ${day}) <= 6 then '-H1' else '-H2' end)`;
    case 'year': return sql`to_char(${day}, 'YYYY')`;
  }
}

const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return dayOf(new Date(y, m - 1, d + n));
};

/** The chosen days, or `defaultDays` ending today: inclusive calendar days. */
export function dayRange(f: AnalyticsFilters, now: Date, defaultFrom: (today: string) => string = (today) => addDays(today, -29)) {
  const today = dayOf(now);
  const to = f.dateTo ?? today;
  return { from: f.dateFrom ?? defaultFrom(to), to };
}

/** A timestamp column within the chosen days (the last day included), as local-time bounds. */
export function withinDays(ts: SQL, f: AnalyticsFilters, now: Date): SQL {
  const { from, to } = dayRange(f, now);
  return betweenDays(ts, from, to);
}

/** On-hand rows (`h`) within the caller's scope and the chosen dealer and warehouse (dealer 0 = none). */
export const onHandWhere = (ctx: AnalyticsCtx, f: AnalyticsFilters) =>
  sql`${scopeSql(ctx.scope, sql`nullif(h.dealer_id, 0)`, sql`h.warehouse_id`)} and ${placeFilters(f, sql`nullif(h.dealer_id, 0)`, sql`h.warehouse_id`)}`;

/** A timestamp column within from..to (both days included), as local-time bounds. */
export function betweenDays(ts: SQL, from: string, to: string): SQL {
  const start = (day: string) => { const [y, m, d] = day.split('-').map(Number); return new Date(y, m - 1, d); };
  return sql`${ts} >= ${start(from).toISOString()}::timestamptz and ${ts} < ${start(addDays(to, 1)).toISOString()}::timestamptz`;
}

export { addDays };

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const contains = (column: SQL, text: string) => sql`${column} ilike ${escapeLike(text)}`;

/** A material's columns as the reports show them, over the `mat` and `br` aliases `materialJoin` brings in. */
export const materialSelect = sql`mat.code as "materialCode", mat.name as "materialName", br.name as "brandName", mat.specification, mat.pattern`;
export const materialGroup = sql`mat.code, mat.name, br.name, mat.specification, mat.pattern`;
export const materialJoin = (on: SQL) => sql`join materials mat on mat.id = ${on} join brands br on br.id = mat.brand_id`;
/**
 * The same as left joins: the planner keeps them after the rows they join to, where it may put
 * inner joins first (a report over a lateral per order joined the eight brands before it and ran
 * the lateral eight times per order).
 */
export const materialLeftJoin = (on: SQL) => sql`left join materials mat on mat.id = ${on} left join brands br on br.id = mat.brand_id`;

/** Brand, specification and pattern filters over a materials alias; the keyword searches `keywordColumns`. */
export function materialFilters(f: AnalyticsFilters, mat: SQL, keywordColumns: SQL[] = []): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.brandId) parts.push(sql`${mat}.brand_id = ${f.brandId}`);
  if (f.specification) parts.push(sql`${mat}.specification = ${f.specification}`);
  if (f.pattern) parts.push(sql`${mat}.pattern = ${f.pattern}`);
  const { keyword } = f;
  if (keyword) {
    const columns = [sql`${mat}.code`, sql`${mat}.name`, ...keywordColumns];
    parts.push(sql`(${sql.join(columns.map((c) => contains(c, keyword)), sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

/** Dealer, region and warehouse filters (the scope is applied besides, with scopeSql); the region is the dealer's. */
export function placeFilters(f: AnalyticsFilters, dealer: SQL | null, warehouse: SQL | null): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.dealerId && dealer) parts.push(sql`${dealer} = ${f.dealerId}`);
  if (f.regionId && dealer) parts.push(sql`${dealer} in (select rd.id from dealers rd where rd.region_id = ${f.regionId})`);
  if (f.warehouseId && warehouse) parts.push(sql`${warehouse} = ${f.warehouseId}`);
  return sql.join(parts, sql` and `);
}

/** Order types of some stock effects, as an SQL list. */
export const typesOf = (...effects: StockEffect[]) =>
  sql.join(Object.entries(ORDER_TYPES).filter(([, d]) => effects.includes(d.effect)).map(([code]) => sql`${code}`), sql`, `);
export const typeList = (...codes: string[]) => sql.join(codes.map((c) => sql`${c}`), sql`, `);

/** An order type's name in the reader's language. */
export function orderTypeName(column: SQL, lang: Language): SQL {
  const cases = Object.entries(ORDER_TYPES).map(([code, d]) => sql`when ${code} then ${lang === 'en-US' ? d.en : d.zh}`);
  return sql`(case ${column} ${sql.join(cases, sql` `)} else ${column} end)`;
}
