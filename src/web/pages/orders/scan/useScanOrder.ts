import { useQuery } from '@tanstack/react-query';
import type { OfflineBook } from '@shared/api/offlineSync';
import type { OrderDetail } from '@shared/api/orders';
import type { OrderPage } from '@shared/orders/orderTypes';
import type { OrdersApi } from '../../../api/orders';
import { connectivity } from '../../../offline/connectivity';
import { heldOrder, holdOrder } from '../../../offline/scanStore';
import { unanswered } from '../../../offline/unanswered';

/**
 * Online, asks the server and keeps the answer on the device; with nobody answering, the copy
 * the device kept (docs/offline-floor.md).
 */
async function askOrHeld<T>(ask: () => Promise<T>, keep: (value: T) => Promise<void>, held: () => Promise<T | undefined>): Promise<T> {
  // Known offline: the device's copy at once, without a call doomed to fail (and its error toast).
  if (!connectivity.online) {
    const kept = await held();
    if (kept !== undefined) return kept;
  }
  try {
    const value = await ask();
    await keep(value);
    return value;
  } catch (err) {
    if (!unanswered(err)) throw err;
    const kept = await held();
    if (kept === undefined) throw err;
    return kept;
  }
}

/** The order for the scanning screen: the same query (and key) as the detail drawer's, held on the device too. */
export function useScanOrder(page: OrderPage, api: OrdersApi, id: number | null) {
  // Asked only with an order (enabled); 0 is never an order's id.
  const orderId = id ?? 0;
  return useQuery<OrderDetail>({
    queryKey: ['order-detail', page, id], enabled: id !== null,
    queryFn: () => askOrHeld(() => api.detail(orderId), (detail) => holdOrder(page, orderId, { detail }), async () => (await heldOrder(page, orderId))?.detail),
  });
}

/** The tyres the order can take, for checking scans while offline. */
export const useOfflineBook = (page: OrderPage, api: OrdersApi, id: number, enabled: boolean) =>
  useQuery<OfflineBook | null>({
    queryKey: ['order-book', page, id], enabled, staleTime: 60_000,
    queryFn: () => askOrHeld<OfflineBook | null>(() => api.offlineBook(id), (book) => holdOrder(page, id, { book: book ?? undefined }), async () => (await heldOrder(page, id))?.book ?? null),
  });
