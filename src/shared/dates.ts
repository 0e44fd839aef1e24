import dayjs from 'dayjs';

/**
 * Dates as both sides show and keep them: one helper, on dayjs. Moments read in the local time
 * zone (the server runs in the business time zone, docs/product.md, Constants); days are
 * calendar days written `YYYY-MM-DD`.
 */

/** How a moment is shown and exported: 'year-month-day hours:minutes:seconds' (docs/product.md, Constants). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DAY_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm:ss';

type Moment = Date | string | number;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const dayPart = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const timePart = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const asDate = (at: Moment) => (at instanceof Date ? at : dayjs(at).toDate());

// The three formats every row of an export and every posting writes are put together here, the
// same as dayjs writes them (dates.test.ts compares the two over any moment): dayjs's `format`
// takes about 20 µs a call against about 1 µs, which a million-row export would pay per cell.

/** A moment as `YYYY-MM-DD HH:mm:ss`. */
export const formatDateTime = (at: Moment) => {
  const d = asDate(at);
  return `${dayPart(d)} ${timePart(d)}`;
};

/** The calendar day of a moment, `YYYY-MM-DD`: the business day of a move, a report's "today". */
export const formatDay = (at: Moment) => dayPart(asDate(at));

/** The time of day of a moment, `HH:mm:ss`. */
export const formatTime = (at: Moment) => timePart(asDate(at));

/** A moment in any other dayjs format ('MM-DD HH:mm'). */
export const formatAs = (at: Moment, format: string) => dayjs(at).format(format);

/** The calendar day `n` days after `day` (before it when negative); days as dates, whatever the time zone. */
export const addDays = (day: string, n: number) => dayjs(`${day}T00:00:00Z`).add(n, 'day').toISOString().slice(0, 10);

/** The calendar day `n` months after `day` (a month's first day gives the first of another month). */
export const addMonths = (day: string, n: number) => dayjs(`${day}T00:00:00Z`).add(n, 'month').toISOString().slice(0, 10);
