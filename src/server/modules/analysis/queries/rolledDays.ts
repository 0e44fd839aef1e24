import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import type { AnalyticsCtx } from '../registry';
import { addDays, daysOf } from './window';

/**
 * The days of from..to the channel roll-up has not rolled (today, and any the job has not reached;
 * docs/stock-model.md), as runs of consecutive days [first, last]: what a whole-channel figure
 * reads from the ledger beside the rolled days' rows. `extras`: the days that do not hold that
 * many of the later roll-ups (channelRollup.ts EXTRAS_WITH) count as not rolled too.
 */
export async function daysNotRolled(ctx: Pick<AnalyticsCtx, 'db'>, from: string, to: string, extras = 0): Promise<[string, string][]> {
  const rolled = new Set((await queryRows<{ day: string }>(ctx.db, sql`
    select to_char(day, 'YYYY-MM-DD') as day from stock_channel_daily
    where day between ${from}::date and ${to}::date and extras_rolled >= ${extras}`)).map((r) => r.day));
  const runs: [string, string][] = [];
  for (const day of daysOf(from, to).filter((d) => !rolled.has(d))) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day; else runs.push([day, day]);
  }
  return runs;
}
