import { sql } from 'drizzle-orm';
import { CHANNEL_INBOUND_TYPES } from '../../../../shared/analytics/domain';
import { queryRows } from '../../../db/client';
import type { DashboardQuery } from '../registry';
import { dailyFlows, wholeChannel } from './balances';
import { stockWhere } from './where';
import { daysNotRolled, outsideRuns, unionRuns } from './rolledDays';
import { addDays, periodsOf, startOf, windowOf } from './window';

/**
 * Channel inbound and outbound per period of the range (domain.ts `channelFlow`: receipts and
 * returns in, shipping orders out; transfers, loss/overflow and corrections neither), sums of the
 * roll-up's receive_qty and ship_qty; every period listed, zeros too.
 */
export const byPeriod: DashboardQuery = {
  id: 'flow.byPeriod', summary: 'Channel inbound (receipts, returns) and outbound (shipping orders) per period of the range',
  async run(ctx, f) {
    const { from, to } = windowOf(ctx, f);
    const flows = await dailyFlows(ctx, f, from, to);
    return periodsOf(from, to, f.dimension).map(({ period, days }) => ({
      period,
      inQty: days.reduce((sum, d) => sum + (flows.get(d)?.receiveQty ?? 0), 0),
      outQty: days.reduce((sum, d) => sum + (flows.get(d)?.shipQty ?? 0), 0),
    }));
  },
};

/** The server's time zone: business days and hours are local, like the roll-up's days. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Channel inbound moves (domain.ts `channelFlow`: +1 of receipts and returns, not transfers in or
 * overflows, as the inbound time analysis report it drills to) in the range by ISO weekday
 * (1 Monday … 7 Sunday) and hour of day, local time; all 7 × 24 cells. The whole channel reads
 * the hours of its rolled days (stock_channel_inbound_hours) and the ledger for the days not
 * rolled; otherwise the ledger for the range (stock_moves_flow_idx).
 */
export const inboundHours: DashboardQuery = {
  id: 'flow.inboundHours', summary: 'Channel inbound moves (receipts, returns) in the range by weekday and hour',
  async run(ctx, f) {
    const { from, to } = windowOf(ctx, f);
    const hours = (start: string, end: string) => sql`
      select extract(isodow from m.moved_at at time zone ${timeZone})::int as weekday,
             extract(hour from m.moved_at at time zone ${timeZone})::int as hour, sum(m.qty)::int as qty
      from stock_moves m
      where m.moved_at >= ${startOf(start)}::timestamptz and m.moved_at < ${startOf(addDays(end, 1))}::timestamptz
        and m.order_type in (${sql.join(CHANNEL_INBOUND_TYPES.map((t) => sql`${t}`), sql`, `)}) and m.qty > 0 and ${stockWhere(ctx, f, 'm')}
      group by 1, 2`;
    let query = hours(from, to);
    if (wholeChannel(ctx, f)) {
      const runs = await daysNotRolled(ctx, from, to);
      query = sql`
        select extract(isodow from h.day)::int as weekday, h.hour, sum(h.qty)::int as qty
        from stock_channel_inbound_hours h where h.day between ${from}::date and ${to}::date and ${outsideRuns(sql`h.day`, runs)} group by 1, 2
        ${unionRuns(runs, ([start, end]) => hours(start, end))}`;
    }
    const rows = await queryRows<{ weekday: number; hour: number; qty: number }>(ctx.db, query);
    const qty = new Map<string, number>();
    for (const r of rows) qty.set(`${r.weekday}|${r.hour}`, (qty.get(`${r.weekday}|${r.hour}`) ?? 0) + Number(r.qty));
    return Array.from({ length: 7 * 24 }, (_, i) => {
      const [weekday, hour] = [Math.floor(i / 24) + 1, i % 24];
      return { weekday, hour, qty: qty.get(`${weekday}|${hour}`) ?? 0 };
    });
  },
};
