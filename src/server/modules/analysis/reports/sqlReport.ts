import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { queryRows } from '../../../db/client';
import type { AnalyticsCtx, ReportQuery, Row } from '../registry';

/**
 * Rows per batch of a streamed export, each batch one statement: 2,000 on PostgreSQL. On the
 * embedded database a statement holds the server's one thread (docs/architecture.md, The
 * database), and a scan beside an export waits for the batch under way: 500 rows there, where a
 * batch of the day balance (an aggregate, whose every batch costs about the same whatever its
 * rows) took 40 to 65 ms. A row list's batch costs by its rows, and is sized by time instead
 * (`nextBatchRows`).
 */
export const batchRows = (ctx: AnalyticsCtx) => (ctx.dbKind === 'pglite' ? 500 : 2000);

/**
 * How long one batch of a row list's export may take, from its statement to the sheet's writing
 * of its rows, and the rows such a batch starts with and stays between. Beside an export of a million scans on 400,000 tyres, 20
 * scanners took 44 / 99 ms (p50 / p95) with batches of 500 rows, 3 / 7 alone, and 4 / 11 with
 * batches of 2 ms (bench/load.ts --export-filters; docs/architecture.md, The database).
 */
export const BATCH_MS_TARGET = 2;
export const ROW_LIST_BATCH = { first: 100, least: 25, most: 1000 };

/**
 * A row list's next batch from its last one: scaled towards BATCH_MS_TARGET, at most doubled or
 * halved at a time (one slow batch, a cold page, does not swing it), within ROW_LIST_BATCH.
 */
export function nextBatchRows(rows: number, tookMs: number): number {
  const scaled = rows * Math.min(2, Math.max(0.5, BATCH_MS_TARGET / Math.max(tookMs, 0.1)));
  return Math.round(Math.min(ROW_LIST_BATCH.most, Math.max(ROW_LIST_BATCH.least, scaled)));
}

export interface SqlReport {
  def: ReportDef;
  /**
   * The columns that identify a row, in keyset order: the output name and the expression the
   * row query filters on, so an export reads the next batch after the last row it wrote.
   */
  keys: { name: string; expr: SQL }[];
  /**
   * The report's rows as one SELECT (output names = the def's column keys and the key names);
   * `after` goes into its WHERE. An export batch also gets the `last` row written, for
   * queries that can narrow their work further than `after` does.
   */
  rows(ctx: AnalyticsCtx, f: AnalyticsFilters, after: SQL, last?: Row): SQL;
  /**
   * For a row query without GROUP BY: the table expression behind a sortable column (e.g.
   * `m.moved_at` behind the formatted `movedAt`). A page sorted only by such columns is
   * ordered inside the query, so an index on them answers the first page without a full sort.
   * Such a row list also gets an estimated total when it is long (`ESTIMATE_FROM`).
   */
  sortExprs?: Record<string, SQL>;
  /**
   * The sortExprs columns that are never null (NOT NULL in the schema). A descending sort on
   * them says plain `desc`, which an ascending index read backwards serves; `desc nulls last`
   * would need an index of its own, or a sort of the whole window.
   */
  notNullSorts?: readonly string[];
  chart?(ctx: AnalyticsCtx, f: AnalyticsFilters): SQL;
  /** The SQL of each of the def's `moreCharts`, by id. */
  moreCharts?: Record<string, (ctx: AnalyticsCtx, f: AnalyticsFilters) => SQL>;
}

const YES_NO = { 'zh-CN': { yes: '是', no: '否' }, 'en-US': { yes: 'Yes', no: 'No' } } as const;

/**
 * A report query from its SQL: a page sorted by the chosen column (then the key, so pages
 * never overlap), the total, the chart rows, and the export as keyset batches of
 * `batchRows` rows, so a million-row export never holds more than one batch.
 */
export function sqlReport(spec: SqlReport): ReportQuery {
  const keyOrder = sql.join(spec.keys.map((k) => sql`${sql.identifier(k.name)} asc`), sql`, `);
  const tags = spec.def.columns.filter((c) => c.type === 'tag').map((c) => c.key);
  return {
    def: spec.def,
    async page(ctx, f, paging) {
      const orderBy = paging.orderBy?.length ? paging.orderBy : spec.def.defaultOrder ? [spec.def.defaultOrder] : [];
      const order = sql.join([
        ...orderBy.map((o) => sql`${sql.identifier(o.field)} ${o.order === 'asc' ? sql`asc` : sql`desc`} nulls last`),
        keyOrder,
      ], sql`, `);
      const base = spec.rows(ctx, f, sql`true`);
      const { sortExprs } = spec;
      const direct = sortExprs && orderBy.every((o) => sortExprs[o.field]);
      const direction = (o: { field: string; order: string }) => (o.order === 'asc' ? sql`asc`
        : spec.notNullSorts?.includes(o.field) ? sql`desc` : sql`desc nulls last`);
      const pageSql = sortExprs && direct
        ? sql`${base} order by ${sql.join([
          ...orderBy.map((o) => sql`${sortExprs[o.field]} ${direction(o)}`),
          ...spec.keys.map((k) => sql`${k.expr} asc`),
        ], sql`, `)} limit ${paging.limit} offset ${paging.offset}`
        : sql`select * from (${base}) q order by ${order} limit ${paging.limit} offset ${paging.offset}`;
      // Both at once: on PostgreSQL each takes a connection of the pool, so the first page waits
      // for the slower of the two rather than their sum (PGlite runs them one after the other).
      const [rows, counted] = await Promise.all([queryRows<Row>(ctx.db, pageSql), totalOf(ctx, base, Boolean(sortExprs))]);
      const seen = paging.offset + rows.length;
      if (!counted.estimated) return { rows, total: counted.total };
      // A short page is the last: the total is known; an empty one past the end (the estimate was
      // too high) is counted. Else never less than what the pages showed.
      if (!rows.length && paging.offset > 0) return { rows, total: (await totalOf(ctx, base, false)).total };
      if (rows.length < paging.limit) return { rows, total: seen };
      return { rows, total: Math.max(counted.total, seen + 1), totalEstimated: true };
    },
    async *batches(ctx, f) {
      let after = sql`true`;
      let last: Row | undefined;
      // On the embedded database a row list's batches are sized by time and planned in written join order.
      const timed = ctx.dbKind === 'pglite' && Boolean(spec.sortExprs);
      let size = timed ? ROW_LIST_BATCH.first : batchRows(ctx);
      for (;;) {
        const query = sql`select * from (${spec.rows(ctx, f, after, last)}) q order by ${keyOrder} limit ${size}`;
        const started = performance.now();
        const batch = timed ? await inWrittenJoinOrder(ctx, query) : await queryRows<Row>(ctx.db, query);
        if (!batch.length) return;
        // The sheet says yes/no in the reader's language; the console colours the raw value.
        yield tags.length ? batch.map((r) => localiseTags(r, tags, ctx)) : batch;
        if (batch.length < size) return;
        // The whole cycle: the statement (and its wait for the database) and the writing of the rows
        // yielded, pauses for scanners included. Sized by the statement alone, batches grew, and a
        // scan beside a million-row export took 5 / 14 ms (p50 / p95) rather than 4 / 11.
        if (timed) size = nextBatchRows(size, performance.now() - started);
        const lastRow = batch[batch.length - 1];
        last = lastRow;
        after = sql`(${sql.join(spec.keys.map((k) => k.expr), sql`, `)}) > (${sql.join(spec.keys.map((k) => sql`${lastRow[k.name]}`), sql`, `)})`;
      }
    },
    chart: chartOf(spec),
    moreCharts: spec.moreCharts
      ? Object.fromEntries(Object.entries(spec.moreCharts).map(([id, q]) => [id, (ctx: AnalyticsCtx, f: AnalyticsFilters) => queryRows<Row>(ctx.db, q(ctx, f))]))
      : undefined,
  };
}

/**
 * A row list's batch (its driving table first in FROM, the rest joined to it row by row) planned
 * with its joins in written order: the planner's search over eight joined tables took 9 to 19 ms
 * of PGlite's one thread per batch, against 1.5 to 5 ms so, for the same plan.
 */
function inWrittenJoinOrder(ctx: AnalyticsCtx, query: SQL): Promise<Row[]> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local join_collapse_limit = 1`);
    return queryRows<Row>(tx, query);
  });
}

/**
 * From how many rows (the planner's estimate) a row list's total is that estimate, not a count:
 * counting millions of moves or scans reads every one of them (seconds on a large channel, and
 * the embedded database held as long), while the page itself reads one index range.
 */
export const ESTIMATE_FROM = 50_000;

/**
 * The total of a report's rows: counted, or for a row list (no GROUP BY) the planner's estimate
 * when that is at least ESTIMATE_FROM. An aggregate's estimate can be far off and its page reads
 * every row anyway, so it is always counted.
 */
async function totalOf(ctx: AnalyticsCtx, base: SQL, rowList: boolean): Promise<{ total: number; estimated: boolean }> {
  if (rowList) {
    const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(ctx.db, sql`explain (format json) ${base}`);
    const estimate = Math.round(Number(plan['QUERY PLAN'][0].Plan['Plan Rows']));
    if (estimate >= ESTIMATE_FROM) return { total: estimate, estimated: true };
  }
  const [{ n }] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from (${base}) q`);
  return { total: Number(n), estimated: false };
}

/** The chart rows of a report whose spec has a chart query. */
function chartOf({ chart }: SqlReport): ReportQuery['chart'] {
  return chart && ((ctx, f) => queryRows<Row>(ctx.db, chart(ctx, f)));
}

function localiseTags(row: Row, tags: string[], ctx: AnalyticsCtx): Row {
  const out = { ...row };
  for (const key of tags) {
    const tag = out[key];
    if (tag === 'yes' || tag === 'no') out[key] = YES_NO[ctx.lang][tag];
  }
  return out;
}
