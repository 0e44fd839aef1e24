import { FREQUENCIES, type SubscriptionRow, type SubscriptionSchedule } from '../../../shared/api/savedViews';
import type { viewSubscriptions } from '../../db/schema';

/** The wall-clock parts of a moment in a time zone. */
function partsIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), hour: Number(get('hour')), minute: Number(get('minute')), second: Number(get('second')), weekday };
}

/** The moment a wall-clock time in a time zone stands for (the later of two in a repeated hour; a skipped one moves on by the gap). */
export function zonedMoment(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  const offsetAt = (t: number) => {
    const p = partsIn(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/**
 * The first moment after `after` that a schedule is due: every day, one weekday of each week or one
 * day of each month, at its time in the business time zone.
 */
export function nextRun(schedule: SubscriptionSchedule, after: Date, timeZone: string): Date {
  const [h, m] = schedule.time.split(':').map(Number);
  const minute = h * 60 + m;
  const today = partsIn(after, timeZone);
  // Day by day from today, by the calendar of the zone (a month holds day 28, so 62 days always find one).
  for (let i = 0; i < 62; i++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    const weekday = ((date.getUTCDay() + 6) % 7) + 1;
    if (schedule.frequency === 'weekly' && weekday !== schedule.weekday) continue;
    if (schedule.frequency === 'monthly' && date.getUTCDate() !== schedule.monthDay) continue;
    const at = zonedMoment(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minute, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('no run within 62 days');
}

type SubscriptionRecord = typeof viewSubscriptions.$inferSelect;

export const scheduleOf = (row: SubscriptionRecord): SubscriptionSchedule => ({
  frequency: FREQUENCIES.find((f) => f === row.frequency) ?? 'daily',
  weekday: row.weekday ?? undefined,
  monthDay: row.monthDay ?? undefined,
  time: `${String(Math.floor(row.atMinute / 60)).padStart(2, '0')}:${String(row.atMinute % 60).padStart(2, '0')}`,
});

/** A subscription as the console shows it. */
export const subscriptionOf = (row: SubscriptionRecord): SubscriptionRow => ({
  id: row.id, frequency: scheduleOf(row).frequency, weekday: row.weekday, monthDay: row.monthDay, time: scheduleOf(row).time,
  status: row.status, stoppedReason: row.stoppedReason, nextRunAt: row.nextRunAt.toISOString(), lastRunAt: row.lastRunAt?.toISOString() ?? null,
});
