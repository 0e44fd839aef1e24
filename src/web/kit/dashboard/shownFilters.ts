import type { FilterKey } from '@shared/analytics/filters';

/** The filters a dashboard's bar can draw, in the order it draws them. */
const BAR_FILTERS = ['dimension', 'dateRange', 'dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'] as const satisfies readonly FilterKey[];
export type BarFilter = (typeof BAR_FILTERS)[number];

/**
 * The filters a dashboard's bar shows, in its order: those its definition lists, less the dealer
 * filter for a dealer's user, who is never offered other dealers. The bar (FilterBar.tsx) and the
 * placeholder that holds its place while it loads (DashboardView.tsx) both draw these.
 */
export function shownFilters(keys: readonly FilterKey[], dealerId: number | null | undefined): BarFilter[] {
  return BAR_FILTERS.filter((k) => keys.includes(k) && (k !== 'dealer' || dealerId == null));
}
