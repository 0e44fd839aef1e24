import { sql, type SQL } from 'drizzle-orm';
import { DEALER_RANKING_TYPES } from '../../../shared/analytics/domain';
import { queryRows, type Db } from '../../db/client';
import { EXTRAS_WITH } from './channelRollup';
import { heldEnd, heldEndSql, rollTrailing, TRAILING_DAYS } from './trailingWindow';

/**
 * The trailing window of the dealer rankings (docs/stock-model.md, "The rankings' trailing pairs"): per
 * ranking, dealer and material, on how many days of the 30 ending on a closed day the dealer's
 * moves of the ranking's order types carried the material. A dealer's materials over the window
 * ending today are then its pairs still held after the days leaving, plus those of the days
 * entering, rather than a month of dealer × material × day rows hashed into pairs (a million for
 * the sales ranking at ten million tyres). Read from the channel's dealer materials
 * (stock_channel_dealer_materials), so only days rolled with them move the window.
 */
export type Ranking = keyof typeof DEALER_RANKING_TYPES;
const N = sql.raw(String(TRAILING_DAYS));

/** The order types of each ranking, as rows (ranking, order_type). */
const RANKING_TYPES = sql`(values ${sql.join(Object.entries(DEALER_RANKING_TYPES)
  .flatMap(([ranking, types]) => types.map((t) => sql`(${ranking}, ${t})`)), sql`, `)}) r(ranking, order_type)`;

/** Each ranking's dealer × material pairs per day of (after, upTo]: a row per pair and day. */
const pairDays = (after: SQL, upTo: SQL) => sql`
  select distinct r.ranking, d.dealer_id, d.material_id, d.day
  from stock_channel_dealer_materials d join ${RANKING_TYPES} on r.order_type = d.order_type
  where d.day > ${after} and d.day <= ${upTo}`;

/** The end day of the pairs held, read in the statement that uses it. */
export const HELD_PAIRS_END = heldEndSql('stock_channel_trailing_pairs_end');

/** The window ending on `end` from scratch: each pair's days. */
const pairsFromScratch = (end: SQL) => sql`
  select ranking, dealer_id, material_id, count(*)::int as days from (${pairDays(sql`${end} - ${N}`, end)}) p group by 1, 2, 3`;

/**
 * Moves the pairs on (`rollTrailing`) only when every day entering (every day of the window,
 * from scratch), from the channel's first rolled day on, holds its dealer materials
 * (EXTRAS_WITH.dealerOrders); else it waits for the job to fill them in. The days leaving were
 * checked when they entered.
 */
export const rollUpTrailingPairs = (db: Db, now = new Date()) => rollTrailing(db, now, {
  endTable: 'stock_channel_trailing_pairs_end',
  lock: 7310302,
  async ready(tx, first, end) {
    const [{ missing }] = await queryRows<{ missing: boolean }>(tx, sql`
      select (select min(day) from stock_channel_daily) is null
        or exists (
          select 1 from generate_series(${first}::date, ${end}::date, interval '1 day') g
          where g::date >= (select min(day) from stock_channel_daily)
            and not exists (select 1 from stock_channel_daily c where c.day = g::date and c.extras_rolled >= ${EXTRAS_WITH.dealerOrders})) as missing`);
    return !missing;
  },
  async shift(tx, held, end) {
    await tx.execute(sql`
      insert into stock_channel_trailing_pairs as t (ranking, dealer_id, material_id, days)
      select ranking, dealer_id, material_id, sum(sign)::int from (
        select 1 as sign, ranking, dealer_id, material_id from (${pairDays(sql`${held}::date`, sql`${end}::date`)}) a
        union all
        select -1, ranking, dealer_id, material_id from (${pairDays(sql`${held}::date - ${N}`, sql`${end}::date - ${N}`)}) b
      ) x group by 1, 2, 3
      on conflict (ranking, dealer_id, material_id) do update set days = t.days + excluded.days`);
    await tx.execute(sql`delete from stock_channel_trailing_pairs where days = 0`);
  },
  async build(tx, end) {
    await tx.execute(sql`delete from stock_channel_trailing_pairs`);
    await tx.execute(sql`
      insert into stock_channel_trailing_pairs (ranking, dealer_id, material_id, days) ${pairsFromScratch(sql`${end}::date`)}`);
  },
});

/** The end of the pairs held, or null before the first roll. */
export const trailingPairsEnd = (db: Db) => heldEnd(db, 'stock_channel_trailing_pairs_end');

/**
 * A ranking's pairs held for the window ending on `today` less the days that left it since the
 * held end (dealer_id, material_id): the pairs of the days entering come from the caller, who
 * reads them from the dealer materials and the ledger.
 */
export function pairsStillHeld(ranking: Ranking, today: string): SQL {
  return sql`select h.dealer_id, h.material_id
    from stock_channel_trailing_pairs h
    left join (
      select p.dealer_id, p.material_id, count(*) as n from (${pairDays(sql`${HELD_PAIRS_END} - ${N}`, sql`${today}::date - ${N}`)}) p
      where p.ranking = ${ranking} group by 1, 2
    ) l on l.dealer_id = h.dealer_id and l.material_id = h.material_id
    where h.ranking = ${ranking} and h.days > coalesce(l.n, 0)`;
}

/** For the invariant check: the pairs held against the same window from scratch (at most 20), in one statement. */
export async function checkTrailingPairs(db: Db): Promise<string[]> {
  const rows = await queryRows<{ end: string; ranking: string; dealer_id: number; material_id: number; held: number; fresh: number }>(db, sql`
    select to_char(${HELD_PAIRS_END}, 'YYYY-MM-DD') as "end", ranking, dealer_id, material_id, coalesce(t.days, 0) as held, coalesce(f.days, 0) as fresh
    from stock_channel_trailing_pairs t full join (${pairsFromScratch(HELD_PAIRS_END)}) f using (ranking, dealer_id, material_id)
    where ${HELD_PAIRS_END} is not null and coalesce(t.days, 0) <> coalesce(f.days, 0)
    order by 2, 3, 4 limit 20`);
  return rows.map((r) => `trailing pairs to ${r.end} ${r.ranking} dealer ${r.dealer_id} material ${r.material_id}: ${r.held} days held, the dealer materials' ${r.fresh}`);
}
