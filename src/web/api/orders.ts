import { z } from 'zod';
import type { IdAnswer } from '@shared/api/envelope';
import type { OfflineBook } from '@shared/api/offlineSync';
import {
  orderBase, type CompleteResult, type LocationOption, type MarkAnswer, type OrderDetail, type OrderOptions,
  type OrderRow, type ScanResult, type StocktakeLineRow, type scanBody, type unscanBody,
} from '@shared/api/orders';
import type { OrderPage } from '@shared/orders/orderTypes';
import { crudApi } from './crud';
import { api } from './http';

/** The calls of one order page (shared/api/orders.ts): the list kit's calls plus scanning and the lifecycle. */
export function ordersApi(page: OrderPage) {
  const base = orderBase(page);
  // Form bodies are OrderInput (built by orderForm.ts); the list kit takes any record.
  const crud = crudApi<OrderRow, Record<string, unknown>>(base);
  return {
    ...crud,
    detail: (id: number) => api.post<OrderDetail>(`${base}/detail`, { id }),
    options: () => api.post<OrderOptions>(`${base}/options`, {}),
    locations: (warehouseId: number) => api.post<LocationOption[]>(`${base}/locations`, { warehouseId }),
    scan: (body: z.input<typeof scanBody>) => api.post<ScanResult>(`${base}/scan`, body, { quietErrors: true }),
    unscan: (body: z.input<typeof unscanBody>) => api.post<ScanResult>(`${base}/unscan`, body, { quietErrors: true }),
    offlineBook: (id: number) => api.post<OfflineBook>(`${base}/offlineBook`, { id }, { quietErrors: true }),
    complete: (id: number) => api.post<CompleteResult>(`${base}/complete`, { id }),
    cancel: (id: number) => api.post<IdAnswer>(`${base}/cancel`, { id }),
    markPrinted: (ids: number[]) => api.post<MarkAnswer>(`${base}/markPrinted`, { ids }),
    markUploaded: (ids: number[]) => api.post<MarkAnswer>(`${base}/markUploaded`, { ids }),
  };
}
export type OrdersApi = ReturnType<typeof ordersApi>;

/** The stocktake lines page (InventoryChildList): counted against book per location and material. */
export const stocktakeLinesApi = crudApi<StocktakeLineRow, Record<string, unknown>>(orderBase('InventoryChildList'));
