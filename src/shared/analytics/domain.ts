/**
 * Domain maths of the analytics (docs/product.md#glossary). The server's SQL computes the
 * same figures over many rows; these functions define them, and the hand-worked tests of both
 * sides check against each other.
 */
import { ORDER_TYPE_CODES, ORDER_TYPES, type OrderType } from '../orders/orderTypes';
import { isKeyOf } from '../must';

/** DOT date code WWYY: production week and year (2324 = week 23 of 2024). null when not a DOT code. */
export function parseDot(code: string | null | undefined): { week: number; year: number } | null {
  if (!code || !/^\d{4}$/.test(code)) return null;
  const week = Number(code.slice(0, 2));
  const year = 2000 + Number(code.slice(2));
  if (week < 1 || week > 53) return null;
  return { week, year };
}

/** Monday of ISO week `week` of `year` (UTC). */
export function isoWeekStart(year: number, week: number): Date {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  return new Date(monday.getTime() + (week - 1) * 7 * 86_400_000);
}

/** DOT age in whole weeks: from the production week's Monday to `now`. */
export function dotAgeWeeks(code: string, now: Date): number | null {
  const dot = parseDot(code);
  if (!dot) return null;
  return Math.floor((now.getTime() - isoWeekStart(dot.year, dot.week).getTime()) / (7 * 86_400_000));
}

/** Stock-age buckets by whole months since inbound: 0-3, 4-6, 7-9, 10-12, over 12. */
export const STOCK_AGE_BUCKETS = ['0-3', '4-6', '7-9', '10-12', '12+'] as const;
export type StockAgeBucket = (typeof STOCK_AGE_BUCKETS)[number];

/** Whole calendar months from `from` to `to` (a month is complete when its day of month is reached). */
export function monthsBetween(from: Date, to: Date): number {
  let months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  if (to.getDate() < from.getDate()) months -= 1;
  return Math.max(0, months);
}

export function stockAgeBucket(inbound: Date, now: Date): StockAgeBucket {
  const m = monthsBetween(inbound, now);
  if (m <= 3) return '0-3';
  if (m <= 6) return '4-6';
  if (m <= 9) return '7-9';
  if (m <= 12) return '10-12';
  return '12+';
}

/**
 * Channel flow: what "outbound" and "inbound" mean in DOS, turnover and the flow charts (the
 * one definition; the queries cite it). Outbound = tyres that LEFT THE CHANNEL through an
 * outbound order: the −1 moves of the order types whose stock effect is `ship` (sales and
 * consigned shipments WL/WC, returns to the supplier WI/LB, outsourced and dump deliveries
 * XO/ZO, warranty claims out CO). Inbound = tyres that ENTERED the channel: the +1 moves of
 * `receive` and `return` orders (PR, PB, OX, OC, ZI; LR, LC, CI).
 * Neither: transfers between warehouses (TR: the tyre stays in the channel, on hand of a dealer
 * owning both warehouses does not change), stocktake loss/overflow and the relocations of an
 * overflow (DO: book corrections, not trade), and barcode-trace corrections (they post under
 * the cancelled order's type with the opposite sign, so a reversed sale is a +1 of a ship type
 * and a reversed receipt a −1 of a receive type: outside both). A cancelled order's own move
 * stays counted on its day; the roll-up never rewrites a past day.
 * Every move still counts in the daily roll-up's in/out, which the balance reports and the
 * stock at the end of a day read (opening + in − out = closing). The roll-up keeps channel
 * flow apart in `stock_daily.ship_qty` and `receive_qty` (docs/stock-model.md).
 */
export function channelFlow(orderType: string, qty: number): 'ship' | 'receive' | null {
  if (!isKeyOf(ORDER_TYPES, orderType)) return null;
  const { effect } = ORDER_TYPES[orderType];
  if (effect === 'ship' && qty < 0) return 'ship';
  if ((effect === 'receive' || effect === 'return') && qty > 0) return 'receive';
  return null;
}
/** Order types whose −1 moves are channel outbound (`channelFlow`), for SQL over the ledger. */
export const CHANNEL_OUTBOUND_TYPES = ORDER_TYPE_CODES.filter((t) => channelFlow(t, -1) === 'ship');
/** Order types whose +1 moves are channel inbound (`channelFlow`), for SQL over the ledger. */
export const CHANNEL_INBOUND_TYPES = ORDER_TYPE_CODES.filter((t) => channelFlow(t, 1) === 'receive');

/** The dealer rankings (top 10 by the net moves of their order types): purchase receipts, and sales outbound. */
export const DEALER_RANKING_TYPES = { receipts: ['PR', 'PB'], sales: ['WL', 'WC'] } as const satisfies Record<string, readonly OrderType[]>;
/** Every order type a dealer ranking counts: the channel's closed days keep their net moves per dealer (stock_channel_dealer_days). */
export const RANKED_ORDER_TYPES: readonly OrderType[] = [...DEALER_RANKING_TYPES.receipts, ...DEALER_RANKING_TYPES.sales];

/** DOS: on hand divided by average daily outbound (`channelFlow`) over the trailing window (30 days unless chosen); null when nothing went out. */
export function daysOfStock(onHand: number, outboundInWindow: number, windowDays = 30): number | null {
  if (outboundInWindow <= 0) return null;
  return onHand / (outboundInWindow / windowDays);
}

/** Turnover rate: outbound (`channelFlow`) in a period divided by the average stock in that period; null when no stock was held. */
export function turnoverRate(outbound: number, averageStock: number): number | null {
  if (averageStock <= 0) return null;
  return outbound / averageStock;
}

/** Date dimensions every report and dashboard can group by. */
export const DATE_DIMENSIONS = ['day', 'week', 'month', 'quarter', 'halfYear', 'year'] as const;
export type DateDimension = (typeof DATE_DIMENSIONS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The period a calendar day (`YYYY-MM-DD`) falls in, as its label: 2026-11-22, 2026-W47,
 * 2026-11, 2026-Q4, 2026-H2, 2026. Weeks are ISO weeks (Monday first; the week of 1 January
 * may belong to the previous year's last week).
 */
export function periodOf(day: string, dimension: DateDimension): string {
  const [y, m, d] = day.split('-').map(Number);
  switch (dimension) {
    case 'day': return `${y}-${pad(m)}-${pad(d)}`;
    case 'month': return `${y}-${pad(m)}`;
    case 'quarter': return `${y}-Q${Math.ceil(m / 3)}`;
    case 'halfYear': return `${y}-H${m <= 6 ? 1 : 2}`;
    case 'year': return String(y);
    case 'week': {
      const date = new Date(Date.UTC(y, m - 1, d));
      const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * 86_400_000);
      const isoYear = thursday.getUTCFullYear();
      const week = 1 + Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / (7 * 86_400_000));
      return `${isoYear}-W${pad(week)}`;
    }
  }
}

/** The calendar days a period label covers (the inverse of `periodOf`), for drill-down filters. */
export function periodRange(label: string, dimension: DateDimension): { dateFrom: string; dateTo: string } {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const lastOfMonth = (y: number, m: number) => iso(new Date(Date.UTC(y, m, 0)));
  const y = Number(label.slice(0, 4));
  switch (dimension) {
    case 'day': return { dateFrom: label, dateTo: label };
    case 'month': {
      const m = Number(label.slice(5, 7));
      return { dateFrom: `${label}-01`, dateTo: lastOfMonth(y, m) };
    }
    case 'quarter': {
      const q = Number(label.slice(6));
      return { dateFrom: `${y}-${pad(q * 3 - 2)}-01`, dateTo: lastOfMonth(y, q * 3) };
    }
    case 'halfYear':
      return label.endsWith('H1') ? { dateFrom: `${y}-01-01`, dateTo: `${y}-06-30` } : { dateFrom: `${y}-07-01`, dateTo: `${y}-12-31` };
    case 'year': return { dateFrom: `${y}-01-01`, dateTo: `${y}-12-31` };
    case 'week': {
      const start = isoWeekStart(y, Number(label.slice(6)));
      return { dateFrom: iso(start), dateTo: iso(new Date(start.getTime() + 6 * 86_400_000)) };
    }
  }
}
