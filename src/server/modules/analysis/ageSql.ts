import { sql, type SQL } from 'drizzle-orm';
import { DOT_AGE_GROUPS, DOT_AGE_KEYS, NO_DOT, stockAgeCutoffs, stockAgeRange, type DotAgeKey } from '../../../shared/analytics/ageGroups';
import type { StockAgeBucket } from '../../../shared/analytics/domain';

/**
 * The age groups of shared/analytics/ageGroups.ts as SQL, for dashboards and reports alike:
 * the edges come from there, so both count a tyre in the same group.
 */

/** `stockAgeStart` over a barcodes alias: the inbound time, else the barcode's creation. */
export const stockAgeStartSql = (alias: string) => sql`coalesce(${sql.raw(alias)}.inbound_at, ${sql.raw(alias)}.created_at)`;

/** The stock-age bucket (its index in STOCK_AGE_BUCKETS) of a start moment at `now`, against the bucket cutoffs. */
export function stockAgeIndexSql(start: SQL, now: Date): SQL {
  const cutoffs = stockAgeCutoffs(now);
  const older = cutoffs.map((cutoff, i) => sql`when ${start} < ${cutoff.toISOString()}::timestamptz then ${sql.raw(String(i + 1))}`).reverse();
  return sql`(case ${sql.join(older, sql` `)} else 0 end)`;
}

/** A start moment within one stock-age bucket at `now`. */
export function stockAgeWhere(start: SQL, bucket: StockAgeBucket, now: Date): SQL {
  const { from, before } = stockAgeRange(bucket, now);
  const parts = [sql`${start} is not null`];
  if (from) parts.push(sql`${start} >= ${from.toISOString()}::timestamptz`);
  if (before) parts.push(sql`${start} < ${before.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** A DOT code WWYY with a week 01-53 (domain `parseDot`). */
export const VALID_DOT = sql`'^(0[1-9]|[1-4][0-9]|5[0-3])[0-9]{2}$'`;

/** `dotAgeWeeks` of a DOT code column: whole weeks from the Monday of ISO week WW of 20YY (4 January's week is week 1) to `now`; null without a valid code. */
export function dotAgeWeeksSql(code: SQL, now: Date): SQL {
  const jan4 = sql`make_date(2000 + right(${code}, 2)::int, 1, 4)`;
  const monday = sql`(${jan4} - (extract(isodow from ${jan4})::int - 1) + (left(${code}, 2)::int - 1) * 7)`;
  return sql`(case when ${code} ~ ${VALID_DOT} then
    floor((extract(epoch from ${now.toISOString()}::timestamptz) - extract(epoch from ${monday}::timestamp)) / 604800)::int end)`;
}

/** The DOT age group (its index in DOT_AGE_KEYS, NO_DOT last) of a weeks expression (`dotAgeGroup`). */
export function dotAgeIndexSql(weeks: SQL): SQL {
  const groups = DOT_AGE_GROUPS.map((g, i) => (g.maxWeeks === null ? sql`else ${sql.raw(String(i))}` : sql`when ${weeks} <= ${sql.raw(String(g.maxWeeks))} then ${sql.raw(String(i))}`));
  return sql`(case when ${weeks} is null then ${sql.raw(String(DOT_AGE_KEYS.indexOf(NO_DOT.key)))} ${sql.join(groups, sql` `)} end)`;
}

/** A weeks expression within one DOT age group. */
export const dotAgeWhere = (weeks: SQL, key: DotAgeKey): SQL => sql`${dotAgeIndexSql(weeks)} = ${sql.raw(String(DOT_AGE_KEYS.indexOf(key)))}`;
