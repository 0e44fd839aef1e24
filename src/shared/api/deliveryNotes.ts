import { z } from 'zod';
import { MAX_ORDER_LINES } from '../orders/orderTypes';

/** Most shipped barcodes one delivery note may carry (a full truck and more). */
export const MAX_NOTE_BARCODES = 5_000;

/**
 * A delivery note from the maker's ERP (POST /integration/deliveryNote, docs/integrations.md): it
 * becomes the dealer's purchase receipt with its shipped serials expected. Materials and the
 * warehouse go by code, as the ERP knows them. Barcodes and DOT codes are checked by the call
 * itself, so a refusal names the barcode, not only its place in the list.
 */
export const deliveryNoteBody = z.object({
  /** The maker's document number: the note's identity (the same number again is the same note). */
  documentNo: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9._/-]+$/),
  /** The dealer's receiving warehouse, by code. */
  warehouseCode: z.string().trim().min(1).max(32),
  /** Purchase receipt (PR, the default) or commissioned receipt (PB). */
  orderType: z.enum(['PR', 'PB']).default('PR'),
  counterparty: z.string().trim().max(128).optional(),
  remark: z.string().trim().max(256).optional(),
  lines: z.array(z.object({
    materialCode: z.string().trim().min(1).max(64),
    quantity: z.number().int().min(1).max(100_000),
  }).strict()).min(1).max(MAX_ORDER_LINES),
  barcodes: z.array(z.object({
    barcode: z.string().trim().max(64),
    materialCode: z.string().trim().min(1).max(64),
    /** DOT date code, WWYY. */
    dot: z.string().trim().max(8).nullable().optional(),
    batch: z.string().trim().max(32).nullable().optional(),
  }).strict()).max(MAX_NOTE_BARCODES).default([]),
}).strict();
export type DeliveryNoteBody = z.infer<typeof deliveryNoteBody>;

/** What the call answers, and answers again, the same, to the same note sent again. */
export const deliveryNoteAnswer = z.object({
  documentNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  lines: z.number(),
  barcodes: z.number(),
});
export type DeliveryNoteAnswer = z.infer<typeof deliveryNoteAnswer>;
