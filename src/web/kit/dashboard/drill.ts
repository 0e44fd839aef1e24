import type { PanelDef } from '@shared/analytics/dashboards';
import type { AnalyticsFilters } from '@shared/analytics/filters';
import { periodRange, type DateDimension } from '@shared/analytics/domain';

export type DashboardFilters = Partial<AnalyticsFilters>;
type Row = Record<string, string | number | null>;

/** The filters a query or report takes: only those with a value. */
export function filterBody(filters: DashboardFilters): Record<string, string | number> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string | number>;
}

/**
 * The report route a click opens: the dashboard's filters, then the clicked element's
 * fields as `drill.filter` maps them. The key `period` is special: the element's period
 * label (2026-11, 2026-W47 ...) becomes the date range it covers in the current dimension.
 */
export function drillTarget(drill: NonNullable<PanelDef['drill']>, row: Row, filters: DashboardFilters): string {
  const params: Record<string, string | number> = filterBody(filters);
  for (const [key, field] of Object.entries(drill.filter ?? {})) {
    const value = row[field];
    if (value === null || value === undefined || value === '') continue;
    if (key === 'period') {
      Object.assign(params, periodRange(String(value), (filters.dimension ?? 'day') as DateDimension));
    } else {
      params[key] = value;
    }
  }
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${drill.route}?${query}` : drill.route;
}
