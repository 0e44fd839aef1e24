import { Perm, type RoutePermission } from '../permissions';
import type { FilterKey } from './filters';

type Text = { 'zh-CN': string; 'en-US': string };

/**
 * Every dashboard query the server registers (src/server/modules/analysis/queries), by id: the
 * contract between dashboard files, which name them, and the server, which answers them.
 */
export const DASHBOARD_QUERY_IDS = [
  'stock.onHand', 'stock.trend', 'stock.dos', 'stock.turnover', 'stock.ageBuckets', 'stock.dotAge',
  'stock.byBrand', 'stock.regionBrand', 'stock.byWarehouse', 'stock.locationFill', 'stock.alerts',
  'flow.byPeriod', 'flow.inboundHours',
  'rank.dealersPR', 'rank.dealersWL',
  'monitor.loginsToday', 'monitor.uploadsToday', 'monitor.uploadFailuresToday',
] as const;
export type DashboardQueryId = (typeof DASHBOARD_QUERY_IDS)[number];

export const PANEL_TYPES = ['stat', 'bar', 'line', 'pie', 'donut', 'heatmap', 'gauge', 'table'] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

/**
 * One panel: what it draws, from which server query, where on the 24-column grid. Field names
 * refer to the query's row fields:
 * - stat: `value` (and `previous` for the trend arrow) of the first row
 * - bar/line: `x` the category field, `y` one field per series (stack to stack bars)
 * - pie/donut: `x` the name field, `y` [the value field]
 * - heatmap: `x`, `y` the two category fields, `value` the cell field
 * - gauge: `value` (of the first row) and `max`
 * - table: `columns`
 */
export interface PanelDef {
  id: string;
  type: PanelType;
  title: Text;
  /** A query id the server registered (src/server/modules/analysis/queries). */
  query: DashboardQueryId;
  /** Fixed parameters for the query beyond the dashboard's filters. */
  params?: Record<string, string | number>;
  grid: { x: number; y: number; w: number; h: number };
  x?: string;
  y?: string[];
  value?: string;
  previous?: string;
  /** Stat: which way is good news (green); `down` for failures, days of stock. Default `up`. */
  better?: 'up' | 'down';
  max?: number;
  stack?: boolean;
  horizontal?: boolean;
  unit?: Text;
  columns?: { key: string; title: Text }[];
  /**
   * Clicking an element opens this report route with filters taken from the element:
   * `filter` maps the report's filter key to the clicked row's field.
   */
  drill?: { route: string; filter?: Record<string, string> };
}

export interface DashboardDef {
  id: string;
  title: Text;
  /**
   * Who sees it: `session`, every signed-in user (the home dashboard, everyone's pinned tab);
   * by default the holders of the dashboards page (Perm.dashboards). Its queries answer whoever
   * may see one dashboard that uses them (`queryPermission`).
   */
  access?: 'session';
  /** Seconds between refreshes (wall screens and open dashboards). */
  refreshSeconds: number;
  filters: FilterKey[];
  panels: PanelDef[];
}

export const defineDashboard = (d: DashboardDef) => d;

/** Who may see a dashboard (DashboardDef.access). */
export const dashboardPermission = (d: DashboardDef): RoutePermission => d.access ?? Perm.dashboards;

/**
 * Who may run a dashboard query: whoever may see at least one dashboard that uses it. Every
 * signed-in user when the home dashboard does; else the one permission of the dashboards that
 * do; a query no dashboard uses answers only the holders of the dashboards page. A route has one
 * permission, so dashboards of different permissions sharing a query is refused here.
 */
export function queryPermission(dashboards: DashboardDef[], queryId: string): RoutePermission {
  const perms = new Set(dashboards.filter((d) => d.panels.some((p) => p.query === queryId)).map(dashboardPermission));
  if (perms.has('session')) return 'session';
  if (perms.size > 1) throw new Error(`Query ${queryId} is used by dashboards of different permissions: ${[...perms].join(', ')}`);
  return [...perms][0] ?? Perm.dashboards;
}
