import type { AnalyticsFilters, QueryAnswer, ReportFilterOptions, ReportPageAnswer } from '@shared/analytics/filters';
import { FILTER_OPTIONS_PATH, reportPath } from '@shared/analytics/reportPaths';
import type { OrderBy } from '../../api/crud';
import { api, exportHttp } from '../../api/http';

/** The calls of one report page: its table page, its chart rows and its streamed export. */
export function reportApi(page: string) {
  const base = reportPath(page);
  return {
    page: (body: AnalyticsFilters & { pageNum: number; pageSize: number; orderBy?: OrderBy[] }) => api.post<ReportPageAnswer>(`${base}/selectByPage`, body),
    chart: (filters: AnalyticsFilters, id?: string) => api.post<QueryAnswer>(id ? `${base}/chart/${id}` : `${base}/chart`, filters),
    exportFile: (filters: AnalyticsFilters) => exportHttp.post<Blob>(`${base}/export`, filters),
    /** A one-time link the browser downloads the export from itself, with its progress and cancel. */
    exportLink: (filters: AnalyticsFilters) => api.post<{ ticket: string; url: string }>(`${base}/exportLink`, filters),
  };
}

export const exportProgress = (ticket: string) => api.post<{ rows: number; status: string }>('/analysis/report/exportProgress', { ticket });
export const exportCancel = (ticket: string) => api.post<{ rows: number; status: string }>('/analysis/report/exportCancel', { ticket });

export const filterOptions = () => api.post<ReportFilterOptions>(FILTER_OPTIONS_PATH, {});
