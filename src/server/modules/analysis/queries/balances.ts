import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { queryRows } from '../../../db/client';
import { everyPlace, type AnalyticsCtx } from '../registry';
import { addDays, daysOf } from './window';
import { materialWhere, stockWhere } from './where';
import { getOrThrow } from '../../../../shared/must';

/**
 * A day's flows: in and out are every move (balances need them all); ship and receive are the
 * channel outbound and inbound (shared analytics/domain.ts `channelFlow`) that DOS, turnover
 * and the flow charts count.
 */
interface Flow { inQty: number; outQty: number; shipQty: number; receiveQty: number }

/** The stock book's reads one call's queries share (AnalyticsCtx.memo), by the filters they depend on. */
export interface StockMemo {
  onHand: Map<string, Promise<number>>;
  flows: Map<string, { since: string; started: boolean; flows: Promise<Map<string, Flow>> }>;
  /** The channel's last rolled day, read once for on hand and the flows alike. */
  lastRolled?: Promise<{ day: string; closing: number } | null>;
}
export const stockMemo = (): StockMemo => ({ onHand: new Map(), flows: new Map() });

/** The filters a stock figure depends on, as a memo key (a panel's own params, dimension, keyword do not change it). */
const stockKey = (f: AnalyticsFilters) => JSON.stringify([f.dealerId, f.warehouseId, f.brandId, f.specification, f.pattern, f.regionId]);

/**
 * Whether the filters leave whole warehouses, so the per-warehouse roll-up answers
 * (stock_warehouse_daily, docs/stock-model.md); a brand, specification or pattern needs the
 * per-material rows.
 */
const wholeWarehouses = (f: AnalyticsFilters) => !materialWhere(f, sql`0`);

/** Whether the call sees the whole channel: no data rules, no dealer, warehouse or material filter (the channel roll-up answers). */
export const wholeChannel = (ctx: AnalyticsCtx, f: AnalyticsFilters) => everyPlace(ctx, f) && wholeWarehouses(f);

/**
 * The last channel day rolled and its closing (channelRollup.ts), or null before the first roll.
 * Days roll in order from the first, so every day up to it is rolled.
 */
function lastRolledDay(ctx: AnalyticsCtx): Promise<{ day: string; closing: number } | null> {
  const read = async () => {
    const [last] = await queryRows<{ day: string; closing: number }>(ctx.db, sql`
      select to_char(day, 'YYYY-MM-DD') as day, closing from stock_channel_daily order by day desc limit 1`);
    return last ? { day: last.day, closing: Number(last.closing) } : null;
  };
  if (!ctx.memo) return read();
  return (ctx.memo.lastRolled ??= read());
}

/**
 * Tyres on hand now within the scope and filters; once per batch. The whole channel, once a day
 * is rolled: the closing of the last day rolled plus the net flow of the warehouse rows after it
 * (today's: a few rows, whatever the channel's size); else the stock_on_hand roll-up.
 */
export function onHandNow(ctx: AnalyticsCtx, f: AnalyticsFilters): Promise<number> {
  const read = async () => {
    const last = wholeChannel(ctx, f) ? await lastRolledDay(ctx) : null;
    const [row] = await queryRows<{ qty: number }>(ctx.db, last
      ? sql`select (${last.closing} + coalesce(sum(x.in_qty - x.out_qty), 0))::int as qty from stock_warehouse_daily x where x.day > ${last.day}::date`
      : sql`select coalesce(sum(s.qty), 0)::int as qty from stock_on_hand s where ${stockWhere(ctx, f, 's')}`);
    return Number(row.qty);
  };
  if (!ctx.memo) return read();
  const key = stockKey(f);
  let held = ctx.memo.onHand.get(key);
  if (!held) ctx.memo.onHand.set(key, (held = read()));
  return held;
}

/**
 * The flows per day from `since` (to `until` when given). Within a batch the days are read once:
 * the read waits for the calls made in the same turn (a dashboard's panels start together) and
 * covers the earliest day any of them asks; a later call reaching further back reads only the
 * days before those already read.
 */
export function dailyFlows(ctx: AnalyticsCtx, f: AnalyticsFilters, since: string, until?: string): Promise<Map<string, Flow>> {
  if (!ctx.memo || until) return readFlows(ctx, f, since, until);
  const key = stockKey(f);
  const held = ctx.memo.flows.get(key);
  if (held && (!held.started || held.since <= since)) {
    if (!held.started && since < held.since) held.since = since;
    return held.flows;
  }
  const entry = { since, started: false, flows: Promise.resolve(new Map<string, Flow>()) };
  const later = held?.flows;
  const until$ = held ? addDays(held.since, -1) : undefined;
  entry.flows = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
    entry.started = true;
    const earlier = await readFlows(ctx, f, entry.since, until$);
    return later ? new Map([...earlier, ...(await later)]) : earlier;
  });
  ctx.memo.flows.set(key, entry);
  return entry.flows;
}

/**
 * The flows per day: the whole channel from its rolled days and the warehouse rows of the days
 * after the last one rolled; whole warehouses from the per-warehouse roll-up (a row per warehouse
 * and day, stock_warehouse_daily_flow_idx covers them); else from stock_daily (stock_daily_flow_idx).
 */
async function readFlows(ctx: AnalyticsCtx, f: AnalyticsFilters, since: string, until?: string): Promise<Map<string, Flow>> {
  const within = (day: SQL) => sql`${day} >= ${since} ${until ? sql`and ${day} <= ${until}` : sql``}`;
  const flowsOf = (table: string, where: SQL) => sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.in_qty)::int as "inQty", sum(d.out_qty)::int as "outQty",
      sum(d.ship_qty)::int as "shipQty", sum(d.receive_qty)::int as "receiveQty"
    from ${sql.raw(table)} d where ${within(sql`d.day`)} and ${where} group by d.day`;
  const last = wholeChannel(ctx, f) ? await lastRolledDay(ctx) : null;
  const rows = await queryRows<Record<keyof Flow, number> & { day: string }>(ctx.db, last
    ? sql`
      select to_char(c.day, 'YYYY-MM-DD') as day, c.in_qty::int as "inQty", c.out_qty::int as "outQty", c.ship_qty::int as "shipQty", c.receive_qty::int as "receiveQty"
      from stock_channel_daily c where ${within(sql`c.day`)}
      union all
      ${flowsOf('stock_warehouse_daily', sql`d.day > ${last.day}::date`)}`
    : flowsOf(wholeWarehouses(f) ? 'stock_warehouse_daily' : 'stock_daily', stockWhere(ctx, f, 'd')));
  return new Map(rows.map((r) => [r.day, {
    inQty: Number(r.inQty), outQty: Number(r.outQty), shipQty: Number(r.shipQty), receiveQty: Number(r.receiveQty),
  }]));
}

/**
 * Balances of past days without scanning the ledger: the stock at the end of day d is the
 * stock now minus the net flow (in − out) of every later day, all read from the roll-ups.
 * `since` is the earliest day the caller asks about.
 */
export async function stockBook(ctx: AnalyticsCtx, f: AnalyticsFilters, since: string) {
  const [now, flows] = await Promise.all([onHandNow(ctx, f), dailyFlows(ctx, f, since)]);
  const days = [...flows.keys()].sort();
  /** netFrom[i]: the net flow of days[i] and every later day: every move, transfers and corrections too. */
  const netFrom = new Array<number>(days.length + 1).fill(0);
  for (let i = days.length - 1; i >= 0; i--) {
    const flow = getOrThrow(flows, days[i], 'the flow of a day read');
    netFrom[i] = netFrom[i + 1] + flow.inQty - flow.outQty;
  }
  return {
    /** On hand at the end of `day` (day ≥ since). */
    at(day: string): number {
      let lo = 0, hi = days.length; // binary search for the first flow day after `day`
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (days[mid] > day) hi = mid; else lo = mid + 1;
      }
      return now - netFrom[lo];
    },
    /** Outbound over the days from..to (from ≥ since): channel outbound (domain.ts `channelFlow`), not transfers or corrections. */
    outbound(from: string, to: string): number {
      return daysOf(from, to).reduce((sum, d) => sum + (flows.get(d)?.shipQty ?? 0), 0);
    },
  };
}
