import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { channelFlow } from '../../../shared/analytics/domain';
import type { BarcodeStatus } from '../../../shared/orders/orderTypes';
import type { Db } from '../../db/client';
import { barcodes, stockDaily, stockMoves, stockOnHand, stockWarehouseDaily } from '../../db/schema';
import type { StockAlertPush } from '../../../shared/api/notices';
import { formatDay } from '../../../shared/dates';
import { judgeStock, pairsOf } from './alerts';

/** One barcode movement: +1 into a warehouse (and location), -1 out of one. */
export interface Move {
  barcode: string;
  qty: 1 | -1;
  dealerId: number | null;
  warehouseId: number;
  locationId: number | null;
  materialId: number;
  dotCode: string | null;
}

/** Where a barcode is after the order: its new status and place. */
export interface BarcodeState {
  code: string;
  status: BarcodeStatus;
  dealerId: number | null;
  warehouseId: number | null;
  locationId: number | null;
  /** Set when the tyre comes into stock (stock age counts from here). */
  inbound: boolean;
}

export interface Posting {
  orderId: number;
  orderType: string;
  userId: number | null;
  at: Date;
  moves: Move[];
  states: BarcodeState[];
}

/** The business day of a moment, in the server's time zone (TZ). */
export const dayOf = (d: Date) => formatDay(d);

/**
 * Writes an order's stock effect (docs/architecture.md#the-database): the ledger rows, the barcodes' new
 * state, the on-hand quantities, the day's roll-up and the stock alerts it raises or clears,
 * all in the caller's transaction, so they commit together or not at all. The caller holds
 * row locks on the barcodes. Answers the alerts raised, for the caller to push after commit.
 */
export async function post(tx: Db, p: Posting): Promise<StockAlertPush[]> {
  if (!p.moves.length) return [];
  for (let i = 0; i < p.moves.length; i += 1000) {
    await tx.insert(stockMoves).values(p.moves.slice(i, i + 1000).map((m) => ({
      ...m, orderId: p.orderId, orderType: p.orderType, userId: p.userId, movedAt: p.at,
    })));
  }
  await updateDaily(tx, dayOf(p.at), p.orderType, p.moves);
  await updateWarehouseDaily(tx, dayOf(p.at), p.orderType, p.moves);
  // The barcodes and on hand last (on hand before the alerts, which read it): their triggers
  // update the channel's counters (docs/stock-model.md), rows postings in other warehouses share,
  // so those stay locked only until the commit; locked first, all of them in one order.
  await lockCounters(tx, p);
  await updateBarcodes(tx, p);
  await updateOnHand(tx, p.moves);
  // Stock alerts in the same transaction: a crossing is raised (or a return cleared) with the posting that made it.
  return judgeStock(tx, pairsOf(p.moves));
}

/**
 * Takes every counter row the posting's barcode and on-hand writes will change (stock-age days,
 * channel keys, warehouses, warehouse materials, locations, location materials, materials), each
 * kind in key order, before the writes' triggers take them in the order of their statements
 * (lock_stock_counters, migrations 0029 to 0037): two postings then queue on a shared row rather than deadlock.
 */
async function lockCounters(tx: Db, p: Posting) {
  const ints = (values: (number | null)[]) => sql`${sql.param(values)}::int[]`;
  await tx.execute(sql`select lock_stock_counters(${p.at.toISOString()}::timestamptz,
    ${sql.param(p.states.map((s) => s.code))}::text[], ${sql.param(p.states.map((s) => s.status))}::text[],
    ${ints(p.states.map((s) => s.warehouseId))}, ${sql.param(p.states.map((s) => s.inbound))}::boolean[],
    ${ints(p.moves.map((m) => m.materialId))}, ${ints(p.moves.map((m) => m.dealerId ?? 0))},
    ${sql.param(p.moves.map((m) => m.dotCode ?? ''))}::text[], ${sql.param(p.moves.map((m) => (m.locationId ?? 0) !== 0))}::boolean[],
    ${ints(p.moves.map((m) => m.warehouseId))}, ${ints(p.moves.map((m) => m.locationId ?? 0))})`);
}

/** Barcodes that end in the same state are updated by one statement. */
async function updateBarcodes(tx: Db, p: Posting) {
  const groups = new Map<string, BarcodeState[]>();
  for (const s of p.states) {
    const key = [s.status, s.dealerId, s.warehouseId, s.locationId, s.inbound].join('|');
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const group of groups.values()) {
    const { status, dealerId, warehouseId, locationId, inbound } = group[0];
    const codes = group.map((s) => s.code);
    for (let i = 0; i < codes.length; i += 1000) {
      await tx.update(barcodes).set({
        status, dealerId, warehouseId, locationId, lastOrderId: p.orderId, updatedAt: p.at,
        ...(inbound ? { inboundAt: p.at } : {}),
      }).where(inArray(barcodes.code, codes.slice(i, i + 1000)));
    }
  }
}

/**
 * Moves summed per key, in key order. Every transaction upserts roll-up rows in that one
 * order, so two completions touching the same materials in different scan orders queue
 * behind each other instead of deadlocking.
 */
function sumBy(moves: Move[], keyOf: (m: Move) => (string | number)[]): { move: Move; qty: number; inQty: number; outQty: number }[] {
  const sums = new Map<string, { key: (string | number)[]; move: Move; qty: number; inQty: number; outQty: number }>();
  for (const m of moves) {
    const key = keyOf(m);
    const id = key.join('|');
    const s = sums.get(id) ?? { key, move: m, qty: 0, inQty: 0, outQty: 0 };
    s.qty += m.qty;
    if (m.qty > 0) s.inQty += m.qty; else s.outQty -= m.qty;
    sums.set(id, s);
  }
  return [...sums.values()].sort((a, b) => compareKeys(a.key, b.key)).map(({ key: _key, ...s }) => s);
}

function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

async function updateOnHand(tx: Db, moves: Move[]) {
  const sums = sumBy(moves, (m) => [m.warehouseId, m.locationId ?? 0, m.materialId, m.dotCode ?? '', m.dealerId ?? 0]);
  const rows = sums.filter((s) => s.qty !== 0).map(({ move: m, qty }) => ({
    dealerId: m.dealerId ?? 0, warehouseId: m.warehouseId, locationId: m.locationId ?? 0, materialId: m.materialId, dotCode: m.dotCode ?? '', qty,
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(stockOnHand).values(rows.slice(i, i + 1000)).onConflictDoUpdate({
      target: [stockOnHand.warehouseId, stockOnHand.locationId, stockOnHand.materialId, stockOnHand.dotCode, stockOnHand.dealerId],
      set: { qty: sql`${stockOnHand.qty} + excluded.qty` },
    });
  }
  if (rows.length) await tx.delete(stockOnHand).where(and(lte(stockOnHand.qty, 0), inArray(stockOnHand.warehouseId, [...new Set(rows.map((r) => r.warehouseId))])));
}

/**
 * The day's roll-up per warehouse and material. A key's first row of a day opens with the
 * closing of its latest earlier day, so a balance report reads one row per key and day.
 * in/out count every move; ship/receive only channel flow (shared analytics/domain.ts
 * `channelFlow`). A posting is one order type, so that is all of a key's out (ship) or in
 * (receive, return) or nothing: a trace correction, posted under the cancelled order's type
 * with the opposite sign, lands in neither.
 */
async function updateDaily(tx: Db, day: string, orderType: string, moves: Move[]) {
  const ships = channelFlow(orderType, -1) === 'ship';
  const receives = channelFlow(orderType, 1) === 'receive';
  for (const { move: m, inQty, outQty } of sumBy(moves, (m) => [m.warehouseId, m.materialId])) {
    const previous = sql`coalesce((select d.closing from ${stockDaily} d where d.warehouse_id = ${m.warehouseId} and d.material_id = ${m.materialId} and d.day < ${day} order by d.day desc limit 1), 0)`;
    const shipQty = ships ? outQty : 0;
    const receiveQty = receives ? inQty : 0;
    await tx.execute(sql`
      insert into ${stockDaily} (day, dealer_id, warehouse_id, material_id, opening, in_qty, out_qty, ship_qty, receive_qty, closing)
      select ${day}, ${m.dealerId ?? 0}, ${m.warehouseId}, ${m.materialId}, p.v, ${inQty}, ${outQty}, ${shipQty}, ${receiveQty}, p.v + ${inQty} - ${outQty}
      from (select ${previous} as v) p
      on conflict (warehouse_id, material_id, day) do update set
        in_qty = ${stockDaily}.in_qty + excluded.in_qty,
        out_qty = ${stockDaily}.out_qty + excluded.out_qty,
        ship_qty = ${stockDaily}.ship_qty + excluded.ship_qty,
        receive_qty = ${stockDaily}.receive_qty + excluded.receive_qty,
        closing = ${stockDaily}.closing + excluded.in_qty - excluded.out_qty`);
  }
}

/**
 * The day's roll-up per warehouse (stock_warehouse_daily): the same sums as its stock_daily rows
 * of the day, and the warehouse's opening and closing. Written after every stock_daily row, in
 * warehouse order, so postings queue on it in one order as they do on the daily rows.
 */
async function updateWarehouseDaily(tx: Db, day: string, orderType: string, moves: Move[]) {
  const ships = channelFlow(orderType, -1) === 'ship';
  const receives = channelFlow(orderType, 1) === 'receive';
  for (const { move: m, inQty, outQty } of sumBy(moves, (m) => [m.warehouseId])) {
    const previous = sql`coalesce((select d.closing from ${stockWarehouseDaily} d where d.warehouse_id = ${m.warehouseId} and d.day < ${day} order by d.day desc limit 1), 0)`;
    await tx.execute(sql`
      insert into ${stockWarehouseDaily} (day, dealer_id, warehouse_id, opening, in_qty, out_qty, ship_qty, receive_qty, closing)
      select ${day}, ${m.dealerId ?? 0}, ${m.warehouseId}, p.v, ${inQty}, ${outQty}, ${ships ? outQty : 0}, ${receives ? inQty : 0}, p.v + ${inQty} - ${outQty}
      from (select ${previous} as v) p
      on conflict (warehouse_id, day) do update set
        in_qty = ${stockWarehouseDaily}.in_qty + excluded.in_qty,
        out_qty = ${stockWarehouseDaily}.out_qty + excluded.out_qty,
        ship_qty = ${stockWarehouseDaily}.ship_qty + excluded.ship_qty,
        receive_qty = ${stockWarehouseDaily}.receive_qty + excluded.receive_qty,
        closing = ${stockWarehouseDaily}.closing + excluded.in_qty - excluded.out_qty`);
    // A posting dated before the warehouse's latest day (tests and imports date theirs) moves the
    // later days' opening and closing with it; a posting of today finds none.
    if (inQty !== outQty) {
      await tx.execute(sql`
        update ${stockWarehouseDaily} set opening = opening + ${inQty - outQty}, closing = closing + ${inQty - outQty}
        where warehouse_id = ${m.warehouseId} and day > ${day}`);
    }
  }
}

/** On hand of materials in one warehouse (all locations and DOT codes). */
export async function onHandIn(db: Db, warehouseId: number, materialIds: number[]): Promise<Map<number, number>> {
  if (!materialIds.length) return new Map();
  const rows = await db.select({ materialId: stockOnHand.materialId, qty: sql<number>`sum(${stockOnHand.qty})::int` }).from(stockOnHand)
    .where(and(eq(stockOnHand.warehouseId, warehouseId), inArray(stockOnHand.materialId, materialIds)))
    .groupBy(stockOnHand.materialId);
  return new Map(rows.map((r) => [r.materialId, Number(r.qty)]));
}
