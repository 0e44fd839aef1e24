/**
 * Stock age and DOT age in groups (docs/product.md#glossary): where each group ends and what
 * counts when a date is missing, defined once here for dashboards, reports and their drill-down
 * filters. The server's SQL builds its conditions from these (src/server/modules/analysis/ageSql.ts).
 */
import { STOCK_AGE_BUCKETS, stockAgeBucket, type StockAgeBucket } from './domain';
import { must } from '../must';

type Text = { 'zh-CN': string; 'en-US': string };
const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The moment a tyre's stock age counts from: its inbound time; a tyre in stock without one
 * (brought in before inbound times were kept, or put back by a cancelled trace record) counts
 * from when its barcode was created, the earliest it can have come in, so an old tyre is never
 * taken for a new one. SQL: `coalesce(inbound_at, created_at)`.
 */
export function stockAgeStart(tyre: { inboundAt: Date | null; createdAt: Date }): Date {
  return tyre.inboundAt ?? tyre.createdAt;
}

const localDay = (d: Date, offset = 0) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset);

/**
 * The stock-age buckets as moments: a tyre whose stock age started before `cutoffs[i]` is older
 * than bucket i (STOCK_AGE_BUCKETS[i]); from it on, in bucket i or a younger one. Found from
 * `stockAgeBucket` itself, day by day back from today, so the bucket edges are written only there.
 * Each cutoff is a local midnight (stock age counts whole days of the month).
 */
export function stockAgeCutoffs(now: Date): Date[] {
  const index = (day: Date) => STOCK_AGE_BUCKETS.indexOf(stockAgeBucket(day, now));
  const cutoffs: Date[] = [];
  let day = localDay(now);
  for (let i = 0; i < STOCK_AGE_BUCKETS.length - 1; i++) {
    while (index(day) <= i) day = localDay(day, -1);
    cutoffs.push(localDay(day, 1));
  }
  return cutoffs;
}

/** The stock-age starts of one bucket: from `from` (inclusive) to before `before`; an open end is null. */
export function stockAgeRange(bucket: StockAgeBucket, now: Date): { from: Date | null; before: Date | null } {
  const i = STOCK_AGE_BUCKETS.indexOf(bucket);
  const cutoffs = stockAgeCutoffs(now);
  return { from: cutoffs[i] ?? null, before: i > 0 ? cutoffs[i - 1] : null };
}

/**
 * DOT age groups by whole weeks since the production week (domain `dotAgeWeeks`): up to half a
 * year, half a year to a year, one to two, two to three, over three years. `maxWeeks` is the
 * group's inclusive upper bound (a code of a week still to come is in the first group).
 */
export const DOT_AGE_GROUPS = [
  { key: 'dotUpTo26w', maxWeeks: 26, title: text('半年内', 'Up to 26 weeks') },
  { key: 'dot27to52w', maxWeeks: 52, title: text('半年至一年', '27-52 weeks') },
  { key: 'dot1to2y', maxWeeks: 104, title: text('1-2 年', '1-2 years') },
  { key: 'dot2to3y', maxWeeks: 156, title: text('2-3 年', '2-3 years') },
  { key: 'dotOver3y', maxWeeks: null, title: text('3 年以上', 'Over 3 years') },
] as const;
/** Tyres without a valid DOT code form their own group. */
export const NO_DOT = { key: 'noDot', title: text('无 DOT', 'No DOT') } as const;
/** Every DOT age group key, NO_DOT last: what dashboards answer and the report filter takes. */
export const DOT_AGE_KEYS = [...DOT_AGE_GROUPS.map((g) => g.key), NO_DOT.key] as const;
export type DotAgeKey = (typeof DOT_AGE_KEYS)[number];

/** The group of a DOT age in whole weeks (null: no valid DOT code). */
export function dotAgeGroup(weeks: number | null): DotAgeKey {
  if (weeks === null) return NO_DOT.key;
  return must(DOT_AGE_GROUPS.find((g) => g.maxWeeks === null || weeks <= g.maxWeeks), `the DOT age group of ${weeks} weeks`).key;
}
