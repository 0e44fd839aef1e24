import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DateDimension } from '../../../../shared/analytics/domain';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import type { Language } from '../../../../shared/i18n/languages';
import { queryRows, type Db } from '../../../db/client';
import { badRequest } from '../../../http/errors';
import { dayOf } from '../../stock/ledger';
import { TRAILING_DAYS, trailingReaches } from '../../stock/trailingWindow';
import { addDays } from '../../../../shared/dates';
import { everyPlace, scopeSql, type AnalyticsCtx, type ReportPaging, type ReportQuery, type Row } from '../registry';

/** The server's time zone: business days (the daily roll-up, period labels) are counted in it. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Calendar days (`addDays` of src/shared/dates.ts), for the queries that import them from here. */
export { addDays };
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
/** The moment a business day starts (local midnight), for index-friendly timestamp ranges. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00`);
export { localDay, periodLabel } from './reportSql';
export const localTime = (ts: SQL) => sql`(${ts} at time zone ${TIME_ZONE})`;

/** Days a report reads when no start is chosen, by dimension: enough periods to compare. */
const DEFAULT_DAYS: Record<DateDimension, number> = { day: 30, week: 84, month: 365, quarter: 365, halfYear: 730, year: 1095 };

/** The inclusive day range a report reads: the chosen one, cut at today; the end defaults to today. */
export function dayRange(ctx: AnalyticsCtx, f: AnalyticsFilters): { from: string; to: string; days: number } {
  if (f.dateFrom && f.dateTo && f.dateFrom > f.dateTo) throw badRequest('analysisDateRange', 'dateFrom');
  const today = dayOf(ctx.now);
  const to = f.dateTo && f.dateTo < today ? f.dateTo : today;
  const from = f.dateFrom ?? addDays(to, 1 - DEFAULT_DAYS[f.dimension]);
  return { from, to, days: Math.max(0, daysFrom(from, to) + 1) };
}

/**
 * Whether a figure reads a trailing window (modules/stock/trailingWindow.ts, trailingPairs.ts)
 * whose held end `held` answers: for the whole channel (`everyPlace`), a range ending today (of
 * TRAILING_DAYS days when `wholeWindow`), once the window is at most that many days behind.
 */
export async function readsTrailing(ctx: AnalyticsCtx, f: AnalyticsFilters, held: (db: Db) => Promise<string | null>, wholeWindow: boolean) {
  const { to, days } = dayRange(ctx, f);
  if (!everyPlace(ctx, f) || to !== dayOf(ctx.now) || (wholeWindow && days !== TRAILING_DAYS)) return false;
  return trailingReaches(await held(ctx.db), to);
}

/** The as-of day of a snapshot report: the range's end, today by default. */
export const asOfDay = (ctx: AnalyticsCtx, f: AnalyticsFilters) => dayRange(ctx, f).to;

const escapeLike = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** Brand, specification, pattern and keyword over the material alias `m`. */
export function materialWhere(f: AnalyticsFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.brandId) parts.push(sql`m.brand_id = ${f.brandId}`);
  if (f.specification) parts.push(sql`m.specification = ${f.specification}`);
  if (f.pattern) parts.push(sql`m.pattern = ${f.pattern}`);
  if (f.keyword) parts.push(sql`(m.code ilike ${escapeLike(f.keyword)} or m.name ilike ${escapeLike(f.keyword)})`);
  return sql.join(parts, sql` and `);
}

/** The same material filters as a condition on a material id column, for scans below any join. */
/** Whether any material filter (brand, specification, pattern, keyword) is chosen. */
export const anyMaterialFilter = (f: AnalyticsFilters) => Boolean(f.brandId || f.specification || f.pattern || f.keyword);

export function materialIn(f: AnalyticsFilters, materialId: SQL): SQL {
  if (!anyMaterialFilter(f)) return sql`true`;
  return sql`${materialId} in (select m.id from materials m where ${materialWhere(f)})`;
}

/**
 * Data scope (inside the query, docs/product.md#permissions) and the dealer and warehouse filters
 * over a dealer column and a warehouse column; without a warehouse column, by dealer alone.
 */
export function placeWhere(ctx: AnalyticsCtx, f: AnalyticsFilters, dealer: SQL, warehouse?: SQL): SQL {
  const parts: SQL[] = [scopeSql(ctx.scope, dealer, warehouse)];
  if (f.dealerId) parts.push(sql`${dealer} = ${f.dealerId}`);
  if (f.warehouseId) parts.push(warehouse ? sql`${warehouse} = ${f.warehouseId}` : sql`false`);
  return sql.join(parts, sql` and `);
}

/**
 * round(num ÷ den, 2) as float8, for integer expressions `num` and `den` with den > 0, in integer
 * arithmetic: half away from zero, as numeric's round, and exact; numeric's division and round took
 * four times as long over the 300,000 dealer × material rows of the whole channel's DOS.
 */
export const ratio2 = (num: SQL, den: SQL) =>
  sql`((case when ${num} < 0 then -1 else 1 end) * ((abs((${num})::bigint) * 200 + (${den})) / (2 * (${den})::bigint)))::float8 / 100`;

/** A condition known while building the query. */
export const when = (condition: boolean) => sql.raw(condition ? 'true' : 'false');

/** The keyword as a LIKE pattern (order numbers and the like). */
export const keywordLike = (keyword: string) => escapeLike(keyword);

/** Material and brand columns of the alias `m` joined to brand `b`. */
export const MATERIAL_COLUMNS = sql`m.code as "materialCode", m.name as "materialName", b.name as "brandName", m.specification, m.pattern`;
export const joinMaterial = (materialId: SQL) => sql`join materials m on m.id = ${materialId} join brands b on b.id = m.brand_id`;

/** The maker's own stock (dealer 0, docs/stock-model.md) is listed under this name. */
const makerName = (lang: Language) => (lang === 'en-US' ? 'Maker' : '厂家');
export const dealerColumns = (lang: Language, alias = 'd') =>
  sql`${sql.raw(alias)}.code as "dealerCode", coalesce(${sql.raw(alias)}.name, ${makerName(lang)}) as "dealerName"`;

/**
 * A stock table as `s`, joined to its warehouse `w` when `stockWhere` reads the warehouse's dealer
 * (a scope by dealer, a dealer filter); else alone, sparing a join of each of its rows.
 */
export const stockFrom = (ctx: AnalyticsCtx, f: AnalyticsFilters, table: 'stock_daily' | 'stock_warehouse_material_on_hand') =>
  (ctx.scope.dealerIds !== null || f.dealerId
    ? sql`${sql.identifier(table)} s join warehouses w on w.id = s.warehouse_id`
    : sql`${sql.identifier(table)} s`);

/** Scope, place and material filters over a stock table `s` from `stockFrom` (the dealer is the warehouse's). */
export const stockWhere = (ctx: AnalyticsCtx, f: AnalyticsFilters) =>
  sql`${placeWhere(ctx, f, sql`w.dealer_id`, sql`s.warehouse_id`)} and ${materialIn(f, sql`s.material_id`)}`;

/**
 * Quantity per warehouse and material at the end of `day`: the current on hand less the net
 * movement of later days in the daily roll-up. Reads the on-hand counter per warehouse and
 * material (`stock_warehouse_material_on_hand`, docs/stock-model.md) and only the roll-up rows
 * after `day`, never the ledger (docs/architecture.md#reports-and-dashboards). Stock moves
 * with every move (in_qty, out_qty: transfers and corrections too), not channel flow (domain.ts `channelFlow`).
 */
export function balanceAt(ctx: AnalyticsCtx, f: AnalyticsFilters, day: string): SQL {
  // Joined, not summed over a union: the counter has a row per key already, and an aggregate of
  // its 333,000 rows (ten million tyres) spilled to disk.
  return sql`select warehouse_id, material_id, (coalesce(h.q, 0) - coalesce(l.net, 0))::int as qty
    from (
      select s.warehouse_id, s.material_id, s.qty as q from ${stockFrom(ctx, f, 'stock_warehouse_material_on_hand')}
      where ${stockWhere(ctx, f)}
    ) h full join (
      select s.warehouse_id, s.material_id, sum(s.in_qty - s.out_qty) as net from ${stockFrom(ctx, f, 'stock_daily')}
      where s.day > ${day} and ${stockWhere(ctx, f)} group by 1, 2
    ) l using (warehouse_id, material_id)`;
}

/** A report built from one SQL of all its rows (columns named as the definition's keys) and its chart's SQL. */
export interface AnalysisReport {
  def: ReportDef;
  rows(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL;
  /** Columns that tell rows apart, appended to every sort so pages and exports are stable. */
  key: string[];
  chart(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL;
  /**
   * The rows in two steps, for a report of many rows whose names cost more than its figures:
   * `keyed`, the id keys and the figures (output names as the def's keys), and `named`, which adds
   * the names to some of those rows (`select p.*, <names> from (${some}) p join …`); `rows` is then
   * `named(keyed)`. A page sorted by figures or keys alone sorts the keyed rows and names only the
   * page (the inventory report at ten million tyres: 333,000 rows named, then sorted, took 0.5 s).
   */
  staged?: {
    keyed(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL;
    figures: readonly string[];
    named(ctx: AnalyticsCtx, f: AnalyticsFilters, some: SQL): SQL;
  };
}

/** Exports read this many rows at a time from a cursor. */
const EXPORT_BATCH = 2000;

export function analysisReport(r: AnalysisReport): ReportQuery {
  const orderBy = (requested: ReportPaging['orderBy']) => {
    const sorts = requested?.length ? requested : r.def.defaultOrder ? [r.def.defaultOrder] : [];
    const terms = [
      ...sorts.map((s) => sql`${sql.identifier(s.field)} ${sql.raw(s.order === 'desc' ? 'desc' : 'asc')} nulls last`),
      ...r.key.map((k) => sql`${sql.identifier(k)}`),
    ];
    return sql.join(terms, sql`, `);
  };
  return {
    def: r.def,
    async page(ctx, f, paging) {
      const sorts = paging.orderBy?.length ? paging.orderBy : r.def.defaultOrder ? [r.def.defaultOrder] : [];
      const { staged } = r;
      const byFigures = staged && sorts.every((s) => staged.figures.includes(s.field) || r.key.includes(s.field));
      const all = byFigures ? staged.keyed(ctx, f) : r.rows(ctx, f);
      const order = orderBy(paging.orderBy);
      const page = sql`order by ${order} limit ${paging.limit} offset ${paging.offset}`;
      /** The page's rows with their names, in the page's order. */
      const paged = (some: SQL) => (byFigures ? sql`select * from (${staged.named(ctx, f, some)}) n order by ${order}` : some);
      const count = sql`select count(*)::int as total from (${all}) q`;
      if (ctx.dbKind !== 'pglite') {
        // The page and its total at once, each on a connection of the pool: the page is a top-N
        // sort of the rows as they come, where a window count first kept every row (333,000 wide
        // rows of the inventory report at ten million tyres, spilled to disk).
        const [rows, [{ total }]] = await Promise.all([
          queryRows<Row>(ctx.db, paged(sql`select q.* from (${all}) q ${page}`)),
          queryRows<{ total: number }>(ctx.db, count),
        ]);
        return { rows, total: Number(total) };
      }
      // The embedded database runs statements one at a time: one statement, the count beside the rows.
      const rows = await queryRows<Row>(ctx.db, paged(sql`select q.*, count(*) over ()::int as "_total" from (${all}) q ${page}`));
      let total = rows.length ? Number(rows[0]._total) : 0;
      if (!rows.length && paging.offset > 0) [{ total }] = await queryRows<{ total: number }>(ctx.db, count);
      return { rows: rows.map(({ _total, ...row }) => row), total };
    },
    batches: (ctx, f) => cursorBatches(ctx, sql`select * from (${r.rows(ctx, f)}) q order by ${orderBy(undefined)}`),
    chart: (ctx, f) => queryRows<Row>(ctx.db, r.chart(ctx, f)),
  };
}

/**
 * The rows of a query, `EXPORT_BATCH` at a time, all from one snapshot, with one batch in memory.
 * Between batches the export waits for its client, which may be slow or stall, so it must hold
 * nothing other calls need meanwhile. Which cursor does that depends on the driver:
 * - PGlite has one connection and runs each statement, and a transaction as a whole, under one
 *   lock: a cursor inside a transaction would hold the whole database until the download ends.
 *   So the cursor is declared WITH HOLD, outside any transaction: that one statement materialises
 *   the result (spilling to disk past work_mem), and each batch is a short FETCH of its own.
 * - PostgreSQL: a cursor in a read transaction on a pooled connection of its own; the other calls
 *   use the other connections, and MVCC keeps them apart.
 * Without a driver kind in the context (a hand-built one), the transaction's cursor: right on
 * both drivers, only slower to let go on PGlite.
 */
function cursorBatches(ctx: AnalyticsCtx, query: SQL): AsyncGenerator<Row[]> {
  return ctx.dbKind === 'pglite' ? heldCursorBatches(ctx.db, query) : transactionCursorBatches(ctx.db, query);
}

/** Names of the held export cursors (pg_cursors lists those open). */
export const HELD_CURSOR_PREFIX = 'report_export_';

/** A WITH HOLD cursor of the one PGlite session, closed however the export ends (done, aborted, failed). */
async function* heldCursorBatches(db: Db, query: SQL): AsyncGenerator<Row[]> {
  // Exports share the session: each cursor needs a name of its own.
  const cursor = `${HELD_CURSOR_PREFIX}${randomBytes(8).toString('hex')}`;
  await db.execute(sql`declare ${sql.identifier(cursor)} no scroll cursor with hold for ${query}`);
  try {
    for (;;) {
      const rows = await queryRows<Row>(db, sql`fetch forward ${sql.raw(String(EXPORT_BATCH))} from ${sql.identifier(cursor)}`);
      if (!rows.length) return;
      yield rows;
      if (rows.length < EXPORT_BATCH) return;
    }
  } finally {
    await db.execute(sql`close ${sql.identifier(cursor)}`);
  }
}

/** A cursor in a read transaction, which stays open while the consumer takes each batch. */
async function* transactionCursorBatches(db: Db, query: SQL): AsyncGenerator<Row[]> {
  let handOver!: (rows: Row[]) => void;
  let taken: () => void = () => {};
  let stopped = false;
  const next = () => new Promise<Row[]>((resolve) => { handOver = resolve; });
  let pending = next();
  const reading = db.transaction(async (tx) => {
    await tx.execute(sql`declare report_export no scroll cursor for ${query}`);
    for (;;) {
      const rows = await queryRows<Row>(tx, sql.raw(`fetch forward ${EXPORT_BATCH} from report_export`));
      const consumed = new Promise<void>((resolve) => { taken = resolve; });
      handOver(rows);
      if (!rows.length) return;
      await consumed;
      if (stopped) return;
    }
  });
  try {
    for (;;) {
      const rows = await Promise.race([pending, reading.then(() => [])]);
      if (!rows.length) break;
      pending = next();
      yield rows;
      taken();
    }
  } finally {
    stopped = true;
    taken();
    await reading;
  }
}
