import { sql } from 'drizzle-orm';
import { DOT_AGE_KEYS, dotAgeGroup } from '../../../../shared/analytics/ageGroups';
import { dotAgeWeeks, STOCK_AGE_BUCKETS } from '../../../../shared/analytics/domain';
import { queryRows } from '../../../db/client';
import { stockAgeIndexSql } from '../ageSql';
import type { DashboardQuery } from '../registry';
import { onHandRows } from './distribution';
import { stockWhere } from './where';
import { getOrThrow } from '../../../../shared/must';

/**
 * Stock age (docs/product.md#glossary, domain.ts stockAgeBucket): tyres in stock by whole months since
 * their stock age started (ageGroups.ts stockAgeStart: inbound, else the barcode's creation),
 * 0-3 / 4-6 / 7-9 / 10-12 / over 12, counted against the bucket cutoffs. The tyres with an inbound
 * time are counted on barcodes_age_idx (status, inbound_at) alone; the few without one apart.
 */
export const ageBuckets: DashboardQuery = {
  id: 'stock.ageBuckets', summary: 'Tyres in stock by months since inbound (0-3, 4-6, 7-9, 10-12, 12+)',
  async run(ctx, f) {
    const rows = await queryRows<{ bucket: number; qty: number }>(ctx.db, sql`
      select ${stockAgeIndexSql(sql`b.inbound_at`, ctx.now)} as bucket, count(*)::int as qty
      from barcodes b where b.status = 'in' and b.inbound_at is not null and ${stockWhere(ctx, f, 'b')}
      group by 1
      union all
      select ${stockAgeIndexSql(sql`b.created_at`, ctx.now)}, count(*)::int
      from barcodes b where b.status = 'in' and b.inbound_at is null and ${stockWhere(ctx, f, 'b')}
      group by 1`);
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
