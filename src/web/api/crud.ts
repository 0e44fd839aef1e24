import type { Page } from '@shared/api/paging';
import { api, exportHttp } from './http';

export interface OrderBy { field: string; order: 'asc' | 'desc' }
export interface PageQuery { pageNum: number; pageSize: number; orderBy?: OrderBy[]; [filter: string]: unknown }

/** The calls every list page makes, from the path prefix its server module registers. */
export function crudApi<Row, Input = Partial<Row>>(base: string) {
  return {
    base,
    page: (query: PageQuery) => api.post<Page<Row>>(`${base}/selectByPage`, query),
    detail: (id: number) => api.post<Row>(`${base}/detail`, { id }),
    create: (input: Input) => api.post<{ id: number }>(`${base}/save`, input),
    update: (id: number, input: Input) => api.post<{ id: number }>(`${base}/update`, { ...input, id }),
    remove: (ids: number[]) => api.post<{ deleted: number }>(`${base}/delete`, { ids }),
    exportFile: (filters: Record<string, unknown>) => exportHttp.post<Blob>(`${base}/export`, filters),
    template: () => exportHttp.get<Blob>(`${base}/template`),
    /** With a ticket (`importTicket`), the rows read and checked so far are polled with `importProgress` while it runs. */
    importFile: (file: File, ticket?: string) =>
      api.post<{ imported: number }>(`${base}/import`, file, {
        headers: { 'content-type': 'application/octet-stream' }, timeout: 120_000, ...(ticket ? { params: { ticket } } : {}),
      }),
  };
}
export type CrudApi<Row, Input = Partial<Row>> = ReturnType<typeof crudApi<Row, Input>>;

export interface ImportProgress { read: number; checked: number; status: string }
/** A ticket an import is sent with, to follow its progress (docs/views-and-subscriptions.md, Long imports). */
export const importTicket = () => api.post<{ ticket: string }>('/import/ticket', {});
export const importProgress = (ticket: string) => api.post<ImportProgress>('/import/progress', { ticket }, { quietErrors: true });
