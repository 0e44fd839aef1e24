import type { OfflineBook } from '@shared/api/offlineSync';
import type { OrderDetail } from '@shared/api/orders';
import type { MessageKey } from '@shared/i18n/messages';
import { isOpen, ORDER_TYPES, type AdjustKind } from '@shared/orders/orderTypes';

export type LocalVerdict =
  | { ok: true; action: 'added' | 'removed'; materialCode: string; materialId: number | null }
  | { ok: false; key: MessageKey; params: Record<string, string | number> };

/** What the device already queued on this order, in reading order. */
export interface QueuedOnOrder { op: 'scan' | 'unscan'; barcode: string; materialId: number | null }

/**
 * A scan judged on the device while the server cannot be asked (docs/offline-floor.md), by the
 * online scan's rules as far as the device can know them (scanRules.ts on the server): the
 * order still open, a barcode not on it twice, one the order can take (its offline book, where
 * it has one) and room on its line. What the device cannot know it queues for the server,
 * whose verdict replaces this one.
 */
export function judgeOffline(
  order: OrderDetail, book: OfflineBook | null, queue: QueuedOnOrder[], item: { op: 'scan' | 'unscan'; barcode: string; adjustKind: AdjustKind | null },
): LocalVerdict {
  const { barcode } = item;
  if (!isOpen(order.status)) return { ok: false, key: 'orderNotOpen', params: {} };
  // The dealer's duplicate-scan-delete: a second scan takes the tyre off, as online (scanRules.ts).
  const toggles = book?.duplicateScanDelete ?? false;
  const onOrder = new Map<string, number | null>(order.scans.map((s) => [s.barcode, s.materialId]));
  for (const q of queue) {
    if (q.op === 'scan' && !(toggles && onOrder.has(q.barcode))) onOrder.set(q.barcode, q.materialId);
    else onOrder.delete(q.barcode);
  }
  const removal = (): LocalVerdict => ({ ok: true, action: 'removed', materialCode: '', materialId: onOrder.get(barcode) ?? null });
  if (item.op === 'unscan') return onOrder.has(barcode) ? removal() : { ok: false, key: 'barcodeNotScanned', params: { barcode } };
  if (onOrder.has(barcode)) return toggles ? removal() : { ok: false, key: 'barcodeScannedTwice', params: { barcode } };
  const known = book?.barcodes.find((b) => b.code === barcode);
  if (!known) return book?.complete ? { ok: false, key: 'barcodeNotExpected', params: { barcode } } : { ok: true, action: 'added', materialCode: '', materialId: null };
  const effect = ORDER_TYPES[order.orderType].effect;
  if (effect === 'count') return { ok: true, action: 'added', materialCode: '', materialId: known.materialId };
  const line = order.lines.find((l) => l.materialId === known.materialId && (effect !== 'adjust' || l.adjustKind === item.adjustKind));
  if (!line) return { ok: false, key: 'barcodeNotExpected', params: { barcode } };
  const onLine = [...onOrder.values()].filter((m) => m === line.materialId).length;
  if (onLine >= line.plannedQty) return { ok: false, key: 'barcodeOverPlanned', params: { material: line.materialCode, planned: line.plannedQty } };
  return { ok: true, action: 'added', materialCode: line.materialCode, materialId: line.materialId };
}
