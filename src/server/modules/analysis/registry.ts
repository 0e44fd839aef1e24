import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DashboardQueryId } from '../../../shared/analytics/dashboards';
import type { AnalyticsFilters } from '../../../shared/analytics/filters';
import type { ReportDef } from '../../../shared/analytics/reportDef';
import type { Language } from '../../../shared/i18n/languages';
import type { Database, Db } from '../../db/client';
import type { DataScope } from '../../platform/dataScope';
import type { SessionUser } from '../../platform/sessionStore';
import type { StockMemo } from './queries/balances';

export type Row = Record<string, string | number | null>;

/** Who asks, within which scope, and the moment "now" means (tests fix it). */
export interface AnalyticsCtx {
  db: Db;
  user: SessionUser;
  scope: DataScope;
  lang: Language;
  now: Date;
  /** The driver behind `db` (services.database.kind): streamed exports read differently on the embedded one. */
  dbKind?: Database['kind'];
  /**
   * Sub-results shared by the queries of one call (a dashboard's batch): the stock book's
   * on-hand and daily flows are read once for all the panels that need them.
   */
  memo?: StockMemo;
}

/**
 * A dashboard query, registered once: its id (dashboard files name it), extra parameters beyond
 * the common filters, and the SQL behind it. Who may run it follows from the dashboards that use
 * it (`queryPermission`). Data scope is applied inside the SQL with `scopeSql`.
 */
export interface DashboardQuery {
  id: DashboardQueryId;
  summary: string;
  params?: z.ZodObject;
  run(ctx: AnalyticsCtx, filters: AnalyticsFilters & Record<string, unknown>): Promise<Row[]>;
}

export interface ReportPaging {
  limit: number;
  offset: number;
  orderBy?: { field: string; order: 'asc' | 'desc' }[];
}

/** A report's rows: a page for the table, all of them in batches for the streamed export, and its chart's rows. */
export interface ReportQuery {
  def: ReportDef;
  /** A page and the total; `totalEstimated` when the total is the planner's estimate (a row list of many rows, sqlReport.ts). */
  page(ctx: AnalyticsCtx, filters: AnalyticsFilters, paging: ReportPaging): Promise<{ rows: Row[]; total: number; totalEstimated?: boolean }>;
  batches(ctx: AnalyticsCtx, filters: AnalyticsFilters): AsyncIterable<Row[]>;
  chart?(ctx: AnalyticsCtx, filters: AnalyticsFilters): Promise<Row[]>;
  /** The rows of each of the def's `moreCharts`, by id. */
  moreCharts?: Record<string, (ctx: AnalyticsCtx, filters: AnalyticsFilters) => Promise<Row[]>>;
}

/**
 * The data scope as SQL over a dealer column and a warehouse column (either may be omitted):
 * a dealer user sees its dealer, data rules narrow staff, unrestricted staff see all.
 */
/**
 * Whether the caller sees every place and chose none: no data rules, no dealer, region or
 * warehouse filter. Such a call may read a whole-channel counter or roll-up (docs/stock-model.md).
 */
export const everyPlace = (ctx: { scope: DataScope }, f: AnalyticsFilters) =>
  ctx.scope.dealerIds === null && ctx.scope.warehouseIds === null && !f.dealerId && !f.regionId && !f.warehouseId;

export function scopeSql(scope: DataScope, dealerColumn?: SQL, warehouseColumn?: SQL): SQL {
  const parts: SQL[] = [];
  if (dealerColumn && scope.dealerIds !== null) {
    parts.push(scope.dealerIds.length ? sql`${dealerColumn} in (${sql.join(scope.dealerIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  }
  if (warehouseColumn && scope.warehouseIds !== null) {
    parts.push(scope.warehouseIds.length ? sql`${warehouseColumn} in (${sql.join(scope.warehouseIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
