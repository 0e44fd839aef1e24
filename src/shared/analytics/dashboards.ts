import type { FilterKey } from './filters';

type Text = { 'zh-CN': string; 'en-US': string };

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
  query: string;
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
  /** Seconds between refreshes (wall screens and open dashboards). */
  refreshSeconds: number;
  filters: FilterKey[];
  panels: PanelDef[];
}

export const defineDashboard = (d: DashboardDef) => d;
