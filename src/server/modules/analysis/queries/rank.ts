import { sql } from 'drizzle-orm';
import type { DashboardQueryId } from '../../../../shared/analytics/dashboards';
import type { OrderType } from '../../../../shared/orders/orderTypes';
import { queryRows } from '../../../db/client';
import type { DashboardQuery } from '../registry';
import { stockWhere } from './where';
import { addDays, startOf, windowOf } from './window';

/**
 * Top 10 dealers by the tyres their moves of `types` carried in the range: the net of the moves'
 * signed qty (a reversing move of the same type cancels), turned positive for outbound (sign −1).
 * Reads the range of stock_moves_flow_idx (moved_at, order_type, qty, dealer_id, warehouse_id).
 */
function dealerRanking(id: DashboardQueryId, summary: string, types: OrderType[], sign: 1 | -1): DashboardQuery {
  return {
    id, summary,
    async run(ctx, f) {
      const { from, to } = windowOf(ctx, f);
      return queryRows(ctx.db, sql`
        select r."dealerId", d.name as dealer, r.qty
        from (
          select m.dealer_id as "dealerId", (${sql.raw(String(sign))} * sum(m.qty))::int as qty
          from stock_moves m
          where m.moved_at >= ${startOf(from)}::timestamptz and m.moved_at < ${startOf(addDays(to, 1))}::timestamptz
            and m.order_type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}) and m.dealer_id is not null and ${stockWhere(ctx, f, 'm')}
          group by m.dealer_id
          order by qty desc, m.dealer_id
          limit 10
        ) r join dealers d on d.id = r."dealerId"
        order by r.qty desc, r."dealerId"`);
    },
  };
}

export const dealersByReceipts = dealerRanking('rank.dealersPR', 'Top 10 dealers by purchase receipts (PR and PB) in the range', ['PR', 'PB'], 1);
export const dealersBySales = dealerRanking('rank.dealersWL', 'Top 10 dealers by sales outbound (WL and WC) in the range', ['WL', 'WC'], -1);
