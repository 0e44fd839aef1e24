import { z } from 'zod';

/**
 * The years a day may fall in: every business date the console records or asks about, and none
 * whose next day or time-zone shift leaves the four-digit years (9999-12-31's next day is year
 * 10000, which PostgreSQL refuses as a timestamp).
 */
export const DAY_YEARS = { first: 1900, last: 2999 } as const;

/** Whether `YYYY-MM-DD` names a day of the calendar in DAY_YEARS (no 2026-02-30, no month 13). */
export function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  if (!(year >= DAY_YEARS.first && year <= DAY_YEARS.last && month >= 1 && month <= 12 && day >= 1)) return false;
  // Day 0 of the next month is the last of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A day as calls send it, `YYYY-MM-DD`, and a real one: a day the pattern takes but the calendar
 * has not (2026-13-45, 9999-12-31) is bad input, not a database error.
 */
export const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isCalendarDay, { params: { messageKey: 'invalidValue' } });
