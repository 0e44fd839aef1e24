import { sql } from 'drizzle-orm';
import { dotAgeWeeks, STOCK_AGE_BUCKETS } from '../../../../shared/analytics/domain';
import { queryRows } from '../../../db/client';
import type { DashboardQuery } from '../registry';
import { stockWhere } from './where';

/**
 * The first moment a tyre is *not* yet `months` whole months in stock at `now` (domain.ts
 * monthsBetween: a month is complete when its day of month is reached): local midnight after the
 * day `months` months before today, that day clamped to its month's end. So
 * monthsBetween(inbound, now) ≥ months exactly when inbound < this moment.
 */
export function monthsCutoff(now: Date, months: number): string {
  const [y, m, d] = [now.getFullYear(), now.getMonth() - months, now.getDate()];
  const daysInMonth = new Date(y, m + 1, 0).getDate();
  return new Date(y, m, Math.min(d, daysInMonth) + 1).toISOString();
}

/**
 * Stock age (DESIGN.md glossary, domain.ts stockAgeBucket): tyres in stock by whole months since
 * inbound, 0-3 / 4-6 / 7-9 / 10-12 / over 12, counted against cutoff moments on barcodes_age_idx
 * (status, inbound_at). A tyre without an inbound time counts as new.
 */
export const ageBuckets: DashboardQuery = {
  id: 'stock.ageBuckets', summary: 'Tyres in stock by months since inbound (0-3, 4-6, 7-9, 10-12, 12+)',
  async run(ctx, f) {
    const [c4, c7, c10, c13] = [4, 7, 10, 13].map((months) => monthsCutoff(ctx.now, months));
    const rows = await queryRows<{ bucket: number; qty: number }>(ctx.db, sql`
      select case when b.inbound_at < ${c13}::timestamptz then 4 when b.inbound_at < ${c10}::timestamptz then 3
                  when b.inbound_at < ${c7}::timestamptz then 2 when b.inbound_at < ${c4}::timestamptz then 1 else 0 end as bucket,
             count(*)::int as qty
      from barcodes b where b.status = 'in' and ${stockWhere(ctx, f, 'b')}
      group by 1`);
    return STOCK_AGE_BUCKETS.map((bucket, i) => ({ bucket, qty: Number(rows.find((r) => Number(r.bucket) === i)?.qty ?? 0) }));
  },
};

const DOT_AGE_BUCKETS = [['<6m', 26], ['6-12m', 52], ['1-2y', 104], ['2-3y', 156], ['>3y', Infinity]] as const;

/**
 * DOT age (DESIGN.md glossary, domain.ts dotAgeWeeks): tyres in stock by whole weeks since their
 * production week's Monday; under 26 weeks, 52, 104, 156, older; `unknown` without a valid DOT.
 * stock_on_hand holds the DOT per row, so only its distinct codes are aged here.
 */
export const dotAge: DashboardQuery = {
  id: 'stock.dotAge', summary: 'Tyres in stock by DOT age (<6m, 6-12m, 1-2y, 2-3y, >3y, unknown)',
  async run(ctx, f) {
    const rows = await queryRows<{ dotCode: string; qty: number }>(ctx.db, sql`
      select s.dot_code as "dotCode", sum(s.qty)::int as qty from stock_on_hand s where ${stockWhere(ctx, f, 's')} group by s.dot_code`);
    const buckets = new Map<string, number>([...DOT_AGE_BUCKETS.map(([bucket]) => [bucket, 0] as [string, number]), ['unknown', 0]]);
    for (const { dotCode, qty } of rows) {
      const weeks = dotAgeWeeks(dotCode, ctx.now);
      const bucket = weeks === null ? 'unknown' : DOT_AGE_BUCKETS.find(([, under]) => weeks < under)![0];
      buckets.set(bucket, buckets.get(bucket)! + Number(qty));
    }
    return [...buckets].map(([bucket, qty]) => ({ bucket, qty }));
  },
};
