import { z } from 'zod';
import { ADJUST_KINDS } from '../orders/orderTypes';
import { barcodeText } from './orders';
import { coercedRowId } from './rowId';

/**
 * The offline scan queue's way back to the server (docs/offline-floor.md): scans and unscans a
 * device took while the server could not be reached, sent in the order they were read. Each
 * carries an id the device made, so a batch sent again (its answer lost) is judged once.
 */
export const SYNC_BATCH_MAX = 200;

export const SYNC_OPS = ['scan', 'unscan'] as const;
export type SyncOp = (typeof SYNC_OPS)[number];

export const syncItem = z.object({
  deviceId: z.uuid(),
  op: z.enum(SYNC_OPS),
  orderId: coercedRowId,
  /** Who read it: the batch is refused unless every item is the caller's own. */
  userId: coercedRowId,
  barcode: barcodeText,
  locationId: coercedRowId.nullable().optional(),
  adjustKind: z.enum(ADJUST_KINDS).optional(),
  /** When the device read it. */
  scannedAt: z.iso.datetime({ offset: true }),
}).strict();
export type SyncItem = z.infer<typeof syncItem>;

export const syncBody = z.object({ items: z.array(syncItem).min(1).max(SYNC_BATCH_MAX) }).strict();

/** The server's word on one item: taken (added or removed) or refused, with the same reason a scan online gets. */
export const syncVerdict = z.object({
  deviceId: z.string(),
  verdict: z.enum(['added', 'removed', 'refused']),
  /** A refusal's message key (barcodeAlreadyOut, orderNotOpen, barcodeUnknown…). */
  reason: z.string().nullable(),
  /** A refusal's message in the caller's language. */
  message: z.string().nullable(),
  /** This id was judged before; the first verdict is repeated and nothing changed. */
  replayed: z.boolean(),
});
export type SyncVerdict = z.infer<typeof syncVerdict>;

export const syncAnswer = z.object({ verdicts: z.array(syncVerdict) });
export type SyncAnswer = z.infer<typeof syncAnswer>;

/** The most tyres an order's offline book lists; past it the device checks only what it holds. */
export const OFFLINE_BOOK_MAX = 20_000;

/**
 * The tyres an order may take now (a receipt's shipped ones, a sale's or transfer's in its
 * warehouse), of the materials on its lines: what the device checks a scan against while the
 * server cannot be asked. `complete` is false when the order has no such list (a stocktake, a
 * return, an adjustment) or it was cut at OFFLINE_BOOK_MAX: then a barcode missing from it is
 * queued for the server to judge, not refused.
 */
export const offlineBook = z.object({
  barcodes: z.array(z.object({ code: z.string(), materialId: z.number() })),
  complete: z.boolean(),
  /** The dealer's duplicate-scan-delete: a second scan of a barcode on the order takes it off. */
  duplicateScanDelete: z.boolean(),
});
export type OfflineBook = z.infer<typeof offlineBook>;
