import { reportPath, type AnalyticsFilters, type QueryAnswer, type ReportPageAnswer } from '@shared/analytics/filters';
import type { OrderBy } from '../../api/crud';
import { api, exportHttp } from '../../api/http';

/** The calls of one report page: its table page, its chart rows and its streamed export. */
export function reportApi(page: string) {
  const base = reportPath(page);
  return {
    page: (body: AnalyticsFilters & { pageNum: number; pageSize: number; orderBy?: OrderBy[] }) => api.post<ReportPageAnswer>(`${base}/selectByPage`, body),
    chart: (filters: AnalyticsFilters) => api.post<QueryAnswer>(`${base}/chart`, filters),
    exportFile: (filters: AnalyticsFilters) => exportHttp.post<Blob>(`${base}/export`, filters),
  };
}

/** Dealers, warehouses, regions, brands, specifications and patterns the filter bar offers, within the caller's scope. */
export interface ReportFilterOptions {
  dealers: { id: number; code: string; name: string }[];
  warehouses: { id: number; code: string; name: string; dealerId: number | null }[];
  regions: { id: number; name: string }[];
  brands: { id: number; name: string }[];
  specifications: string[];
  patterns: string[];
}
export const FILTER_OPTIONS_PATH = '/analysis/reportFilterOptions';
export const filterOptions = () => api.post<ReportFilterOptions>(FILTER_OPTIONS_PATH, {});
