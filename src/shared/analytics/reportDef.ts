import type { PanelDef } from './dashboards';
import type { FilterKey } from './filters';
import { PAGES } from '../pages';

type Text = { 'zh-CN': string; 'en-US': string };

export interface ReportColumn {
  key: string;
  title: Text;
  /** How the console formats it and the sheet stores it. */
  type?: 'text' | 'number' | 'decimal' | 'percent' | 'date' | 'datetime' | 'tag';
  /** In characters: the sheet's column width, and about 8 px a character on screen. */
  width?: number;
  sortable?: boolean;
}

/**
 * One report page: its menu page, permission, filters, table columns and the chart
 * drawn above the table. The server registers `/analysis/report/<page>/selectByPage` and
 * `/analysis/report/<page>/export` from it; the console renders it without page code.
 */
export interface ReportDef {
  /** Menu page name, e.g. `dayBalance`. */
  page: string;
  /** Route path, e.g. `/reportQuery/storageInventory/dayBalance`. */
  route: string;
  /** Page permission, e.g. `reportQuery:dayBalance` (export needs `<perm>:export`). */
  perm: string;
  title: Text;
  /** What the figures mean and how they are computed (formulas of docs/product.md#glossary). */
  description: Text;
  filters: FilterKey[];
  columns: ReportColumn[];
  /** Drawn above the table from the chart query of the same report (`/analysis/report/<page>/chart`). */
  chart?: ReportChartDef;
  /** Charts drawn beside it, each from its own query (`/analysis/report/<page>/chart/<id>`): sign-ins by dealer, say. */
  moreCharts?: (ReportChartDef & { id: string })[];
  defaultOrder?: { field: string; order: 'asc' | 'desc' };
}

export type ReportChartDef = Omit<PanelDef, 'id' | 'grid' | 'query'>;

/** A table column of a report: key, titles in both languages, type, sheet width, sortable by default. */
export const reportColumn = (key: string, zh: string, en: string, type: ReportColumn['type'] = 'text', width?: number, sortable = true): ReportColumn =>
  ({ key, title: { 'zh-CN': zh, 'en-US': en }, type, width, sortable });

/** What a report file declares: the rest (route, permission, title) is its page's in the manifest. */
export type ReportSpec = Omit<ReportDef, 'route' | 'perm' | 'title'>;

/** A report page: its declaration joined to its manifest entry (src/shared/pages), found by the page name. */
export function defineReport(spec: ReportSpec): ReportDef {
  const page = PAGES.find((p) => p.kind === 'report' && p.path === spec.page);
  if (!page) throw new Error(`Report ${spec.page}: no report page of that name in the page manifest`);
  return { ...spec, route: page.route, perm: page.perm, title: page.title };
}
