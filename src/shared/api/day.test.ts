import { describe, expect, it } from 'vitest';
import { calendarDay, isCalendarDay } from './day';

describe('calendarDay', () => {
  it('takes days of the calendar and refuses what only looks like one', () => {
    for (const day of ['2026-01-01', '2024-02-29', '2000-02-29', '1900-01-01', '2999-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01', '2026-01-00', '7576-81-85', '1899-12-31', '3000-01-01', '9999-12-31', '0001-01-01']) expect(isCalendarDay(day), day).toBe(false);
    expect(calendarDay.safeParse('2026-11-25').success).toBe(true);
    expect(calendarDay.safeParse('2026-11-25T00:00').success).toBe(false);
    expect(calendarDay.safeParse('2026-02-30').success).toBe(false);
  });
});
