import { z } from 'zod';
import { calendarDay } from '../../api/day';
import { defineReport, type ReportColumn, type ReportDef } from '../reportDef';
import type { FilterKey } from '../filters';
import { coercedRowId } from '../../api/rowId';

/** A column in both languages: `col('qty', '数量', 'Quantity', 'number')`. Sortable unless told. */
export const col = (key: string, zh: string, en: string, type: ReportColumn['type'] = 'text', extra: Partial<ReportColumn> = {}): ReportColumn =>
  ({ key, title: { 'zh-CN': zh, 'en-US': en }, type, sortable: true, ...extra });

/** Material columns most reports share. */
export const materialColumns = (): ReportColumn[] => [
  col('materialCode', '物料编码', 'Material code', 'text', { width: 18 }),
  col('materialName', '物料名称', 'Material', 'text', { width: 30 }),
  col('brandName', '品牌', 'Brand'),
  col('specification', '规格', 'Specification', 'text', { width: 20 }),
  col('pattern', '花纹', 'Pattern'),
];

export const ALL_FILTERS: FilterKey[] = ['dateRange', 'dimension', 'dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'];
/** Quantity per period of the chosen dimension, drawn above a detail table. */
const qtyByPeriod = (zh: string, en: string): ReportDef['chart'] => ({ type: 'bar', title: { 'zh-CN': zh, 'en-US': en }, x: 'period', y: ['qty'] });
const WINDOW = { zh: '不选日期时为最近 30 天。', en: 'Without dates: the last 30 days.' };

const moveColumns = (): ReportColumn[] => [
  col('movedAt', '时间', 'Time', 'datetime', { width: 20 }),
  col('orderNo', '单号', 'Order no', 'text', { width: 20 }),
  col('orderType', '单据类型', 'Order type', 'tag'),
  col('dealerName', '经销商', 'Dealer', 'text', { width: 24 }),
  col('warehouseName', '仓库', 'Warehouse', 'text', { width: 20 }),
  col('locationCode', '库位', 'Location'),
  col('barcode', '条码', 'Barcode', 'text', { width: 22 }),
  ...materialColumns(),
  col('dotCode', 'DOT', 'DOT'),
  col('qty', '数量', 'Quantity', 'number', { width: 10 }),
  col('userName', '操作人', 'User'),
];

const moveReport = (page: string, zh: string, en: string, dzh: string, den: string) => defineReport({
  page,
  description: { 'zh-CN': `${dzh}${WINDOW.zh}`, 'en-US': `${den} ${WINDOW.en}` },
  filters: ALL_FILTERS, columns: moveColumns(), chart: qtyByPeriod(`${zh}数量`, `${en}: quantity`),
  defaultOrder: { field: 'movedAt', order: 'desc' },
});

/** reportQuery › report: movements of the ledger (docs/stock-model.md), one row per barcode and move. */
export const MOVEMENT_REPORTS: ReportDef[] = [
  defineReport({
    page: 'scanDetail',
    description: {
      'zh-CN': `每条扫描记录一行：单据、条码、物料、库位、扫描人和来源（WEB/PDA）；包括未完成单据的扫描。数量为扫描条数。${WINDOW.zh}`,
      'en-US': `One row per scan: order, barcode, material, location, user and source (WEB/PDA), open orders included. Quantity = number of scans. ${WINDOW.en}`,
    },
    filters: ALL_FILTERS,
    columns: [
      col('scannedAt', '扫描时间', 'Scanned', 'datetime', { width: 20 }),
      col('orderNo', '单号', 'Order no', 'text', { width: 20 }),
      col('orderType', '单据类型', 'Order type', 'tag'),
      col('dealerName', '经销商', 'Dealer', 'text', { width: 24 }),
      col('warehouseName', '仓库', 'Warehouse', 'text', { width: 20 }),
      col('locationCode', '库位', 'Location'),
      col('barcode', '条码', 'Barcode', 'text', { width: 22 }),
      ...materialColumns(),
      col('userName', '扫描人', 'User'),
      col('source', '来源', 'Source', 'tag'),
    ],
    chart: qtyByPeriod('扫描数量', 'Scans'),
    defaultOrder: { field: 'scannedAt', order: 'desc' },
  }),
  moveReport('outDetail', '出库明细', 'Outbound detail',
    '出库类单据（采购退货、受托退货、销售出库、寄售出库、外协出库、转储出库、理赔出库）完成时的库存移动，每个条码一行，数量 −1；更正记录为 +1。',
    'Stock moves of shipping orders (WI, LB, WL, WC, XO, ZO, CO), one row per barcode, quantity −1; a correcting move shows +1.'),
  moveReport('enterDetail', '入库明细', 'Inbound detail',
    '入库类单据（采购入库、受托入库、外协采购、外采、转储入库）完成时的库存移动，每个条码一行，数量 +1；更正记录为 −1。',
    'Stock moves of receiving orders (PR, PB, OX, OC, ZI), one row per barcode, quantity +1; a correcting move shows −1.'),
  moveReport('quitDetail', '退货明细', 'Return detail',
    '退货的库存移动：销售退货、寄售退货、理赔入库为退入（+1），采购退货、受托退货为退出（−1）。',
    'Return moves: sales, consigned and warranty returns come in (LR, LC, CI: +1); purchase and commissioned returns go out (WI, LB: −1).'),
  defineReport({
    page: 'transferDetails',
    description: {
      'zh-CN': `调拨单每个条码一行：从调出仓库（−1）到调入仓库（+1）；已更正撤销的调拨不列出。${WINDOW.zh}`,
      'en-US': `One row per barcode of a transfer order: from the source warehouse (−1) to the target (+1); transfers cancelled by a correction are left out. ${WINDOW.en}`,
    },
    filters: ALL_FILTERS,
    columns: [
      col('movedAt', '时间', 'Time', 'datetime', { width: 20 }),
      col('orderNo', '单号', 'Order no', 'text', { width: 20 }),
      col('barcode', '条码', 'Barcode', 'text', { width: 22 }),
      ...materialColumns(),
      col('fromWarehouse', '调出仓库', 'From warehouse', 'text', { width: 20 }),
      col('fromLocation', '调出库位', 'From location'),
      col('toWarehouse', '调入仓库', 'To warehouse', 'text', { width: 20 }),
      col('toLocation', '调入库位', 'To location'),
      col('qty', '数量', 'Quantity', 'number', { width: 10 }),
      col('userName', '操作人', 'User'),
    ],
    chart: qtyByPeriod('调拨数量', 'Transferred'),
    defaultOrder: { field: 'movedAt', order: 'desc' },
  }),
  defineReport({
    page: 'invertedStorehouse',
    description: {
      'zh-CN': `同一单据中同一条码在同一仓库内从一个库位移出（−1）、移入另一个库位（+1）的记录。目前没有单据类型会产生库位间移动，所以此报表暂时为空。${WINDOW.zh}`,
      'en-US': `A barcode leaving one location (−1) and entering another (+1) of the same warehouse within one order. No order type moves tyres between locations yet, so this report is empty for now. ${WINDOW.en}`,
    },
    filters: ALL_FILTERS,
    columns: [
      col('movedAt', '时间', 'Time', 'datetime', { width: 20 }),
      col('orderNo', '单号', 'Order no', 'text', { width: 20 }),
      col('orderType', '单据类型', 'Order type', 'tag'),
      col('warehouseName', '仓库', 'Warehouse', 'text', { width: 20 }),
      col('barcode', '条码', 'Barcode', 'text', { width: 22 }),
      ...materialColumns(),
      col('fromLocation', '原库位', 'From location'),
      col('toLocation', '新库位', 'To location'),
      col('qty', '数量', 'Quantity', 'number', { width: 10 }),
      col('userName', '操作人', 'User'),
    ],
    chart: qtyByPeriod('倒库数量', 'Relocated'),
    defaultOrder: { field: 'movedAt', order: 'desc' },
  }),
];

// ---------------------------------------------------------------- delivery fee upload (psfByDelivery, a list page)
const day = calendarDay;
export const DELIVERY_FEE_PERM = 'reportQuery:psfByDelivery';
/** One delivery order's fee: the order must exist (and be in the caller's scope); fee ≥ 0 with at most 2 decimals. */
export const deliveryFeeInput = z.object({
  orderNo: z.string().trim().min(1).max(32),
  carrier: z.string().trim().min(1).max(64),
  fee: z.coerce.number().min(0).max(9_999_999_999).refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), 'fee: 0.00'),
  deliveredOn: day,
  remark: z.string().trim().max(256).nullish(),
}).strict();
export const deliveryFeeFilters = z.object({
  keyword: z.string().trim().max(64).optional(),
  dealerId: coercedRowId.optional(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
});
export interface DeliveryFeeRow {
  id: number; orderNo: string; orderType: string | null; dealerId: number | null; dealerName: string | null;
  carrier: string; fee: string; deliveredOn: string; remark: string | null; createdAt: string;
}
