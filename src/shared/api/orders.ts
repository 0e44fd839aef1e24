import { z } from 'zod';
import {
  ADJUST_KINDS, BARCODE_PATTERN, BARCODE_STATUS, DOT_PATTERN, MAX_ORDER_LINES, MAX_UPLOAD_BARCODES, ORDER_STATUS, ORDER_TYPE_CODES,
  type BarcodeStatus,
} from '../orders/orderTypes';
import { calendarDay } from './day';
import { pageOf } from './paging';
import { coercedRowId } from './rowId';

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

const refId = coercedRowId;
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
  dateFrom: calendarDay.optional(),
  dateTo: calendarDay.optional(),
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

const orderStatus = z.enum(ORDER_STATUS);
const flag = z.enum(['0', '1']);

export const orderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  orderType: z.enum(ORDER_TYPE_CODES),
  status: orderStatus,
  uploadStatus: flag,
  printStatus: flag,
  dealerId: z.number().nullable(),
  dealerCode: z.string().nullable(),
  dealerName: z.string().nullable(),
  warehouseId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  targetWarehouseId: z.number().nullable(),
  targetWarehouseCode: z.string().nullable(),
  targetWarehouseName: z.string().nullable(),
  counterparty: z.string().nullable(),
  externalNo: z.string().nullable(),
  remark: z.string().nullable(),
  source: z.string(),
  plannedQty: z.number(),
  scannedQty: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The stocktake a loss/overflow order came from. */
  stocktakeId: z.number().nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const orderPageAnswer = pageOf(orderRow);

export const orderLineRow = z.object({
  id: z.number(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  brandName: z.string(),
  specification: z.string(),
  pattern: z.string(),
  plannedQty: z.number(),
  scannedQty: z.number(),
  adjustKind: z.enum(ADJUST_KINDS).nullable(),
  /** On hand now of this material in the order's warehouse. */
  onHand: z.number(),
});
export type OrderLineRow = z.infer<typeof orderLineRow>;

export const orderScanRow = z.object({
  barcode: z.string(),
  materialId: z.number(),
  materialCode: z.string(),
  lineId: z.number().nullable(),
  locationId: z.number().nullable(),
  locationCode: z.string().nullable(),
  adjustKind: z.enum(ADJUST_KINDS).nullable(),
  dotCode: z.string().nullable(),
  scannedAt: z.string(),
  source: z.string(),
});
export type OrderScanRow = z.infer<typeof orderScanRow>;

export const orderDetail = orderRow.extend({ lines: z.array(orderLineRow), scans: z.array(orderScanRow) });
export type OrderDetail = z.infer<typeof orderDetail>;

/** The answer to one scan: what happened and the counts after it. */
export const scanResult = z.object({
  action: z.enum(['added', 'removed']),
  barcode: z.string(),
  materialCode: z.string(),
  materialName: z.string(),
  lineId: z.number().nullable(),
  lineScanned: z.number(),
  linePlanned: z.number().nullable(),
  scannedQty: z.number(),
  plannedQty: z.number(),
  status: orderStatus,
});
export type ScanResult = z.infer<typeof scanResult>;

export const uploadResult = z.object({
  uploadId: z.string(),
  accepted: z.number(),
  scannedQty: z.number(),
  /** true when this upload was already taken and the first answer is repeated. */
  replayed: z.boolean(),
});
export type UploadResult = z.infer<typeof uploadResult>;

/** A barcode a scan refused, with why (PDA upload errors list one per refused barcode). */
export interface ScanRefusal { barcode: string; message: string }

export const completeResult = z.object({
  id: z.number(),
  moved: z.number(),
  /** A stocktake answers the loss/overflow order it produced (null when nothing differed). */
  adjustmentOrderId: z.number().nullable().optional(),
  adjustmentOrderNo: z.string().nullable().optional(),
});
export type CompleteResult = z.infer<typeof completeResult>;

/** Orders whose printed or uploaded flag was set (already set ones are not counted again). */
export const markAnswer = z.object({ marked: z.number() });
export type MarkAnswer = z.infer<typeof markAnswer>;

export interface BarcodeRow {
  code: string;
  status: BarcodeStatus;
  materialId: number;
  materialCode: string;
  dotCode: string | null;
}

/** Choices the order forms offer, within the caller's data scope. */
export const orderOptions = z.object({
  dealers: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  warehouses: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), dealerId: z.number().nullable() })),
  materials: z.array(z.object({
    id: z.number(), code: z.string(), name: z.string(), specification: z.string(), pattern: z.string(), brandName: z.string(),
  })),
});
export type OrderOptions = z.infer<typeof orderOptions>;

export const locationOption = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type LocationOption = z.infer<typeof locationOption>;
export const locationOptions = z.array(locationOption);

/** Stocktake lines (InventoryChildList): what was counted per location and material, with book quantity. */
export const stocktakeLineRow = z.object({
  id: z.number(),
  locationId: z.number().nullable(),
  locationCode: z.string().nullable(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  counted: z.number(),
  book: z.number(),
  difference: z.number(),
});
export type StocktakeLineRow = z.infer<typeof stocktakeLineRow>;
export const stocktakeLinePage = pageOf(stocktakeLineRow);
export const stocktakeLinesBody = z.object({
  stocktakeId: refId,
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
}).strict();

export const traceBody = z.object({ barcode: barcodeText }).strict();
export const locationsBody = z.object({ warehouseId: refId }).strict();

export const barcodeTrace = z.object({
  barcode: z.object({
    code: z.string(), status: z.enum(BARCODE_STATUS), materialCode: z.string(), materialName: z.string(), specification: z.string(),
    pattern: z.string(), brandName: z.string(), dotCode: z.string().nullable(), batchCode: z.string().nullable(), dealerName: z.string().nullable(),
    warehouseName: z.string().nullable(), locationCode: z.string().nullable(), inboundAt: z.string().nullable(),
  }),
  moves: z.array(z.object({
    id: z.number(), orderId: z.number(), orderNo: z.string(), orderType: z.enum(ORDER_TYPE_CODES), qty: z.number(), warehouseName: z.string(),
    locationCode: z.string().nullable(), movedAt: z.string(), userName: z.string().nullable(),
  })),
});
export type BarcodeTrace = z.infer<typeof barcodeTrace>;
