import type { TripPush } from '../../shared/api/dispatch';
import type { NoticeMessage, StockAlertPush, StockChange } from '../../shared/api/notices';

/** A new-delivery message as getNewNotice answers it (docs/product.md#entities); the contract lives in shared. */
export type NoticePayload = NoticeMessage;
export type { StockChange };

/**
 * Pushes to signed-in consoles over socket.io (docs/product.md#calls). Each push reaches
 * only users whose data scope holds the dealer; polling stays as the fallback.
 */
export interface Realtime {
  notice(dealerId: number, payload: NoticePayload): void;
  /** Also pushes the alerts the change raised. */
  stockChanged(change: StockChange): void;
  /** Told of every stock change pushed through this node (cached dashboard answers drop what it alters); answers the unsubscribe. */
  onStockChange(listener: (change: StockChange) => void): () => void;
  /** Pushes raised stock alerts to the consoles whose scope holds their warehouse. */
  alertsRaised(alerts: StockAlertPush[]): void;
  /** A car request moved or a stop of its trip was reported: to the consoles whose scope holds its warehouse. */
  tripChanged(trip: TripPush): void;
}
