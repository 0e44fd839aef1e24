import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, DATE_TIME_FORMAT, DAY_FORMAT, formatDateTime, formatDay, formatTime, TIME_FORMAT } from './dates';

const moments = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });

describe('dates', () => {
  it('formats any moment exactly as dayjs does', () => {
    fc.assert(fc.property(moments, (d) => {
      expect(formatDateTime(d)).toBe(dayjs(d).format(DATE_TIME_FORMAT));
      expect(formatDay(d)).toBe(dayjs(d).format(DAY_FORMAT));
      expect(formatTime(d)).toBe(dayjs(d).format(TIME_FORMAT));
    }), { numRuns: 2000 });
  });

  it('reads ISO strings and epoch milliseconds as the same moment', () => {
    const d = new Date(2026, 10, 28, 9, 5, 7);
    expect(formatDateTime(d.toISOString())).toBe('2026-11-28 09:05:07');
    expect(formatDateTime(d.getTime())).toBe('2026-11-28 09:05:07');
  });

  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-11-28', 3)).toBe('2026-12-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
  });

  it('adds months from a month\'s first day to another month\'s first day', () => {
    expect(addMonths('2026-11-01', 1)).toBe('2026-12-01');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01');
  });
});
