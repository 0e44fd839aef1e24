import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/client';
import { dayOf } from '../../stock/ledger';
import type { AnalyticsCtx } from '../registry';

/** Runs of consecutive days [first, last], both included. */
export type DayRuns = [string, string][];

/**
 * The days of from..to the channel roll-up has not rolled (today, and any the job has not reached;
 * docs/stock-model.md), as runs of consecutive days: what a whole-channel figure reads from the
 * ledger beside the rolled days' rows. `extras`: the days that do not hold that many of the later
 * roll-ups (channelRollup.ts EXTRAS_WITH) count as not rolled too. Days after today hold no moves
 * and are left out; the runs are found in SQL, so a range of centuries costs no more than a month.
 */
export async function daysNotRolled(ctx: Pick<AnalyticsCtx, 'db' | 'now'>, from: string, to: string, extras = 0): Promise<DayRuns> {
  const today = dayOf(ctx.now);
  const last = to < today ? to : today;
  if (from > last) return [];
  const runs = await queryRows<{ first: string; last: string }>(ctx.db, sql`
    select to_char(min(d), 'YYYY-MM-DD') as first, to_char(max(d), 'YYYY-MM-DD') as last
    from (
      select g::date as d, g::date - (row_number() over (order by g))::int as run
      from generate_series(${from}::date, ${last}::date, interval '1 day') g
      where not exists (select 1 from stock_channel_daily c where c.day = g::date and c.extras_rolled >= ${extras})
    ) x group by run order by 1`);
  return runs.map((r) => [r.first, r.last]);
}

/** The ledger's part of a whole-channel figure: `union all` and the statement `arm` makes of each run. */
export const unionRuns = (runs: DayRuns, arm: (run: [string, string]) => SQL): SQL =>
  sql.join(runs.map((run) => sql`union all ${arm(run)}`), sql` `);

/**
 * A roll-up row's day (`day`) outside the runs read from the ledger: the rows a figure reads
 * beside those runs. The runs are read once, before the statements; a day rolled after that
 * (a page's total, an export's later batches) stays with the ledger, never counted twice.
 */
export function outsideRuns(day: SQL, runs: DayRuns): SQL {
  if (!runs.length) return sql`true`;
  return sql`not (${sql.join(runs.map(([a, b]) => sql`${day} between ${a}::date and ${b}::date`), sql` or `)})`;
}
