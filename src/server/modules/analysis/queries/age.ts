import { sql, type SQL } from 'drizzle-orm';
import { DOT_AGE_KEYS, dotAgeGroup, stockAgeCutoffs } from '../../../../shared/analytics/ageGroups';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { dotAgeWeeks, STOCK_AGE_BUCKETS } from '../../../../shared/analytics/domain';
import { queryRows } from '../../../db/client';
import { stockAgeIndexSql } from '../ageSql';
import type { AnalyticsCtx, DashboardQuery } from '../registry';
import { wholeChannel } from './balances';
import { onHandRows } from './distribution';
import { stockWhere } from './where';
import { getOrThrow } from '../../../../shared/must';

const DAY_MS = 86_400_000;

/**
 * The UTC days the stock-age bucket cutoffs (local midnights) fall inside, as [start, end) ISO
 * moments; a cutoff on a UTC midnight cuts no day.
 */
function daysCut(now: Date): { start: string; end: string }[] {
  return stockAgeCutoffs(now).filter((c) => c.getTime() % DAY_MS !== 0).map((c) => {
    const start = Math.floor(c.getTime() / DAY_MS) * DAY_MS;
    return { start: new Date(start).toISOString(), end: new Date(start + DAY_MS).toISOString() };
  });
}

/**
 * Barcodes in stock per bucket, within the scope and filters, and with a stock-age start within
 * `starts` (a condition over a start column) when given. The tyres with an inbound time are
 * counted on barcodes_age_idx (status, inbound_at) alone; the few without one apart.
 */
function barcodeBuckets(ctx: AnalyticsCtx, f: AnalyticsFilters, starts?: (start: SQL) => SQL): SQL {
  const within = (start: SQL) => (starts ? sql`and (${starts(start)})` : sql``);
  return sql`
    select ${stockAgeIndexSql(sql`b.inbound_at`, ctx.now)} as bucket, count(*)::int as qty
    from barcodes b where b.status = 'in' and b.inbound_at is not null and ${stockWhere(ctx, f, 'b')} ${within(sql`b.inbound_at`)}
    group by 1
    union all
    select ${stockAgeIndexSql(sql`b.created_at`, ctx.now)}, count(*)::int
    from barcodes b where b.status = 'in' and b.inbound_at is null and ${stockWhere(ctx, f, 'b')} ${within(sql`b.created_at`)}
    group by 1`;
}

/**
 * Stock age (docs/product.md#glossary, domain.ts stockAgeBucket): tyres in stock by whole months since
 * their stock age started (ageGroups.ts stockAgeStart: inbound, else the barcode's creation),
 * 0-3 / 4-6 / 7-9 / 10-12 / over 12, counted against the bucket cutoffs. The whole channel reads the
 * stock-age days (stock_age_days, a row per UTC day and slot, docs/stock-model.md): a day no cutoff
 * cuts lies in one bucket, and the few days a cutoff cuts are counted from their barcodes. Anything
 * narrower counts its barcodes.
 */
export const ageBuckets: DashboardQuery = {
  id: 'stock.ageBuckets', summary: 'Tyres in stock by months since inbound (0-3, 4-6, 7-9, 10-12, 12+)',
  async run(ctx, f) {
    let query = barcodeBuckets(ctx, f);
    if (wholeChannel(ctx, f)) {
      const cut = daysCut(ctx.now);
      const cutDays = cut.length ? sql`a.day not in (${sql.join(cut.map((d) => sql`${d.start.slice(0, 10)}::date`), sql`, `)})` : sql`true`;
      query = sql`
        select ${stockAgeIndexSql(sql`(a.day::timestamp at time zone 'UTC')`, ctx.now)} as bucket, sum(a.qty)::int as qty
        from stock_age_days a where ${cutDays} group by 1
        ${cut.length ? sql`union all ${barcodeBuckets(ctx, f, (start) => sql.join(cut.map((d) => sql`(${start} >= ${d.start}::timestamptz and ${start} < ${d.end}::timestamptz)`), sql` or `))}` : sql``}`;
    }
    const rows = await queryRows<{ bucket: number; qty: number }>(ctx.db, query);
    return STOCK_AGE_BUCKETS.map((bucket, i) => ({
      bucket, qty: rows.filter((r) => Number(r.bucket) === i).reduce((sum, r) => sum + Number(r.qty), 0),
    }));
  },
};

/**
 * DOT age (docs/product.md#glossary, domain.ts dotAgeWeeks, ageGroups.ts dotAgeGroup): tyres in stock by
 * DOT age group, answered as the group keys (DOT_AGE_KEYS; the console names them). On hand is
 * held per DOT code (onHandRows), so only the distinct codes are aged here.
 */
export const dotAge: DashboardQuery = {
  id: 'stock.dotAge', summary: 'Tyres in stock by DOT age group (up to 26 weeks, 27-52 weeks, 1-2, 2-3, over 3 years, no DOT)',
  async run(ctx, f) {
    const rows = await queryRows<{ dotCode: string; qty: number }>(ctx.db, sql`
      select o.dot_code as "dotCode", sum(o.qty)::int as qty from (${onHandRows(ctx, f)}) o group by o.dot_code`);
    const groups = new Map(DOT_AGE_KEYS.map((key) => [key, 0]));
    for (const { dotCode, qty } of rows) {
      const key = dotAgeGroup(dotAgeWeeks(dotCode, ctx.now));
      groups.set(key, getOrThrow(groups, key, 'DOT age group') + Number(qty));
    }
    return [...groups].map(([bucket, qty]) => ({ bucket, qty }));
  },
};
