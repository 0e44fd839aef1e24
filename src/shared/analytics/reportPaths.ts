/**
 * The report calls' paths, apart from their schemas (filters.ts), so that the dashboards' filter
 * bar in the signed-in shell names them without loading zod. Not in paths.ts, which the entry loads.
 */
/** A report page's calls: `selectByPage`, `chart` and `export` under it. */
export const reportPath = (page: string) => `/analysis/report/${page}`;
/** What every report's filter bar offers (ReportFilterOptions). */
export const FILTER_OPTIONS_PATH = '/analysis/reportFilterOptions';
