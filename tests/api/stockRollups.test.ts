import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';
import { stockChannelDaily, stockChannelInboundHours, stockWarehouseDaily, users } from '../../src/server/db/schema';
import { DASHBOARD_QUERIES } from '../../src/server/modules/analysis/queries';
import { REPORT_QUERIES } from '../../src/server/modules/analysis/reports';
import { daysNotRolled } from '../../src/server/modules/analysis/queries/rolledDays';
import { daysOf, windowOf } from '../../src/server/modules/analysis/queries/window';
import type { AnalyticsCtx } from '../../src/server/modules/analysis/registry';
import { rollUpChannelDays } from '../../src/server/modules/stock/channelRollup';
import { cancelLatestMoves } from '../../src/server/modules/analysis/reportPages/traceCancel';
import { DAY_EXTRAS } from '../../src/server/modules/stock/channelRollup';
import { rollUpTrailingPairs } from '../../src/server/modules/stock/trailingPairs';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import type { SessionUser } from '../../src/server/platform/sessionStore';
import { CHANNEL_INBOUND_TYPES, DEALER_RANKING_TYPES } from '../../src/shared/analytics/domain';
import { analyticsFilters, type AnalyticsFilters } from '../../src/shared/analytics/filters';
import { ORDER_TYPES } from '../../src/shared/orders/orderTypes';
import { dealer1Warehouse, receiveNow, unusedMaterial } from './fixtures';
import { startTestServer, type TestServer } from './server';

/**
 * The stock roll-ups the dashboards read (docs/stock-model.md): stock_warehouse_daily, kept by
 * every posting, and the channel's closed days (stock_channel_daily, stock_channel_inbound_hours),
 * rolled by the job. Their answers are held to the same figures computed from the raw rows
 * (stock_on_hand, stock_daily, stock_moves) on the demo's half year of history: before the channel
 * roll-up, after it, and after a posting today that only the warehouse rows and the ledger hold.
 * So are the reports that read the channel's later day roll-ups: the tyre report (material days),
 * the customer tyre report (customer days), inbound time (inbound hours and orders) and the dealer
 * rankings (dealer days with their orders, dealer materials).
 */
let server: TestServer;
let db: Db;
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

beforeAll(async () => {
  server = await startTestServer();
  db = server.services.db;
});
afterAll(async () => { await server?.stop(); });

async function ctxOf(userName: string): Promise<AnalyticsCtx> {
  const [user] = await db.select({ id: users.id, dealerId: users.dealerId }).from(users).where(eq(users.userName, userName));
  return { db, user: user as SessionUser, scope: await dataScopeOf(db, user), lang: 'en-US', now: new Date() };
}

const run = async (ctx: AnalyticsCtx, id: string, params: Record<string, unknown> = {}) => {
  const q = DASHBOARD_QUERIES.find((d) => d.id === id);
  if (!q) throw new Error(`no dashboard query ${id}`);
  const schema = q.params ? analyticsFilters.extend(q.params.shape) : analyticsFilters;
  return (await q.run(ctx, schema.parse(params) as AnalyticsFilters)) as Record<string, number | string | null>[];
};

/** The raw figures of the dealers' rows the scope lets in: on hand, per day of the window the closing and channel flow, the inbound hours. */
async function raw(ctx: AnalyticsCtx, f: AnalyticsFilters) {
  const warehouses = ctx.scope.warehouseIds === null ? sql`true` : sql`warehouse_id = any(${sql.param(ctx.scope.warehouseIds)}::int[])`;
  const { from, to } = windowOf(ctx, f);
  const [{ qty }] = await queryRows<{ qty: number }>(db, sql`select coalesce(sum(qty), 0)::int as qty from stock_on_hand where ${warehouses}`);
  const closing = new Map<string, number>();
  const flow = new Map<string, { inQty: number; outQty: number }>();
  for (const day of daysOf(from, to)) {
    const [r] = await queryRows<{ closing: number; receive: number; ship: number }>(db, sql`
      select (select coalesce(sum(x.closing), 0) from (
                select distinct on (warehouse_id, material_id) closing from stock_daily where day <= ${day}::date and ${warehouses}
                order by warehouse_id, material_id, day desc) x)::int as closing,
             (select coalesce(sum(receive_qty), 0) from stock_daily where day = ${day}::date and ${warehouses})::int as receive,
             (select coalesce(sum(ship_qty), 0) from stock_daily where day = ${day}::date and ${warehouses})::int as ship`);
    closing.set(day, Number(r.closing));
    flow.set(day, { inQty: Number(r.receive), outQty: Number(r.ship) });
  }
  const hours = await queryRows<{ weekday: number; hour: number; qty: number }>(db, sql`
    select extract(isodow from moved_at at time zone ${TZ})::int as weekday, extract(hour from moved_at at time zone ${TZ})::int as hour, sum(qty)::int as qty
    from stock_moves where (moved_at at time zone ${TZ})::date between ${from}::date and ${to}::date
      and order_type in (${sql.join(CHANNEL_INBOUND_TYPES.map((t) => sql`${t}`), sql`, `)}) and qty > 0 and ${warehouses}
    group by 1, 2`);
  return { onHand: Number(qty), closing, flow, hours: new Map(hours.map((h) => [`${h.weekday}|${h.hour}`, Number(h.qty)])) };
}

/** Every answer of the stock book and the flow charts against the raw rows. */
async function agree(userName: string) {
  const ctx = await ctxOf(userName);
  const f = analyticsFilters.parse({ dimension: 'day' });
  const expected = await raw(ctx, f);
  expect(expected.onHand, 'the demo has stock in scope').toBeGreaterThan(0);
  expect((await run(ctx, 'stock.onHand'))[0].value).toBe(expected.onHand);
  const trend = await run(ctx, 'stock.trend', { dimension: 'day' });
  expect(Object.fromEntries(trend.map((r) => [r.period, r.onHand]))).toEqual(Object.fromEntries(expected.closing));
  const flows = await run(ctx, 'flow.byPeriod', { dimension: 'day' });
  expect(Object.fromEntries(flows.map((r) => [r.period, { inQty: r.inQty, outQty: r.outQty }]))).toEqual(Object.fromEntries(expected.flow));
  for (const [id, types, sign] of [['rank.dealersPR', DEALER_RANKING_TYPES.receipts, 1], ['rank.dealersWL', DEALER_RANKING_TYPES.sales, -1]] as const) {
    const warehouses = ctx.scope.warehouseIds === null ? sql`true` : sql`m.warehouse_id = any(${sql.param(ctx.scope.warehouseIds)}::int[])`;
    const { from, to } = windowOf(ctx, f);
    const ranked = await queryRows(db, sql`
      select r."dealerId", d.name as dealer, r.qty from (
        select m.dealer_id as "dealerId", (${sql.raw(String(sign))} * sum(m.qty))::int as qty from stock_moves m
        where (m.moved_at at time zone ${TZ})::date between ${from}::date and ${to}::date
          and m.order_type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}) and m.dealer_id is not null and ${warehouses}
        group by 1 order by qty desc, 1 limit 10) r join dealers d on d.id = r."dealerId" order by r.qty desc, r."dealerId"`);
    expect(ranked.length, `${id} ranks dealers`).toBeGreaterThan(0);
    expect(await run(ctx, id), id).toEqual(ranked);
  }
  const hours = await run(ctx, 'flow.inboundHours');
  expect(hours.filter((h) => Number(h.qty) !== 0).map((h) => [`${h.weekday}|${h.hour}`, h.qty])).toEqual(
    [...expected.hours].filter(([, n]) => n !== 0).sort(([a], [b]) => { const [wa, ha] = a.split('|').map(Number); const [wb, hb] = b.split('|').map(Number); return wa - wb || ha - hb; }),
  );
}

/** A tyre received into dealer1's warehouse now, through the ledger's posting, as an order's completion posts it. */
async function receiveToday() {
  const w1 = await dealer1Warehouse(db);
  const mat = await unusedMaterial(db);
  await db.transaction((tx) => receiveNow(tx as unknown as Db, w1, mat.id, `ROLLUP${Date.now()}`));
  // Written here rather than through an order's route: the node is told, as a completion tells it.
  server.services.realtime.stockChanged({ dealerId: w1.dealerId, warehouseIds: [w1.id], orderId: 0, orderType: 'PR', moved: 1 });
}

/** Every row of a report as the administrator sees it, in the order given, with the columns named. */
async function reportRows(page: string, order: string[], columns: string[], params: Record<string, unknown> = {}) {
  const q = REPORT_QUERIES.find((r) => r.def.page === page);
  if (!q) throw new Error(`no report ${page}`);
  const paging = { limit: 10_000, offset: 0, orderBy: order.map((field) => ({ field, order: 'asc' as const })) };
  const { rows, total } = await q.page(await ctxOf('admin'), analyticsFilters.parse(params) as AnalyticsFilters, paging);
  expect(rows.length).toBe(total);
  return rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
}
/** Every row of the tyre report (on hand, received and sold per material in the last 30 days), by material. */
const tyreReport = (params: Record<string, unknown> = {}) =>
  reportRows('tireReport', ['materialId'], ['materialId', 'onHand', 'received', 'sold'], params);

/** No trailing pairs, as before their first roll. */
const forgetPairs = async () => {
  await db.execute(sql`delete from stock_channel_trailing_pairs`);
  await db.execute(sql`delete from stock_channel_trailing_pairs_end`);
};

/** The local day `back` days before today, as the reports' date filters write it. */
const daysBack = async (back: number) => (await queryRows<{ day: string }>(db, sql`
  select to_char((now() at time zone ${TZ})::date - ${back}::int, 'YYYY-MM-DD') as day`))[0].day;

/** The customer tyre report of a range against the ledger's sales in it: quantity, and orders with any move in it. */
async function customersAgree(from: number, to = 0) {
  const range = { dateFrom: await daysBack(from), dateTo: await daysBack(to) };
  const raw = await queryRows(db, sql`
    select coalesce(o.counterparty, '') as customer, m.material_id as "materialId", (-sum(m.qty))::int as qty, count(distinct m.order_id)::int as orders
    from stock_moves m join orders o on o.id = m.order_id
    where m.order_type in ('WL', 'WC') and (m.moved_at at time zone ${TZ})::date between ${range.dateFrom}::date and ${range.dateTo}::date
    group by 1, 2 having sum(m.qty) <> 0 order by 1, 2`);
  expect(await reportRows('customerTireReport', ['customer', 'materialId'], ['customer', 'materialId', 'qty', 'orders'], range)).toEqual(raw);
  return raw;
}

/** The dealer rankings report of a range (purchase receipts, sales) against the ledger's moves of its types in it. */
async function rankingsAgree(from = 29, to = 0) {
  const range = { dateFrom: await daysBack(from), dateTo: await daysBack(to) };
  for (const [page, types, sign] of [['rankPR', DEALER_RANKING_TYPES.receipts, 1], ['rankWL', DEALER_RANKING_TYPES.sales, -1]] as const) {
    const raw = await queryRows(db, sql`
      select m.dealer_id as "dealerId", (${sign}::int * sum(m.qty))::int as quantity, count(distinct m.order_id)::int as orders, count(distinct m.material_id)::int as materials
      from stock_moves m
      where m.order_type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}) and m.dealer_id is not null
        and (m.moved_at at time zone ${TZ})::date between ${range.dateFrom}::date and ${range.dateTo}::date
      group by 1 having sum(m.qty) <> 0 order by 1`);
    if (from >= 7) expect(raw.length, `${page}: dealers that moved`).toBeGreaterThan(0);
    expect(await reportRows(page, ['dealerId'], ['dealerId', 'quantity', 'orders', 'materials'], range), page).toEqual(raw);
  }
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Inbound time per day and per ISO week of the last 30 days against the ledger's channel inbound moves (mode: the least of equals). */
async function inboundAgree() {
  for (const dimension of ['day', 'week'] as const) {
    const label = dimension === 'day' ? sql`'YYYY-MM-DD'` : sql`'IYYY-"W"IW'`;
    const raw = await queryRows<{ period: string; quantity: number; orders: number; wd: number; hour: number }>(db, sql`
      with i as (
        select (m.moved_at at time zone ${TZ}) as t, m.order_id, m.qty from stock_moves m
        where m.order_type in (${sql.join(CHANNEL_INBOUND_TYPES.map((c) => sql`${c}`), sql`, `)}) and m.qty > 0
          and (m.moved_at at time zone ${TZ})::date between (now() at time zone ${TZ})::date - ${dimension === 'day' ? 29 : 83}::int and (now() at time zone ${TZ})::date)
      select to_char(t::date, ${label}) as period, sum(qty)::int as quantity, count(distinct order_id)::int as orders,
        mode() within group (order by extract(isodow from t)::int) as wd, mode() within group (order by extract(hour from t)::int) as hour
      from i group by 1 order by 1`);
    expect(raw.length, `inbound ${dimension}s`).toBeGreaterThan(3);
    expect(await reportRows('inboundTimeAnalysis', ['period'], ['period', 'quantity', 'orders', 'busiestWeekday', 'busiestHour'], { dimension }))
      .toEqual(raw.map((r) => ({ period: r.period, quantity: r.quantity, orders: r.orders, busiestWeekday: WEEKDAYS[r.wd - 1], busiestHour: r.hour })));
  }
}

/** The same figures from on hand and the ledger's moves of the 30 local days up to today. */
async function rawTyres(brandId?: number) {
  const received = Object.entries(ORDER_TYPES).filter(([, d]) => d.effect === 'receive').map(([code]) => code);
  const list = (codes: string[]) => sql.join(codes.map((c) => sql`${c}`), sql`, `);
  return queryRows(db, sql`
    select mat.id as "materialId", coalesce(h.q, 0) as "onHand", coalesce(mv.received, 0) as received, coalesce(mv.sold, 0) as sold
    from materials mat
    left join (select material_id, sum(qty)::int as q from stock_on_hand group by 1) h on h.material_id = mat.id
    left join (
      select material_id, sum(qty) filter (where order_type in (${list(received)}))::int as received,
        (-sum(qty) filter (where order_type in ('WL', 'WC')))::int as sold
      from stock_moves
      where order_type in (${list([...received, 'WL', 'WC'])})
        and (moved_at at time zone ${TZ})::date between (now() at time zone ${TZ})::date - 29 and (now() at time zone ${TZ})::date
      group by 1) mv on mv.material_id = mat.id
    where (h.q is not null or mv.material_id is not null) ${brandId ? sql`and mat.brand_id = ${brandId}` : sql``}
    order by mat.id`);
}

/** The administrator's tyre report, whole and for one brand, against the raw rows. */
async function tyresAgree() {
  const raw = await rawTyres();
  expect(raw.length, 'the demo has materials that moved').toBeGreaterThan(5);
  expect(raw.some((r) => Number(r.received) > 0) && raw.some((r) => Number(r.sold) > 0)).toBe(true);
  expect(await tyreReport()).toEqual(raw.map((r) => ({ ...r, received: r.received ?? 0, sold: r.sold ?? 0 })));
  const [{ brandId }] = await queryRows<{ brandId: number }>(db, sql`select brand_id as "brandId" from materials group by 1 order by count(*) desc limit 1`);
  const rawBrand = await rawTyres(brandId);
  expect(await tyreReport({ brandId })).toEqual(rawBrand.map((r) => ({ ...r, received: r.received ?? 0, sold: r.sold ?? 0 })));
}

describe('the dashboards read the stock roll-ups and agree with the raw rows', () => {
  it('from the warehouse rows alone (no channel day rolled yet), for the administrator and a dealer', async () => {
    expect(await db.$count(stockChannelDaily)).toBe(0);
    await agree('admin');
    await agree('dealer1');
    await tyresAgree();
    await customersAgree(29);
    await inboundAgree();
    await rankingsAgree();
  });

  it('rolls every closed day once, and the administrator\'s answers from the channel days still agree', async () => {
    // One moment for both rolls: the pairs move over the days the channel roll held.
    const now = new Date();
    const rolled = await rollUpChannelDays(db, now);
    expect(rolled.length, 'the demo history has closed days').toBeGreaterThan(100);
    expect(await rollUpChannelDays(db)).toEqual([]);
    expect(await checkStockInvariant(db)).toEqual([]);
    await agree('admin');
    expect(await db.$count(stockChannelDaily, sql`${stockChannelDaily.extrasRolled} < ${DAY_EXTRAS.length}`)).toBe(0);
    // The days a whole-channel figure reads from the ledger: before the first rolled day, and today (never after it).
    const [{ first, last, before, after }] = await queryRows<{ first: string; last: string; before: string; after: string }>(db, sql`
      select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last,
        to_char(min(day) - 1, 'YYYY-MM-DD') as before, to_char(max(day) + 1, 'YYYY-MM-DD') as after from stock_channel_daily`);
    const today = await daysBack(0);
    expect(await daysNotRolled(await ctxOf('admin'), '1900-01-01', '2999-12-31', DAY_EXTRAS.length)).toEqual([['1900-01-01', before], [after, today]]);
    expect(await daysNotRolled(await ctxOf('admin'), first, last, DAY_EXTRAS.length)).toEqual([]);
    await tyresAgree();
    await customersAgree(29);
    await inboundAgree();
    await rankingsAgree();
    // The rankings' trailing pairs, rolled: the window ending today counts materials from them.
    expect(await rollUpTrailingPairs(db, now)).not.toBeNull();
    expect(await rollUpTrailingPairs(db, now), 'rolled once').toBeNull();
    expect(await checkStockInvariant(db)).toEqual([]);
    await rankingsAgree();
    await rankingsAgree(13, 0);
  });

  it('fills in the later roll-ups of days rolled before they came, and the reports agree before and after', async () => {
    // As a database rolled before the later roll-ups came: the last three weeks' days without
    // any, the three before without the second (and no trailing pairs, which came after them).
    await forgetPairs();
    await db.execute(sql`delete from stock_channel_material_days where day > current_date - 21`);
    await db.execute(sql`delete from stock_channel_customer_days where day > current_date - 42`);
    await db.execute(sql`delete from stock_channel_inbound_days where day > current_date - 42`);
    await db.execute(sql`delete from stock_channel_dealer_materials where day > current_date - 42`);
    await db.execute(sql`update stock_channel_dealer_days set orders = 0 where day > current_date - 42`);
    await db.execute(sql`update stock_channel_daily set extras_rolled = 1 where day > current_date - 42`);
    await db.execute(sql`update stock_channel_daily set extras_rolled = 0 where day > current_date - 21`);
    await tyresAgree();
    await customersAgree(29);
    await inboundAgree();
    await rankingsAgree();
    const now = new Date();
    expect(await rollUpTrailingPairs(db, now), 'not before the days it reads hold their dealer materials').toBeNull();
    expect(await rollUpChannelDays(db, now)).toEqual([]);
    expect(await db.$count(stockChannelDaily, sql`${stockChannelDaily.extrasRolled} < ${DAY_EXTRAS.length}`)).toBe(0);
    expect(await rollUpTrailingPairs(db, now)).not.toBeNull();
    expect(await checkStockInvariant(db)).toEqual([]);
    await tyresAgree();
    await customersAgree(29);
    await inboundAgree();
    await rankingsAgree();
  });

  it('counts an order whose sale was corrected today once: in a range holding the sale, and in one holding only the correction', async () => {
    const [sale] = await queryRows<{ barcode: string; id: string; orderId: number; back: number }>(db, sql`
      select m.barcode, m.id, m.order_id as "orderId", (now() at time zone ${TZ})::date - (m.moved_at at time zone ${TZ})::date as back
      from stock_moves m
      where m.order_type = 'WL' and m.reverses_id is null
        and (m.moved_at at time zone ${TZ})::date between (now() at time zone ${TZ})::date - 20 and (now() at time zone ${TZ})::date - 2
        and m.id = (select max(x.id) from stock_moves x where x.barcode = m.barcode)
      order by m.id desc limit 1`);
    expect(sale, 'the demo has a sale of a few days ago, its tyre not moved since').toBeTruthy();
    const admin = await ctxOf('admin');
    await db.transaction((tx) => cancelLatestMoves(tx as unknown as Db, sale.barcode, Number(sale.id), admin.user.id, admin.scope));
    expect(await checkStockInvariant(db)).toEqual([]);
    const [{ customer, materialId }] = await queryRows<{ customer: string; materialId: number }>(db, sql`
      select coalesce(o.counterparty, '') as customer, m.material_id as "materialId" from stock_moves m join orders o on o.id = m.order_id where m.id = ${Number(sale.id)}`);
    const mine = (rows: Record<string, unknown>[]) => rows.find((r) => r.customer === customer && r.materialId === materialId);
    // From the sale's day: its tyre out and back in (a row of it alone nets to nothing), its order once.
    await customersAgree(sale.back);
    await customersAgree(29);
    // Today alone: only the correction (a tyre back, −1 sold), and its order.
    const today = await customersAgree(0);
    expect(mine(today)).toEqual(expect.objectContaining({ qty: -1 }));
    expect(Number(mine(today)?.orders)).toBeGreaterThanOrEqual(1);
    await rankingsAgree(sale.back);
    await rankingsAgree(0);
    await rankingsAgree();
    await tyresAgree();
    await inboundAgree();
  });

  it("counts the rankings' materials from trailing pairs rolled days behind and moved on, and reads them", async () => {
    await forgetPairs();
    const rollAsOf = (back: number) => rollUpTrailingPairs(db, new Date(Date.now() - back * 86_400_000));
    expect(await rollAsOf(5)).not.toBeNull();
    await rankingsAgree();
    for (const back of [3, 2, 0]) {
      await rollAsOf(back);
      expect(await checkStockInvariant(db)).toEqual([]);
      await rankingsAgree();
    }
    // A pair held that no move made counts: the report reads the pairs.
    const window = { dateFrom: await daysBack(29), dateTo: await daysBack(0) };
    const ranked = await reportRows('rankWL', ['dealerId'], ['dealerId', 'materials'], window);
    expect(ranked.length, 'dealers that sold in the window').toBeGreaterThan(0);
    const dealerId = Number(ranked[0].dealerId);
    const [{ materialId }] = await queryRows<{ materialId: number }>(db, sql`
      select min(m.id) as "materialId" from materials m where not exists (
        select 1 from stock_channel_trailing_pairs x where x.ranking = 'sales' and x.dealer_id = ${dealerId} and x.material_id = m.id)`);
    const materialsOf = async () => (await reportRows('rankWL', ['dealerId'], ['dealerId', 'materials'], window)).find((r) => r.dealerId === dealerId)?.materials;
    const before = Number(await materialsOf());
    expect(Number.isFinite(before) && before > 0).toBe(true);
    await db.execute(sql`insert into stock_channel_trailing_pairs (ranking, dealer_id, material_id, days) values ('sales', ${dealerId}, ${materialId}, 5)`);
    try {
      expect(Number(await materialsOf())).toBe(before + 1);
      expect(await checkStockInvariant(db)).toEqual([expect.stringMatching(new RegExp(`^trailing pairs to \\d{4}-\\d{2}-\\d{2} sales dealer ${dealerId} material ${materialId}: 5 days held, the dealer materials' 0$`))]);
    } finally {
      await db.execute(sql`delete from stock_channel_trailing_pairs where ranking = 'sales' and dealer_id = ${dealerId} and material_id = ${materialId}`);
    }
    expect(await checkStockInvariant(db)).toEqual([]);
  });

  it('after a posting today (in the warehouse rows and the ledger, not in a rolled day)', async () => {
    const before = (await run(await ctxOf('admin'), 'stock.onHand'))[0].value;
    await receiveToday();
    expect((await run(await ctxOf('admin'), 'stock.onHand'))[0].value).toBe(Number(before) + 1);
    expect(await checkStockInvariant(db)).toEqual([]);
    await agree('admin');
    await agree('dealer1');
    await tyresAgree();
    await customersAgree(29);
    await inboundAgree();
    await rankingsAgree();
  });
});

describe('the invariant check proves the roll-ups', () => {
  /** The problems the check reports with one corruption applied, rolled back afterwards. */
  const problemsWith = async (corrupt: (tx: Db) => Promise<unknown>) => {
    let problems: string[] = [];
    await db.transaction(async (tx) => {
      await corrupt(tx as unknown as Db);
      problems = await checkStockInvariant(tx as unknown as Db);
      tx.rollback();
    }).catch((err: Error) => { if (!/rollback/i.test(err.message)) throw err; });
    return problems;
  };

  it('names a warehouse day, a channel day, an hour, and a dealer\'s, material\'s, customer\'s and inbound day that no longer sum their rows', async () => {
    await rollUpChannelDays(db);
    const [w] = await queryRows<{ warehouseId: number; day: string }>(db, sql`
      select warehouse_id as "warehouseId", to_char(day, 'YYYY-MM-DD') as day from stock_warehouse_daily where in_qty > 0 order by day desc limit 1`);
    expect(await problemsWith((tx) => tx.update(stockWarehouseDaily).set({ inQty: sql`${stockWarehouseDaily.inQty} + 1` })
      .where(sql`${stockWarehouseDaily.warehouseId} = ${w.warehouseId} and ${stockWarehouseDaily.day} = ${w.day}`)))
      .toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^warehouse daily ${w.day} warehouse ${w.warehouseId}: in/out/ship/receive`))]));
    const [c] = await queryRows<{ day: string }>(db, sql`select to_char(max(day), 'YYYY-MM-DD') as day from stock_channel_daily`);
    expect(await problemsWith((tx) => tx.update(stockChannelDaily).set({ closing: sql`${stockChannelDaily.closing} - 1` }).where(eq(stockChannelDaily.day, c.day))))
      .toEqual([expect.stringMatching(new RegExp(`^channel day ${c.day}: in/out/ship/receive/closing`))]);
    const [h] = await queryRows<{ day: string; hour: number }>(db, sql`select to_char(day, 'YYYY-MM-DD') as day, hour from stock_channel_inbound_hours order by day desc, hour limit 1`);
    expect(await problemsWith((tx) => tx.delete(stockChannelInboundHours).where(sql`${stockChannelInboundHours.day} = ${h.day} and ${stockChannelInboundHours.hour} = ${h.hour}`)))
      .toEqual([expect.stringMatching(new RegExp(`^channel day ${h.day} hour ${h.hour}: 0 inbound moves rolled`))]);
    const [r] = await queryRows<{ day: string; orderType: string; dealerId: number }>(db, sql`
      select to_char(day, 'YYYY-MM-DD') as day, order_type as "orderType", dealer_id as "dealerId" from stock_channel_dealer_days order by day desc limit 1`);
    expect(await problemsWith((tx) => tx.execute(sql`
      update stock_channel_dealer_days set qty = qty + 1 where day = ${r.day}::date and order_type = ${r.orderType} and dealer_id = ${r.dealerId}`)))
      .toEqual([expect.stringMatching(new RegExp(`^channel day ${r.day} dealer ${r.dealerId} ${r.orderType}: -?\\d+ moves rolled, the ledger's -?\\d+$`))]);
    const [m] = await queryRows<{ day: string; orderType: string; materialId: number }>(db, sql`
      select to_char(day, 'YYYY-MM-DD') as day, order_type as "orderType", material_id as "materialId" from stock_channel_material_days order by day desc limit 1`);
    expect(await problemsWith((tx) => tx.execute(sql`
      update stock_channel_material_days set qty = qty - 1 where day = ${m.day}::date and order_type = ${m.orderType} and material_id = ${m.materialId}`)))
      .toEqual([expect.stringMatching(new RegExp(`^channel day ${m.day} material ${m.materialId} ${m.orderType}: -?\\d+ moves rolled, the ledger's -?\\d+$`))]);
    const [cd] = await queryRows<{ day: string; customer: string; materialId: number }>(db, sql`
      select to_char(day, 'YYYY-MM-DD') as day, customer, material_id as "materialId" from stock_channel_customer_days order by day desc limit 1`);
    expect(await problemsWith((tx) => tx.execute(sql`
      update stock_channel_customer_days set orders = orders + 1 where day = ${cd.day}::date and customer = ${cd.customer} and material_id = ${cd.materialId}`)))
      .toEqual([expect.stringContaining(`channel day ${cd.day} customer "${cd.customer}" material ${cd.materialId}: sales/orders`)]);
    // A dealer's day in the trailing pairs' window whose material the ranking's other order type did not carry.
    await rollUpTrailingPairs(db);
    const [dd] = await queryRows<{ day: string; orderType: string; dealerId: number }>(db, sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, d.order_type as "orderType", d.dealer_id as "dealerId" from stock_channel_dealer_materials d
      where d.day <= (select e.day from stock_channel_trailing_pairs_end e) and not exists (
        select 1 from stock_channel_dealer_materials x where x.day = d.day and x.dealer_id = d.dealer_id and x.material_id = d.material_id
          and x.order_type <> d.order_type and x.order_type = any(case when d.order_type in ('PR', 'PB') then array['PR', 'PB'] else array['WL', 'WC'] end))
      order by d.day desc limit 1`);
    // The day is in the rankings' trailing pairs too: they no longer match the dealer materials either.
    const dropped = await problemsWith((tx) => tx.execute(sql`
      delete from stock_channel_dealer_materials where day = ${dd.day}::date and order_type = ${dd.orderType} and dealer_id = ${dd.dealerId}`));
    expect(dropped.filter((p) => !p.startsWith('trailing pairs '))).toEqual([expect.stringContaining(`channel day ${dd.day} dealer ${dd.dealerId} ${dd.orderType}: orders/materials`)]);
    const pairs = dropped.filter((p) => p.startsWith('trailing pairs '));
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.every((p) => p.includes(` dealer ${dd.dealerId} material `))).toBe(true);
    const [ind] = await queryRows<{ day: string }>(db, sql`select to_char(max(day), 'YYYY-MM-DD') as day from stock_channel_inbound_days where orders > 0`);
    expect(await problemsWith((tx) => tx.execute(sql`delete from stock_channel_inbound_days where day = ${ind.day}::date`)))
      .toEqual([expect.stringMatching(new RegExp(`^channel day ${ind.day}: -1 inbound orders rolled, the ledger's [1-9]\\d*$`))]);
    expect(await checkStockInvariant(db)).toEqual([]);
  });
});
