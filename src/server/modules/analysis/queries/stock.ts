import { daysOfStock, turnoverRate } from '../../../../shared/analytics/domain';
import type { DashboardQuery } from '../registry';
import { stockBook } from './balances';
import { addDays, daysOf, periodsOf, windowOf } from './window';

/** Stock now against a week ago: value = on hand at the end of the range (today by default), previous = 7 days earlier. */
export const onHand: DashboardQuery = {
  id: 'stock.onHand', summary: 'Tyres on hand at the end of the range (today), and 7 days earlier',
  async run(ctx, f) {
    const { to } = windowOf(ctx, f);
    const book = await stockBook(ctx, f, addDays(to, -7));
    return [{ value: book.at(to), previous: book.at(addDays(to, -7)) }];
  },
};

/** On hand at the end of each period of the range (a period cut by the range ends at the range's last day). */
export const trend: DashboardQuery = {
  id: 'stock.trend', summary: 'Tyres on hand at the end of each period of the range',
  async run(ctx, f) {
    const { from, to } = windowOf(ctx, f);
    const book = await stockBook(ctx, f, from);
    return periodsOf(from, to, f.dimension).map(({ period, days }) => ({ period, onHand: book.at(days[days.length - 1]) }));
  },
};

/**
 * DOS (docs/product.md#glossary, domain.ts daysOfStock): on hand at the end of the range's last day
 * divided by the average daily outbound of the 30 days ending that day; previous = 7 days earlier.
 */
export const dos: DashboardQuery = {
  id: 'stock.dos', summary: 'Days of stock: on hand / (outbound of the trailing 30 days / 30), and 7 days earlier',
  async run(ctx, f) {
    const { to } = windowOf(ctx, f);
    const book = await stockBook(ctx, f, addDays(to, -36));
    const at = (end: string) => daysOfStock(book.at(end), book.outbound(addDays(end, -29), end));
    return [{ value: at(to), previous: at(addDays(to, -7)) }];
  },
};

/**
 * Turnover rate (docs/product.md#glossary, domain.ts turnoverRate): outbound in the range divided by the
 * average of the daily closing stock over the range's days; previous = the preceding range of equal length.
 */
export const turnover: DashboardQuery = {
  id: 'stock.turnover', summary: 'Turnover: outbound in the range / average daily on hand, and the preceding period',
  async run(ctx, f) {
    const { from, to } = windowOf(ctx, f);
    const length = daysOf(from, to).length;
    const book = await stockBook(ctx, f, addDays(from, -length));
    const rate = (start: string, end: string) => {
      const days = daysOf(start, end);
      if (!days.length) return null;
      return turnoverRate(book.outbound(start, end), days.reduce((sum, d) => sum + book.at(d), 0) / days.length);
    };
    return [{ value: rate(from, to), previous: rate(addDays(from, -length), addDays(from, -1)) }];
  },
};
