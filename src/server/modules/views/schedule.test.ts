import { describe, expect, it } from 'vitest';
import { nextRun, zonedMoment } from './schedule';

const SH = 'Asia/Shanghai';
describe('when a subscription is due next', () => {
  it('daily: today at its time if still ahead, else tomorrow, in the business time zone', () => {
    // 2026-11-28 09:00 in Shanghai is 01:00 UTC.
    expect(nextRun({ frequency: 'daily', time: '08:30' }, new Date('2026-11-28T00:00:00Z'), SH).toISOString()).toBe('2026-11-28T00:30:00.000Z');
    expect(nextRun({ frequency: 'daily', time: '08:30' }, new Date('2026-11-28T00:30:00Z'), SH).toISOString()).toBe('2026-11-29T00:30:00.000Z');
  });

  it('weekly on a weekday, and monthly on a day', () => {
    // 2026-11-28 is a Saturday; the next Monday is 11-30.
    expect(nextRun({ frequency: 'weekly', weekday: 1, time: '07:00' }, new Date('2026-11-28T12:00:00Z'), SH).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(nextRun({ frequency: 'monthly', monthDay: 1, time: '00:15' }, new Date('2026-11-28T12:00:00Z'), SH).toISOString()).toBe('2026-11-30T16:15:00.000Z');
    expect(nextRun({ frequency: 'monthly', monthDay: 28, time: '23:00' }, new Date('2026-11-28T14:59:00Z'), SH).toISOString()).toBe('2026-11-28T15:00:00.000Z');
  });

  it('keeps the wall-clock time across a daylight saving change', () => {
    // Berlin moves to summer time on 2026-03-29: 08:00 is 07:00 UTC before, 06:00 UTC after.
    expect(zonedMoment(2026, 3, 28, 8 * 60, 'Europe/Berlin').toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(nextRun({ frequency: 'daily', time: '08:00' }, new Date('2026-03-28T08:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });
});
