import { z } from 'zod';
import { BARCODE_STATUS } from '../../orders/orderTypes';
import { defineReport, type ReportColumn, type ReportDef } from '../reportDef';
import type { FilterKey } from '../filters';
import { col, materialColumns } from './movements';
import { coercedRowId } from '../../api/rowId';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
/** Reports of stock at a moment (now) take no date range. */
const NOW_FILTERS: FilterKey[] = ['dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'];
const RANGE_FILTERS: FilterKey[] = ['dateRange', 'dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'];

/** Day, week and month balance: one definition, the period differs. */
const balance = (page: string, zh: string, en: string, unit: { zh: string; en: string }, window: { zh: string; en: string }) => defineReport({
  page,
  description: text(
    `每个仓库、物料和${unit.zh}一行，只读每日结存汇总：期初 = 该${unit.zh}开始前最后一天的期末（没有则为 0），入库/出库 = ${unit.zh}内每日入、出之和，期末 = ${unit.zh}内最后一条记录的期末（没有变动则等于期初）；期初 + 入库 − 出库 = 期末时为平衡。与日期范围相交的部分${unit.zh}按范围截取，范围最晚到今天。不选日期时为${window.zh}。`,
    `One row per warehouse, material and ${unit.en}, read from the daily roll-up only: opening = the closing of the last day before the ${unit.en} (0 if none), in/out = the sums of its days, closing = the closing of its last row (the opening when nothing moved); balanced when opening + in − out = closing. A ${unit.en} cut by the date range counts only the days inside it; the range ends today at the latest. Without dates: ${window.en}.`,
  ),
  // The region: a dashboard's region × brand cell drills here.
  filters: [...RANGE_FILTERS, 'region'],
  columns: [
    col('period', unit.zh, unit.en[0].toUpperCase() + unit.en.slice(1), 'text', { width: 12 }),
    col('warehouseName', '仓库', 'Warehouse', 'text', { width: 20 }),
    ...materialColumns(),
    col('opening', '期初', 'Opening', 'number'),
    col('inQty', '入库', 'In', 'number'),
    col('outQty', '出库', 'Out', 'number'),
    col('closing', '期末', 'Closing', 'number'),
    col('balanced', '平衡', 'Balanced', 'tag', { sortable: false }),
  ],
  chart: { type: 'line', title: text(`${zh}走势`, `${en}: trend`), x: 'period', y: ['inQty', 'outQty', 'closing'] },
  defaultOrder: { field: 'period', order: 'desc' },
});

const onHand = col('onHand', '在库数量', 'On hand', 'number');

/** reportQuery › storageInventory: stock now, stock over time, stocktakes. */
export const INVENTORY_REPORTS: ReportDef[] = [
  defineReport({
    page: 'tireReport',
    description: text(
      '每个物料一行：在库数量为当前库存；入库为日期范围内入库类单据（PR、PB、OX、OC、ZI）的条码数，销售为范围内销售/寄售出库（WL、WC）的条码数，均已扣除更正记录。不选日期时为最近 30 天。',
      'One row per material: on hand now; received = barcodes of receiving orders (PR, PB, OX, OC, ZI) in the date range; sold = barcodes of sales and consigned shipments (WL, WC) in the range; corrections netted out. Without dates: the last 30 days.',
    ),
    filters: RANGE_FILTERS,
    columns: [...materialColumns(), onHand, col('received', '入库', 'Received', 'number'), col('sold', '销售', 'Sold', 'number')],
    chart: { type: 'bar', horizontal: true, title: text('销量前 10 的物料', 'Top 10 materials by sales'), x: 'materialCode', y: ['sold', 'received'] },
    defaultOrder: { field: 'sold', order: 'desc' },
  }),
  defineReport({
    page: 'customerTireReport',
    description: text(
      '日期范围内销售出库和寄售出库（WL、WC）按客户（单据的往来单位）和物料汇总：销售数量为出库条码数（扣除更正），单数为不同单据数。不选日期时为最近 30 天。',
      'Sales and consigned shipments (WL, WC) in the date range by customer (the order\'s counterparty) and material: quantity = barcodes shipped (corrections netted out), orders = distinct orders. Without dates: the last 30 days.',
    ),
    filters: RANGE_FILTERS,
    columns: [col('customer', '客户', 'Customer', 'text', { width: 28 }), ...materialColumns(), col('qty', '销售数量', 'Quantity', 'number'), col('orders', '单数', 'Orders', 'number')],
    chart: { type: 'pie', title: text('客户销量前 10', 'Top 10 customers'), x: 'customer', y: ['qty'] },
    defaultOrder: { field: 'qty', order: 'desc' },
  }),
  ...(['inventoryContrast', 'inventoryContrastCopy'] as const).map((page) => {
    const byLocation = page === 'inventoryContrastCopy';
    const columns: ReportColumn[] = [
      col('orderNo', '盘点单号', 'Stocktake no', 'text', { width: 20 }),
      col('status', '状态', 'Status', 'tag'),
      col('countedAt', '盘点时间', 'Counted', 'datetime', { width: 20 }),
      col('warehouseName', '仓库', 'Warehouse', 'text', { width: 20 }),
      ...(byLocation ? [col('locationCode', '库位', 'Location')] : []),
      ...materialColumns(),
      col('bookQty', '账面数量', 'Book', 'number'),
      col('countedQty', '盘点数量', 'Counted', 'number'),
      col('difference', '差异', 'Difference', 'number'),
    ];
    return defineReport({
      page,
      description: text(
        `每张盘点单${byLocation ? '、库位' : ''}和物料一行：账面数量 = 盘点完成时（未完成则为现在）账上在该仓库${byLocation ? '该库位' : ''}的条码数（按库存流水计算），盘点数量 = 盘点扫描的条码数，差异 = 盘点 − 账面。日期范围按盘点单创建日期。`,
        `One row per stocktake${byLocation ? ', location' : ''} and material: book = barcodes the ledger held in the warehouse${byLocation ? ' at that location' : ''} when the stocktake completed (now while it is open); counted = barcodes scanned; difference = counted − book. The date range applies to the stocktake's creation day.`,
      ),
      filters: RANGE_FILTERS, columns,
      chart: { type: 'bar', title: text('账面与盘点', 'Book and counted'), x: 'orderNo', y: ['bookQty', 'countedQty'] },
      defaultOrder: { field: 'countedAt', order: 'desc' },
    });
  }),
  balance('dayBalance', '日结存', 'Daily balance', { zh: '日', en: 'day' }, { zh: '本月 1 日至今天', en: 'the 1st of this month to today' }),
  balance('weekBalance', '周结存', 'Weekly balance', { zh: '周', en: 'week' }, { zh: '最近 8 周（周一为一周第一天）', en: 'the last 8 ISO weeks (Monday first)' }),
  balance('monthBalance', '月结存', 'Monthly balance', { zh: '月', en: 'month' }, { zh: '今年 1 月至今', en: 'January of this year to today' }),
  defineReport({
    page: 'dotInventory',
    description: text(
      '当前在库数量按 DOT 码和物料汇总。DOT 码后四位 WWYY 为生产周和年（2324 = 2024 年第 23 周）；DOT 周龄 = 从生产周的周一到现在的整周数。没有 DOT 码的轮胎显示为空。',
      'On hand now by DOT code and material. A DOT code\'s WWYY gives the production week and year (2324 = week 23 of 2024); DOT age = whole weeks from that week\'s Monday to now. Tyres without a DOT code show an empty code.',
    ),
    filters: [...NOW_FILTERS, 'dotAge'],
    columns: [
      col('dotCode', 'DOT', 'DOT'), col('productionWeek', '生产周', 'Production week'), col('dotAgeWeeks', 'DOT 周龄', 'DOT age (weeks)', 'number'),
      ...materialColumns(), onHand,
    ],
    chart: { type: 'bar', title: text('按生产年份的在库数量', 'On hand by production year'), x: 'year', y: ['onHand'] },
    defaultOrder: { field: 'dotAgeWeeks', order: 'desc' },
  }),
  defineReport({
    page: 'samuelCouling',
    description: text(
      '当前在库轮胎按物料汇总，库龄 = 从最近一次入库到现在的整月数（到达入库日的日号才算满一个月；调拨不重新计算；没有入库时间的轮胎从条码创建时算起），分 0-3、4-6、7-9、10-12、12 个月以上五段。',
      'Tyres on hand now by material, stock age = whole months since they last came into stock (a month counts once its day of month is reached; a transfer keeps the date; a tyre without an inbound time counts from its barcode\'s creation), in five buckets: 0-3, 4-6, 7-9, 10-12 and over 12 months.',
    ),
    filters: [...NOW_FILTERS, 'stockAge'],
    columns: [
      ...materialColumns(), onHand,
      col('age0to3', '0-3 月', '0-3 mo', 'number'), col('age4to6', '4-6 月', '4-6 mo', 'number'), col('age7to9', '7-9 月', '7-9 mo', 'number'),
      col('age10to12', '10-12 月', '10-12 mo', 'number'), col('age12plus', '12 月以上', 'Over 12 mo', 'number'),
    ],
    chart: { type: 'donut', title: text('库龄分布', 'Stock by age'), x: 'bucket', y: ['onHand'] },
    defaultOrder: { field: 'onHand', order: 'desc' },
  }),
  defineReport({
    page: 'locationInventory',
    description: text(
      '当前在库数量按仓库、库位和物料汇总；没有库位的库存显示为空库位。',
      'On hand now by warehouse, location and material; stock held without a location shows an empty location.',
    ),
    filters: NOW_FILTERS,
    columns: [
      col('warehouseName', '仓库', 'Warehouse', 'text', { width: 20 }), col('locationCode', '库位', 'Location'), col('locationName', '库位名称', 'Location name'),
      ...materialColumns(), onHand,
    ],
    chart: { type: 'bar', title: text('在库最多的 15 个库位', 'Top 15 locations'), x: 'locationCode', y: ['onHand'] },
    defaultOrder: { field: 'onHand', order: 'desc' },
  }),
];

// ---------------------------------------------------------------- barcode trace (codeRetrospection, a view page)
/** Cancelling a wrong trace record: a correcting move, for holders of this button. */
export const TRACE_CANCEL_PERM = 'reportQuery:codeRetrospection:edit';
/** `moveId`: the move the user saw as the latest; refused when another move came after it. */
export const traceCancelBody = z.object({ barcode: z.string().trim().min(1).max(40), moveId: coercedRowId }).strict();
/** The moves reversed, and the tyre's status once they are. */
export const traceCancelResult = z.object({ reversed: z.array(z.number()), status: z.enum(BARCODE_STATUS) });
export type TraceCancelResult = z.infer<typeof traceCancelResult>;
export const traceCorrectionsBody = z.object({ barcode: z.string().trim().min(1).max(40) }).strict();
/** The corrections among a tyre's moves: each names the wrong move it reverses. */
export const traceCorrections = z.object({ corrections: z.array(z.object({ id: z.number(), reversesId: z.number() })) });
export type TraceCorrections = z.infer<typeof traceCorrections>;
/** The barcode trace page. */
export const TRACE_PAGE_PERM = 'reportQuery:codeRetrospection';
/** Exporting a tyre's trace as xlsx: the page's export button, as on every report. */
export const TRACE_EXPORT_PERM = `${TRACE_PAGE_PERM}:export`;
export const TRACE_EXPORT_PATH = '/orderManage/barcode/trace/export';
export const traceExportBody = traceCorrectionsBody;
