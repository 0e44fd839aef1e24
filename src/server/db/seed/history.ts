import { asc, eq, sql } from 'drizzle-orm';
import { CHANNEL_INBOUND_TYPES, CHANNEL_OUTBOUND_TYPES } from '../../../shared/analytics/domain';
import { dayOf } from '../../modules/stock/ledger';
import { rebuildWarehouseDaily } from '../../modules/stock/warehouseDaily';
import { queryRows, type Db } from '../client';
import { materials, users, warehouses } from '../schema';
import { bulkInsert, ref, reserveIds, stamp } from './bulkInsert';
import { random, simulate, TYRE_IN, type History, type Place } from './historySimulation';

export interface HistoryOptions {
  warehouseIds: number[];
  materialIds: number[];
  /** Days before today that the history covers. */
  days: number;
  tyres: number;
  /** Ledger rows aimed at; 2.6 per tyre unless given. */
  moves?: number;
  /** First letter(s) of the tyres' serials, one per writer (H the demo, S the benchmarks). */
  prefix: string;
  seed?: number;
}

export type HistoryCounts = Record<'barcodes' | 'orders' | 'orderLines' | 'orderScans' | 'stockMoves' | 'stockDaily' | 'uploadLogs' | 'loginLogs', number>;

const STATUS = ['pending', 'in', 'out'];

/**
 * Writes consistent stock history for the given warehouses over the days before today
 * (docs/stock-model.md): orders with their lines and scans, tyres, the ledger, and on-hand
 * and daily roll-ups built exactly as `ledger.post` would have built them, plus the PDA
 * upload and login logs of those days. Simulated in memory, written with bulk inserts.
 * The warehouses must have no stock moves before today; rows of today (the demo's orders)
 * are re-based on the history's closing.
 */
export async function writeHistory(tx: Db, o: HistoryOptions): Promise<HistoryCounts> {
  const today = new Date();
  const todayStart = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const ids = sql.param(o.warehouseIds);
  const earlier = await queryRows(tx, sql`select 1 from stock_moves where warehouse_id = any(${ids}::int[]) and moved_at < ${todayStart.toISOString()} limit 1`);
  if (earlier.length) throw new Error('writeHistory: these warehouses already have stock history');

  // Foreign-key triggers cost most of a bulk load and these rows are consistent by
  // construction: a superuser (PGlite always) skips them for these inserts; others pay them.
  const [{ role }] = await queryRows<{ role: string }>(tx, sql`select current_setting('session_replication_role') as role`);
  await tx.execute(sql`select set_config('session_replication_role', 'replica', true) where current_setting('is_superuser') = 'on'`);

  const places = await loadPlaces(tx, o.warehouseIds);
  const h = simulate({ days: o.days, tyres: o.tyres, moves: o.moves ?? Math.round(o.tyres * 2.6), places, materials: o.materialIds, today, seed: o.seed ?? 20261122 });
  const firstOrder = await reserveIds(tx, 'orders', h.orders.type.length);
  const firstLine = await reserveIds(tx, 'order_lines', h.lines.order.length);
  const code = (t: number) => `${o.prefix}${String(t + 1).padStart(9, '0')}`;
  await writeRows(tx, h, firstOrder, firstLine, code);
  const lastOrder = firstOrder + h.orders.type.length - 1;
  const logs = await writeLogs(tx, h, firstOrder, o.days, today);
  await tx.execute(sql`select set_config('session_replication_role', ${role}, true) where current_setting('is_superuser') = 'on'`);

  // Roll-ups from the history's own moves: on hand per place, the day per warehouse and material.
  const ours = sql`order_id between ${firstOrder} and ${lastOrder}`;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  await tx.execute(sql`
    insert into stock_on_hand (dealer_id, warehouse_id, location_id, material_id, dot_code, qty)
    select coalesce(dealer_id, 0), warehouse_id, coalesce(location_id, 0), material_id, coalesce(dot_code, ''), sum(qty)
    from stock_moves where ${ours} group by 1, 2, 3, 4, 5 having sum(qty) <> 0
    on conflict (warehouse_id, location_id, material_id, dot_code, dealer_id) do update set qty = stock_on_hand.qty + excluded.qty`);
  // The business day of a move is its day in the server's time zone, as ledger.dayOf says;
  // ship and receive are channel flow as ledger.updateDaily counts it (domain.ts channelFlow).
  const types = (codes: readonly string[]) => sql.join(codes.map((t) => sql`${t}`), sql`, `);
  const daily = await queryRows<{ n: number }>(tx, sql`
    with g as (
      select (moved_at at time zone ${zone})::date as day, min(coalesce(dealer_id, 0)) as dealer_id, warehouse_id, material_id,
        sum(greatest(qty, 0))::int as in_qty, sum(greatest(-qty, 0))::int as out_qty,
        count(*) filter (where qty < 0 and order_type in (${types(CHANNEL_OUTBOUND_TYPES)}))::int as ship_qty,
        count(*) filter (where qty > 0 and order_type in (${types(CHANNEL_INBOUND_TYPES)}))::int as receive_qty
      from stock_moves where ${ours} group by 1, 3, 4),
    c as (select *, sum(in_qty - out_qty) over (partition by warehouse_id, material_id order by day)::int as closing from g),
    ins as (
      insert into stock_daily (day, dealer_id, warehouse_id, material_id, opening, in_qty, out_qty, ship_qty, receive_qty, closing)
      select day, dealer_id, warehouse_id, material_id, closing - in_qty + out_qty, in_qty, out_qty, ship_qty, receive_qty, closing from c returning 1)
    select count(*)::int as n from ins`);
  // Today's rows (the demo's own orders) opened at zero: they now open at the history's closing.
  await tx.execute(sql`
    update stock_daily d set opening = d.opening + n.q, closing = d.closing + n.q
    from (select warehouse_id, material_id, sum(qty)::int as q from stock_moves where ${ours} group by 1, 2) n
    where d.warehouse_id = n.warehouse_id and d.material_id = n.material_id and d.day >= ${dayOf(today)} and n.q <> 0`);
  // The same per warehouse (stock_warehouse_daily), from these warehouses' daily rows now.
  await rebuildWarehouseDaily(tx, o.warehouseIds);

  return {
    barcodes: h.tyres.material.length, orders: h.orders.type.length, orderLines: h.lines.order.length, orderScans: h.scans.order.length,
    stockMoves: h.moves.tyre.length, stockDaily: Number(daily[0].n), ...logs,
  };
}

/** The warehouses with their locations, transfer partners and the user who works there. */
async function loadPlaces(tx: Db, warehouseIds: number[]): Promise<Place[]> {
  const ids = sql.param(warehouseIds);
  const rows = await queryRows<{ id: number; dealer_id: number | null; locations: number[] | null }>(tx, sql`
    select w.id, w.dealer_id, (select array_agg(l.id order by l.id) from storage_locations l where l.warehouse_id = w.id) as locations
    from warehouses w where w.id = any(${ids}::int[]) order by w.id`);
  const people = await tx.select({ id: users.id, dealerId: users.dealerId }).from(users).orderBy(asc(users.id));
  const staff = people.find((u) => u.dealerId === null)?.id ?? null;
  return rows.map((w) => {
    const dealerId = w.dealer_id === null ? null : Number(w.dealer_id);
    return {
      id: Number(w.id), dealerId, locations: (w.locations ?? []).map(Number),
      peers: rows.filter((p) => p.id !== w.id && (p.dealer_id === null ? null : Number(p.dealer_id)) === dealerId).map((p) => Number(p.id)),
      userId: people.find((u) => dealerId !== null && u.dealerId === dealerId)?.id ?? staff,
    };
  });
}

async function writeRows(tx: Db, h: History, firstOrder: number, firstLine: number, code: (t: number) => string) {
  const { orders: O, lines: L, scans: S, moves: M, tyres: T } = h;
  const orderId = (i: number) => firstOrder + i;
  const ymd = (ms: number) => dayOf(new Date(ms)).replaceAll('-', '');
  await bulkInsert(tx, 'orders', O.type.length, [
    ['id', 'int4', orderId],
    ['order_no', 'text', (i) => `${O.type[i]}${ymd(O.createdAt[i])}${String(orderId(i)).padStart(6, '0')}`],
    ['order_type', 'text', (i) => O.type[i]],
    ['status', 'text', (i) => O.status[i]],
    ['upload_status', 'text', (i) => (O.status[i] === '2' && O.source[i] === 'PDA' ? '1' : '0')],
    ['dealer_id', 'int4', (i) => ref(O.dealer[i])],
    ['warehouse_id', 'int4', (i) => O.warehouse[i]],
    ['target_warehouse_id', 'int4', (i) => ref(O.target[i])],
    ['counterparty', 'text', (i) => O.counterparty[i]],
    ['external_no', 'text', (i) => O.externalNo[i]],
    ['source', 'text', (i) => O.source[i]],
    ['stocktake_id', 'int4', (i) => (O.stocktake[i] < 0 ? null : orderId(O.stocktake[i]))],
    ['remark', 'text', (i) => (O.stocktake[i] < 0 ? null : `IV${ymd(O.createdAt[O.stocktake[i]])}${String(orderId(O.stocktake[i])).padStart(6, '0')}`)],
    ['created_by', 'int4', (i) => ref(O.user[i])],
    ['created_at', 'timestamptz', (i) => stamp(O.createdAt[i])],
    ['completed_at', 'timestamptz', (i) => stamp(O.completedAt[i])],
    ['completed_by', 'int4', (i) => (O.status[i] === '2' ? ref(O.user[i]) : null)],
  ]);
  await bulkInsert(tx, 'order_lines', L.order.length, [
    ['id', 'int4', (i) => firstLine + i],
    ['order_id', 'int4', (i) => orderId(L.order[i])],
    ['material_id', 'int4', (i) => L.material[i]],
    ['planned_qty', 'int4', (i) => L.planned[i]],
    ['scanned_qty', 'int4', (i) => L.scanned[i]],
    ['adjust_kind', 'text', (i) => L.adjustKind[i]],
  ]);
  await bulkInsert(tx, 'barcodes', T.material.length, [
    ['code', 'text', code],
    ['material_id', 'int4', (i) => T.material[i]],
    ['dot_code', 'text', (i) => T.dot[i]],
    ['status', 'text', (i) => STATUS[T.status[i]]],
    ['dealer_id', 'int4', (i) => ref(T.dealer[i])],
    ['warehouse_id', 'int4', (i) => ref(T.warehouse[i])],
    ['location_id', 'int4', (i) => (T.status[i] === TYRE_IN ? ref(T.location[i]) : null)],
    ['inbound_at', 'timestamptz', (i) => stamp(T.inboundAt[i])],
    ['last_order_id', 'int4', (i) => (T.lastOrder[i] < 0 ? null : orderId(T.lastOrder[i]))],
    ['created_at', 'timestamptz', (i) => stamp(T.createdAt[i])],
    ['updated_at', 'timestamptz', (i) => stamp(T.updatedAt[i])],
  ]);
  await bulkInsert(tx, 'order_scans', S.order.length, [
    ['order_id', 'int4', (i) => orderId(S.order[i])],
    ['line_id', 'int4', (i) => (S.line[i] < 0 ? null : firstLine + S.line[i])],
    ['barcode', 'text', (i) => code(S.tyre[i])],
    ['material_id', 'int4', (i) => T.material[S.tyre[i]]],
    ['location_id', 'int4', (i) => ref(S.location[i])],
    ['adjust_kind', 'text', (i) => S.adjustKind[i]],
    ['source', 'text', (i) => O.source[S.order[i]]],
    ['user_id', 'int4', (i) => ref(O.user[S.order[i]])],
    ['scanned_at', 'timestamptz', (i) => stamp(S.scannedAt[i])],
  ]);
  await bulkInsert(tx, 'stock_moves', M.tyre.length, [
    ['barcode', 'text', (i) => code(M.tyre[i])],
    ['order_id', 'int4', (i) => orderId(M.order[i])],
    ['order_type', 'text', (i) => O.type[M.order[i]]],
    ['qty', 'int4', (i) => M.qty[i]],
    ['dealer_id', 'int4', (i) => ref(M.dealer[i])],
    ['warehouse_id', 'int4', (i) => M.warehouse[i]],
    ['location_id', 'int4', (i) => ref(M.location[i])],
    ['material_id', 'int4', (i) => T.material[M.tyre[i]]],
    ['dot_code', 'text', (i) => T.dot[M.tyre[i]]],
    ['user_id', 'int4', (i) => ref(O.user[M.order[i]])],
    ['moved_at', 'timestamptz', (i) => stamp(O.completedAt[M.order[i]])],
  ]);
}

/**
 * The monitoring logs of those days: one upload per completed PDA order (now and then a
 * refused attempt before it) and the users' morning logins (now and then a mistyped password).
 */
async function writeLogs(tx: Db, h: History, firstOrder: number, days: number, today: Date) {
  const rnd = random(days);
  const O = h.orders;
  const scanned = new Map<number, number>();
  for (const o of h.scans.order) scanned.set(o, (scanned.get(o) ?? 0) + 1);
  const uploads: { order: number; ok: boolean; accepted: number; at: number }[] = [];
  for (let i = 0; i < O.type.length; i++) {
    const accepted = scanned.get(i);
    if (O.source[i] !== 'PDA' || O.status[i] !== '2' || !accepted) continue;
    if (rnd() < 0.03) uploads.push({ order: i, ok: false, accepted: 0, at: O.completedAt[i] - 30 * 60_000 });
    uploads.push({ order: i, ok: true, accepted, at: O.completedAt[i] - 5 * 60_000 });
  }
  await bulkInsert(tx, 'upload_logs', uploads.length, [
    ['upload_id', 'text', (k) => `hist-${firstOrder + uploads[k].order}-${uploads[k].ok ? 1 : 0}`],
    ['order_id', 'int4', (k) => firstOrder + uploads[k].order],
    ['dealer_id', 'int4', (k) => ref(O.dealer[uploads[k].order])],
    ['user_id', 'int4', (k) => ref(O.user[uploads[k].order])],
    ['accepted', 'int4', (k) => uploads[k].accepted],
    ['refused', 'int4', (k) => (uploads[k].ok ? 0 : 1)],
    ['ok', 'bool', (k) => uploads[k].ok],
    ['message', 'text', (k) => (uploads[k].ok ? null : '条码已出库，不能再次出库')],
    ['created_at', 'timestamptz', (k) => stamp(uploads[k].at)],
  ]);

  const people = await tx.select({ id: users.id, userName: users.userName }).from(users).orderBy(asc(users.id));
  const logins: { user: number; ok: boolean; at: number }[] = [];
  for (let d = days; d >= 1; d--) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - d, 8);
    if (day.getDay() === 0) continue;
    for (let u = 0; u < people.length; u++) {
      const at = day.getTime() + rnd() * 5_400_000;
      if (rnd() < 0.04) logins.push({ user: u, ok: false, at: at - 60_000 });
      logins.push({ user: u, ok: true, at });
    }
  }
  await bulkInsert(tx, 'login_logs', logins.length, [
    ['user_name', 'text', (k) => people[logins[k].user].userName],
    ['user_id', 'int4', (k) => people[logins[k].user].id],
    ['ip', 'text', () => '10.0.8.21'],
    ['user_agent', 'text', () => 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0'],
    ['success', 'bool', (k) => logins[k].ok],
    ['reason', 'text', (k) => (logins[k].ok ? 'ok' : 'badCredentials')],
    ['created_at', 'timestamptz', (k) => stamp(logins[k].at)],
  ]);
  return { uploadLogs: uploads.length, loginLogs: logins.length };
}

/** The demo's history: half a year of every demo warehouse (dealers' and central), so dashboards show trends. */
export async function writeDemoHistory(tx: Db): Promise<HistoryCounts> {
  const places = await tx.select({ id: warehouses.id }).from(warehouses).orderBy(asc(warehouses.id));
  const range = await tx.select({ id: materials.id }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id));
  return writeHistory(tx, { warehouseIds: places.map((w) => w.id), materialIds: range.map((m) => m.id), days: 180, tyres: 9_000, moves: 21_000, prefix: 'H' });
}
