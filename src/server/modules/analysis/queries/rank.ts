import { sql } from 'drizzle-orm';
import type { DashboardQueryId } from '../../../../shared/analytics/dashboards';
import { DEALER_RANKING_TYPES } from '../../../../shared/analytics/domain';
import type { OrderType } from '../../../../shared/orders/orderTypes';
import { queryRows } from '../../../db/client';
import type { DashboardQuery } from '../registry';
import { typeList } from '../reports/reportSql';
import { wholeChannel } from './balances';
import { daysNotRolled, outsideRuns, unionRuns } from './rolledDays';
import { stockWhere } from './where';
import { addDays, startOf, windowOf } from './window';

/**
 * Top 10 dealers by the tyres their moves of `types` carried in the range: the net of the moves'
 * signed qty (a reversing move of the same type cancels), turned positive for outbound (sign −1).
 * The whole channel reads the rolled days' net moves per dealer (stock_channel_dealer_days) and
 * the ledger for the days not rolled; otherwise the ledger's range (stock_moves_flow_idx covers
 * moved_at, order_type, qty, dealer_id, warehouse_id).
 */
function dealerRanking(id: DashboardQueryId, summary: string, types: readonly OrderType[], sign: 1 | -1): DashboardQuery {
  const typeSql = typeList(...types);
  return {
    id, summary,
    async run(ctx, f) {
      const { from, to } = windowOf(ctx, f);
      const ledger = (start: string, end: string, where = sql`true`) => sql`
        select m.dealer_id, m.qty from stock_moves m
        where m.moved_at >= ${startOf(start)}::timestamptz and m.moved_at < ${startOf(addDays(end, 1))}::timestamptz
          and m.order_type in (${typeSql}) and m.dealer_id is not null and ${where}`;
      const runs = wholeChannel(ctx, f) ? await daysNotRolled(ctx, from, to) : [];
      const moves = wholeChannel(ctx, f)
        ? sql`
          select d.dealer_id, d.qty from stock_channel_dealer_days d
          where d.order_type in (${typeSql}) and d.day between ${from}::date and ${to}::date and ${outsideRuns(sql`d.day`, runs)}
          ${unionRuns(runs, ([start, end]) => ledger(start, end))}`
        : ledger(from, to, stockWhere(ctx, f, 'm'));
      return queryRows(ctx.db, sql`
        select r."dealerId", d.name as dealer, r.qty
        from (
          select x.dealer_id as "dealerId", (${sql.raw(String(sign))} * sum(x.qty))::int as qty
          from (${moves}) x
          group by x.dealer_id
          order by qty desc, x.dealer_id
          limit 10
        ) r join dealers d on d.id = r."dealerId"
        order by r.qty desc, r."dealerId"`);
    },
  };
}

export const dealersByReceipts = dealerRanking('rank.dealersPR', 'Top 10 dealers by purchase receipts (PR and PB) in the range', DEALER_RANKING_TYPES.receipts, 1);
export const dealersBySales = dealerRanking('rank.dealersWL', 'Top 10 dealers by sales outbound (WL and WC) in the range', DEALER_RANKING_TYPES.sales, -1);
