import { analyticsFilters, type AnalyticsFilters } from '@shared/analytics/filters';
import type { ReportDef } from '@shared/analytics/reportDef';
import { PAGE_SIZES, schemaFilterParser, type ViewSpec } from '../viewState';

/**
 * The filters a report opens with, from its URL query (a dashboard's drill-down, e.g.
 * `?dealerId=3&dateFrom=2026-11-01&dateTo=2026-11-30&dimension=month`). Unknown or invalid
 * parameters are left out one by one, so one bad value does not drop the others.
 */
export function filtersFromQuery(query: URLSearchParams): Partial<AnalyticsFilters> {
  const shape = analyticsFilters.shape;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of query) {
    if (!(key in shape) || raw === '') continue;
    const parsed = shape[key as keyof typeof shape].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as Partial<AnalyticsFilters>;
}

/** Drops empty values, so the body carries only what the user chose. */
export function cleanFilters(values: Record<string, unknown>): Partial<AnalyticsFilters> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<AnalyticsFilters>;
}

/** What a report keeps in its address: every analytics filter, by the server's own schema; its sortable columns. */
export function reportViewSpec(def: ReportDef): ViewSpec {
  return {
    filterKeys: Object.keys(analyticsFilters.shape),
    parseFilter: schemaFilterParser(analyticsFilters.shape),
    sortable: def.columns.filter((c) => c.sortable).map((c) => c.key),
    defaultSort: def.defaultOrder ? [def.defaultOrder] : [],
    sizes: PAGE_SIZES,
    defaultSize: 20,
  };
}
