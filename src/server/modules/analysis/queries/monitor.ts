import { sql, type SQL } from 'drizzle-orm';
import type { DashboardQueryId } from '../../../../shared/analytics/dashboards';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { queryRows } from '../../../db/client';
import { dayOf } from '../../stock/ledger';
import { scopeSql, type AnalyticsCtx, type DashboardQuery } from '../registry';
import { addDays, startOf } from './window';

/**
 * A count today against yesterday (local business days). `count(start, end, dealer)` is the
 * filtered count of one day given the dealer column of the rows: a dealer user counts its own
 * dealer's rows, data rules narrow staff, the dealer filter narrows further.
 */
function todayVsYesterday(id: DashboardQueryId, summary: string, count: (start: string, end: string, dealerScope: (column: SQL) => SQL) => SQL): DashboardQuery {
  return {
    id, summary,
    async run(ctx: AnalyticsCtx, f: AnalyticsFilters) {
      const today = dayOf(ctx.now);
      const dealerScope = (column: SQL) => sql`${scopeSql(ctx.scope, column)} ${f.dealerId ? sql`and ${column} = ${f.dealerId}` : sql``}`;
      const day = async (d: string) => {
        const [row] = await queryRows<{ n: number }>(ctx.db, count(startOf(d), startOf(addDays(d, 1)), dealerScope));
        return Number(row.n);
      };
      return [{ value: await day(today), previous: await day(addDays(today, -1)) }];
    },
  };
}

/** Successful sign-ins (login_logs success with reason ok; sign-outs are logged as success too), by the user's dealer. */
export const loginsToday = todayVsYesterday('monitor.loginsToday', 'Successful logins today, and yesterday', (start, end, dealerScope) => sql`
  select count(*)::int as n from login_logs l left join users u on u.id = l.user_id
  where l.created_at >= ${start}::timestamptz and l.created_at < ${end}::timestamptz and l.success and l.reason = 'ok'
    and ${dealerScope(sql`u.dealer_id`)}`);

/** PDA uploads taken (upload_logs ok), by the upload's dealer. */
export const uploadsToday = todayVsYesterday('monitor.uploadsToday', 'PDA uploads taken today, and yesterday', (start, end, dealerScope) => sql`
  select count(*)::int as n from upload_logs l
  where l.created_at >= ${start}::timestamptz and l.created_at < ${end}::timestamptz and l.ok and ${dealerScope(sql`l.dealer_id`)}`);

/** PDA uploads refused (upload_logs not ok), by the upload's dealer. */
export const uploadFailuresToday = todayVsYesterday('monitor.uploadFailuresToday', 'PDA uploads refused today, and yesterday', (start, end, dealerScope) => sql`
  select count(*)::int as n from upload_logs l
  where l.created_at >= ${start}::timestamptz and l.created_at < ${end}::timestamptz and not l.ok and ${dealerScope(sql`l.dealer_id`)}`);
