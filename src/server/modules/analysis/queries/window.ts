import { periodOf, type DateDimension } from '../../../../shared/analytics/domain';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import { dayOf } from '../../stock/ledger';
import { addDays } from '../../../../shared/dates';
import type { AnalyticsCtx } from '../registry';

/** Calendar-day maths on `YYYY-MM-DD` (business days are the server's local days, like the roll-up's). */
/** Calendar days (`addDays` of src/shared/dates.ts), for the queries that import them from here. */
export { addDays };

/** Every day from `from` to `to`, both included (empty when from is after to). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The moment a business day starts (local midnight), as an SQL timestamptz parameter. */
export function startOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/** The filters' inclusive day range; the default window is the 30 days ending today (or ending dateTo). */
export function windowOf(ctx: AnalyticsCtx, f: AnalyticsFilters): { from: string; to: string } {
  const to = f.dateTo ?? dayOf(ctx.now);
  return { from: f.dateFrom ?? addDays(to, -29), to };
}

/** The periods of a day range by dimension (labels as periodOf), each with its days inside the range. */
export function periodsOf(from: string, to: string, dimension: DateDimension): { period: string; days: string[] }[] {
  const periods = new Map<string, string[]>();
  for (const day of daysOf(from, to)) {
    const period = periodOf(day, dimension);
    let days = periods.get(period);
    if (!days) periods.set(period, (days = []));
    days.push(day);
  }
  return [...periods].map(([period, days]) => ({ period, days }));
}
