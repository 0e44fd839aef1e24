import { z } from 'zod';
import {
  ADJUST_KINDS, BARCODE_PATTERN, DOT_PATTERN, MAX_ORDER_LINES, MAX_UPLOAD_BARCODES, ORDER_TYPE_CODES,
  type AdjustKind, type BarcodeStatus, type OrderStatus, type OrderType,
} from '../orders/orderTypes';

/**
 * Calls of the Order group. Every order page has the same calls under its own path, e.g.
 * `/orderManage/PRorder/selectByPage`, each guarded by that page's permission:
 *   selectByPage, detail, save, update, delete, export        page / :add / :edit / :delete / :export
 *   scan, unscan, upload (PDA batch)                          :scan
 *   complete                                                  :complete
 *   cancel                                                    :cancel
 *   markPrinted                                               :print
 *   markUploaded                                              :upload
 *   options (forms' choices), locations {warehouseId}          page
 * And `/orderManage/barcode/trace {barcode}` (reportQuery:codeRetrospection): one tyre and its moves.
 */
export const ORDER_ACTIONS = ['scan', 'complete', 'cancel', 'print', 'upload'] as const;
export const orderBase = (page: string) => `/orderManage/${page}`;

const refId = z.coerce.number().int().positive();
const blankIsNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value);
const optionalText = (max: number) => z.preprocess(blankIsNull, z.string().max(max).nullable().optional());

export const barcodeText = z.string().trim().toUpperCase().regex(BARCODE_PATTERN);
export const dotText = z.string().trim().regex(DOT_PATTERN);

export const orderLineInput = z.object({
  materialId: refId,
  plannedQty: z.coerce.number().int().min(1).max(100_000),
  /** On a loss/overflow order: which way the line adjusts. */
  adjustKind: z.enum(ADJUST_KINDS).optional(),
}).strict();

export const orderInput = z.object({
  orderType: z.enum(ORDER_TYPE_CODES),
  dealerId: refId.nullable().optional(),
  warehouseId: refId,
  /** Transfers only: where the tyres go. */
  targetWarehouseId: refId.nullable().optional(),
  /** Supplier, customer or carrier, as free text. */
  counterparty: optionalText(128),
  /** The ERP's or the delivery's own number. */
  externalNo: optionalText(64),
  remark: optionalText(256),
  lines: z.array(orderLineInput).max(MAX_ORDER_LINES),
  /**
   * Receipts created by the maker (a delivery to a dealer): the serials of the tyres shipped,
   * registered as not yet received, so the dealer's scans can be checked against them.
   */
  shipped: z.array(z.object({
    barcode: barcodeText,
    materialId: refId,
    dotCode: dotText.nullable().optional(),
    batchCode: optionalText(32),
  }).strict()).max(MAX_UPLOAD_BARCODES).optional(),
}).strict();
export type OrderInput = z.infer<typeof orderInput>;

export const orderFilters = z.object({
  keyword: z.string().max(64).optional(),
  orderType: z.enum(ORDER_TYPE_CODES).optional(),
  status: z.enum(['0', '1', '2', '3']).optional(),
  uploadStatus: z.enum(['0', '1']).optional(),
  printStatus: z.enum(['0', '1']).optional(),
  dealerId: refId.optional(),
  warehouseId: refId.optional(),
  /** Created on or after / before, `YYYY-MM-DD`. */
  dateFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  dateTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});

export const orderIdBody = z.object({ id: refId }).strict();
export const orderIdsBody = z.object({ ids: z.array(refId).min(1).max(500) }).strict();

export const scanBody = z.object({
  orderId: refId,
  barcode: barcodeText,
  /** Inbound and stocktake scans: the location the tyre is put on or counted at. */
  locationId: refId.nullable().optional(),
  /** Loss/overflow orders: which list the barcode goes on. */
  adjustKind: z.enum(ADJUST_KINDS).optional(),
}).strict();

export const unscanBody = z.object({ orderId: refId, barcode: barcodeText }).strict();

/** A PDA's upload of many scans: all or nothing; the same uploadId again answers the first result. */
export const uploadBody = z.object({
  orderId: refId,
  uploadId: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  scans: z.array(z.object({
    barcode: barcodeText,
    locationId: refId.nullable().optional(),
    adjustKind: z.enum(ADJUST_KINDS).optional(),
  }).strict()).min(1).max(MAX_UPLOAD_BARCODES),
}).strict();

export interface OrderRow {
  id: number;
  orderNo: string;
  orderType: OrderType;
  status: OrderStatus;
  uploadStatus: '0' | '1';
  printStatus: '0' | '1';
  dealerId: number | null;
  dealerCode: string | null;
  dealerName: string | null;
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  targetWarehouseId: number | null;
  targetWarehouseCode: string | null;
  targetWarehouseName: string | null;
  counterparty: string | null;
  externalNo: string | null;
  remark: string | null;
  source: string;
  plannedQty: number;
  scannedQty: number;
  createdBy: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The stocktake a loss/overflow order came from. */
  stocktakeId: number | null;
}

export interface OrderLineRow {
  id: number;
  materialId: number;
  materialCode: string;
  materialName: string;
  brandName: string;
  specification: string;
  pattern: string;
  plannedQty: number;
  scannedQty: number;
  adjustKind: AdjustKind | null;
  /** On hand now of this material in the order's warehouse. */
  onHand: number;
}

export interface OrderScanRow {
  barcode: string;
  materialId: number;
  materialCode: string;
  lineId: number | null;
  locationId: number | null;
  locationCode: string | null;
  adjustKind: AdjustKind | null;
  dotCode: string | null;
  scannedAt: string;
  source: string;
}

export interface OrderDetail extends OrderRow {
  lines: OrderLineRow[];
  scans: OrderScanRow[];
}

/** The answer to one scan: what happened and the counts after it. */
export interface ScanResult {
  action: 'added' | 'removed';
  barcode: string;
  materialCode: string;
  materialName: string;
  lineId: number | null;
  lineScanned: number;
  linePlanned: number | null;
  scannedQty: number;
  plannedQty: number;
  status: OrderStatus;
}

export interface UploadResult {
  uploadId: string;
  accepted: number;
  scannedQty: number;
  /** true when this upload was already taken and the first answer is repeated. */
  replayed: boolean;
}

/** A barcode a scan refused, with why (PDA upload errors list one per refused barcode). */
export interface ScanRefusal { barcode: string; message: string }

export interface CompleteResult {
  id: number;
  moved: number;
  /** A stocktake answers the loss/overflow order it produced (null when nothing differed). */
  adjustmentOrderId?: number | null;
  adjustmentOrderNo?: string | null;
}

export interface BarcodeRow {
  code: string;
  status: BarcodeStatus;
  materialId: number;
  materialCode: string;
  dotCode: string | null;
}

/** Choices the order forms offer, within the caller's data scope. */
export interface OrderOptions {
  dealers: { id: number; code: string; name: string }[];
  warehouses: { id: number; code: string; name: string; dealerId: number | null }[];
  materials: { id: number; code: string; name: string; specification: string; pattern: string; brandName: string }[];
}

export interface LocationOption { id: number; code: string; name: string }

/** Stocktake lines (InventoryChildList): what was counted per location and material, with book quantity. */
export interface StocktakeLineRow {
  id: number;
  locationId: number | null;
  locationCode: string | null;
  materialId: number;
  materialCode: string;
  materialName: string;
  counted: number;
  book: number;
  difference: number;
}
export const stocktakeLinesBody = z.object({
  stocktakeId: refId,
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
}).strict();

export const traceBody = z.object({ barcode: barcodeText }).strict();
export const locationsBody = z.object({ warehouseId: refId }).strict();

export interface BarcodeTrace {
  barcode: {
    code: string; status: BarcodeStatus; materialCode: string; materialName: string; specification: string; pattern: string;
    brandName: string; dotCode: string | null; batchCode: string | null; dealerName: string | null; warehouseName: string | null;
    locationCode: string | null; inboundAt: string | null;
  };
  moves: { id: number; orderId: number; orderNo: string; orderType: OrderType; qty: number; warehouseName: string; locationCode: string | null; movedAt: string; userName: string | null }[];
}
