import type { OrderDetail, OrderScanRow, ScanResult } from '@shared/api/orders';
import type { AdjustKind } from '@shared/orders/orderTypes';

/** One line of the scanning screen's feed, newest first. */
export interface FeedEntry {
  id: number;
  barcode: string;
  kind: 'added' | 'removed' | 'refused';
  /** The material for an accepted scan, the server's reason for a refused one. */
  text: string;
  at: Date;
}

/** The feed keeps the last scans of this session only; the order's own list holds them all. */
export const FEED_LIMIT = 200;

export const addEntry = (feed: FeedEntry[], entry: Omit<FeedEntry, 'id' | 'at'>, at = new Date()): FeedEntry[] =>
  [{ ...entry, id: (feed[0]?.id ?? 0) + 1, at }, ...feed].slice(0, FEED_LIMIT);

/** Where and how a barcode was scanned, as the screen sent it. */
export interface ScanContext {
  locationId: number | null;
  locationCode: string | null;
  adjustKind: AdjustKind | null;
}

/**
 * The order as it is after one answer, so counts move at once without waiting for the
 * detail to be fetched again (it is, once the queue is idle, for DOT codes and the like).
 */
export function applyScanResult(detail: OrderDetail, result: ScanResult, context: ScanContext, at = new Date()): OrderDetail {
  const lines = detail.lines.map((l) => (l.id === result.lineId ? { ...l, scannedQty: result.lineScanned } : l));
  const others = detail.scans.filter((s) => s.barcode !== result.barcode);
  const line = detail.lines.find((l) => l.id === result.lineId);
  const added: OrderScanRow = {
    barcode: result.barcode, materialId: line?.materialId ?? 0, materialCode: result.materialCode, lineId: result.lineId,
    locationId: context.locationId, locationCode: context.locationCode, adjustKind: context.adjustKind, dotCode: null,
    scannedAt: at.toISOString(), source: 'WEB',
  };
  return {
    ...detail, lines, scannedQty: result.scannedQty, plannedQty: result.plannedQty, status: result.status,
    // In scanning order, as the server lists them.
    scans: result.action === 'added' ? [...others, added] : others,
  };
}

/** Share of the plan scanned, 0-100, for progress bars (an order with no plan shows none). */
export const percent = (scanned: number, planned: number | null) =>
  planned ? Math.min(100, Math.round((scanned / planned) * 100)) : 0;
