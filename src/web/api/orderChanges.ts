import type { OrderPage } from '@shared/orders/orderTypes';

/**
 * Order changes made in another window of the console (a print card marking its order
 * printed) reach the order lists open elsewhere, which then reload. Same-origin windows only.
 */
const CHANNEL = 'tyre-console:order-changes';

export interface OrderChange { page: OrderPage; id: number }

export function announceOrderChange(change: OrderChange) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
  channel.close();
}

/** Calls `listener` for each change announced by another window; answers the unsubscribe. */
export function onOrderChange(listener: (change: OrderChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<OrderChange>) => listener(e.data);
  return () => channel.close();
}
