import { DOT_AGE_GROUPS, NO_DOT } from '../ageGroups';
import type { FilterKey } from '../filters';
import { defineReport, type ReportColumn, type ReportDef } from '../reportDef';

type Text = { 'zh-CN': string; 'en-US': string };

const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });
const col = (key: string, zh: string, en: string, type: ReportColumn['type'] = 'text', width?: number): ReportColumn =>
  ({ key, title: text(zh, en), type, width, sortable: true });
const page = (name: string) => ({ page: name });

const PLACE: FilterKey[] = ['dealer', 'warehouse'];
const MATERIAL: FilterKey[] = ['brand', 'specification', 'pattern', 'keyword'];
const dealerCols = [col('dealerCode', '经销商编码', 'Dealer code', 'text', 14), col('dealerName', '经销商', 'Dealer', 'text', 24)];
const materialCols = [
  col('materialCode', '物料编码', 'Material code', 'text', 20), col('materialName', '物料名称', 'Material', 'text', 32),
  col('brandName', '品牌', 'Brand', 'text', 12), col('specification', '规格', 'Specification', 'text', 18), col('pattern', '花纹', 'Pattern', 'text', 14),
];

/** Stock-age bucket columns, in STOCK_AGE_BUCKETS order (docs/product.md#glossary: 0-3, 4-6, 7-9, 10-12, over 12 months). */
export const AGE_COLUMNS = [
  { key: 'age0to3', bucket: '0-3', title: text('0-3 个月', '0-3 months') },
  { key: 'age4to6', bucket: '4-6', title: text('4-6 个月', '4-6 months') },
  { key: 'age7to9', bucket: '7-9', title: text('7-9 个月', '7-9 months') },
  { key: 'age10to12', bucket: '10-12', title: text('10-12 个月', '10-12 months') },
  { key: 'ageOver12', bucket: '12+', title: text('12 个月以上', 'Over 12 months') },
] as const;

/** DOT age groups (ageGroups.ts, the one definition): the DOT report's columns. */
export const DOT_GROUPS = DOT_AGE_GROUPS;
export { NO_DOT };

/** The days DOS looks back over (docs/product.md#glossary: 30 unless chosen). */
export const DOS_WINDOW_DAYS = 30;

const rankReport = (name: 'rankPR' | 'rankWL', types: string, typesZh: string) => defineReport({
  ...page(name),
  description: text(
    `经销商按日期范围内${typesZh}的轮胎数量排名（条码流水中该类单据的移动数）；占比 = 该经销商数量 ÷ 全部数量。厂家仓库不参与排名。`,
    `Dealers ranked by the tyres of ${types} orders moved in the date range (ledger moves of those order types); share = the dealer's quantity ÷ the total. The maker's own warehouses are not ranked.`,
  ),
  filters: ['dateRange', ...PLACE, ...MATERIAL],
  columns: [
    col('rank', '排名', 'Rank', 'number', 8), ...dealerCols, col('regionName', '大区', 'Region', 'text', 12),
    col('quantity', '数量', 'Quantity', 'number'), col('orders', '单据数', 'Orders', 'number'), col('materials', '物料数', 'Materials', 'number'),
    col('share', '占比(%)', 'Share (%)', 'decimal'),
  ],
  chart: { type: 'bar', title: text('前 10 名经销商', 'Top 10 dealers'), x: 'dealerName', y: ['quantity'], horizontal: true },
  defaultOrder: { field: 'rank', order: 'asc' },
});

/** The intelligentAnalysis › analysisz report pages; their queries: src/server/modules/analysis/reports/analysis*.ts. */
export const ANALYSIS_REPORTS: ReportDef[] = [
  defineReport({
    ...page('numberOfDay'),
    description: text(
      `截至日期范围的最后一天（默认今天）按经销商和物料：库存天数 DOS = 库存数量 ÷（近 ${DOS_WINDOW_DAYS} 天出库数量 ÷ ${DOS_WINDOW_DAYS}）。库存 = 当前在库减去该日之后的净入库；出库 = 经出库类单据离开渠道的轮胎（销售、寄售、采购退货等），不含调拨、报损和更正。近 ${DOS_WINDOW_DAYS} 天没有出库时为空。`,
      `As of the last day of the date range (today by default), per dealer and material: DOS = on hand ÷ (outbound in the trailing ${DOS_WINDOW_DAYS} days ÷ ${DOS_WINDOW_DAYS}). On hand = stock now less the net receipts after that day; outbound = tyres that left the channel through a shipping order (sales, consigned shipments, returns to the supplier, ...), not transfers, losses or corrections. Blank when nothing went out in the window.`,
    ),
    filters: ['dateRange', ...PLACE, ...MATERIAL],
    columns: [
      ...dealerCols, ...materialCols,
      col('onHand', '库存数量', 'On hand', 'number'), col('outbound', `近${DOS_WINDOW_DAYS}天出库`, `Outbound ${DOS_WINDOW_DAYS} days`, 'number'),
      col('averageDailyOutbound', '日均出库', 'Average daily outbound', 'decimal'), col('daysOfStock', '库存天数', 'Days of stock', 'decimal'),
    ],
    chart: { type: 'bar', title: text('各品牌库存天数', 'Days of stock by brand'), x: 'brandName', y: ['daysOfStock'] },
    defaultOrder: { field: 'daysOfStock', order: 'desc' },
  }),
  defineReport({
    ...page('turnoverRate'),
    description: text(
      '按经销商和物料：周转率 = 日期范围内出库数量（经出库类单据离开渠道，不含调拨、报损和更正）÷ 平均库存；平均库存 = 范围内每天期末库存的平均值（日结存没有记录的日子沿用上一次的期末数）。图表按所选维度的每个周期计算。没有库存时为空。',
      'Per dealer and material: turnover = outbound in the date range (tyres that left the channel through a shipping order, not transfers, losses or corrections) ÷ average stock; average stock = the mean of each day\'s closing stock in the range (a day without a roll-up row keeps the previous closing). The chart computes it per period of the chosen dimension. Blank when no stock was held.',
    ),
    filters: ['dimension', 'dateRange', ...PLACE, ...MATERIAL],
    columns: [
      ...dealerCols, ...materialCols,
      col('outbound', '出库数量', 'Outbound', 'number'), col('averageStock', '平均库存', 'Average stock', 'decimal'), col('turnoverRate', '周转率', 'Turnover rate', 'decimal'),
    ],
    chart: { type: 'line', title: text('各周期周转率', 'Turnover by period'), x: 'period', y: ['turnoverRate'] },
    defaultOrder: { field: 'turnoverRate', order: 'desc' },
  }),
  defineReport({
    ...page('inventoryReport'),
    description: text(
      '截至日期范围的最后一天（默认今天）各经销商、仓库、物料的库存数量；金额 = 数量 × 物料单价。',
      'Stock per dealer, warehouse and material as of the last day of the date range (today by default); value = quantity × the material\'s price.',
    ),
    filters: ['dateRange', ...PLACE, ...MATERIAL],
    columns: [
      ...dealerCols, col('warehouseCode', '仓库编码', 'Warehouse code', 'text', 14), col('warehouseName', '仓库', 'Warehouse', 'text', 18), ...materialCols,
      col('quantity', '数量', 'Quantity', 'number'), col('price', '单价', 'Price', 'decimal'), col('value', '金额', 'Value', 'decimal'),
    ],
    chart: { type: 'donut', title: text('各品牌库存金额', 'Stock value by brand'), x: 'brandName', y: ['value'] },
    defaultOrder: { field: 'value', order: 'desc' },
  }),
  rankReport('rankPR', 'purchase receipt (PR) and commissioned receipt (PB)', '采购入库（PR）和受托入库（PB）'),
  rankReport('rankWL', 'sales outbound (WL) and consigned sales shipment (WC)', '销售出库（WL）和寄售出库（WC）'),
  defineReport({
    ...page('inventoryListStatistics'),
    description: text(
      '日期范围内完成的盘点单：实盘 = 扫描的条码数；盘亏 = 账上有但未盘到；盘盈 = 盘到但账上不在该仓；账面 = 实盘 − 盘盈 + 盘亏；准确率 = (实盘 − 盘盈) ÷ (账面 + 盘盈) × 100%。',
      'Stocktakes completed in the date range: counted = barcodes scanned; loss = on the books but not counted; overflow = counted but not on the books there; book = counted − overflow + loss; accuracy = (counted − overflow) ÷ (book + overflow) × 100%.',
    ),
    filters: ['dimension', 'dateRange', ...PLACE, 'keyword'],
    columns: [
      col('period', '周期', 'Period', 'text', 12), col('orderNo', '盘点单号', 'Stocktake no', 'text', 22), ...dealerCols,
      col('warehouseName', '仓库', 'Warehouse', 'text', 18), col('completedAt', '完成时间', 'Completed', 'datetime', 20),
      col('counted', '实盘', 'Counted', 'number'), col('book', '账面', 'Book', 'number'), col('loss', '盘亏', 'Loss', 'number'),
      col('overflow', '盘盈', 'Overflow', 'number'), col('accuracy', '准确率(%)', 'Accuracy (%)', 'decimal'),
    ],
    chart: { type: 'bar', title: text('各周期盘亏盘盈', 'Loss and overflow by period'), x: 'period', y: ['loss', 'overflow'] },
    defaultOrder: { field: 'completedAt', order: 'desc' },
  }),
  defineReport({
    ...page('countTheInventory'),
    description: text(
      '按物料统计条码：在库 = 在仓库中；在途 = 已发货未收货；已出库 = 已售出或退回。经销商和仓库按条码当前（或最后）所在。',
      'Barcodes per material: in stock = in a warehouse; pending = shipped, not yet received; out = sold or returned. Dealer and warehouse are where the tyre is now (or was last).',
    ),
    filters: [...PLACE, ...MATERIAL],
    columns: [
      ...materialCols,
      col('inStock', '在库', 'In stock', 'number'), col('pending', '在途', 'Pending', 'number'), col('out', '已出库', 'Out', 'number'), col('total', '合计', 'Total', 'number'),
    ],
    chart: { type: 'bar', title: text('各品牌在库与在途', 'In stock and pending by brand'), x: 'brandName', y: ['inStock', 'pending'], stack: true },
    defaultOrder: { field: 'inStock', order: 'desc' },
  }),
  defineReport({
    ...page('inventoryAgeReport'),
    description: text(
      '在库轮胎按物料和库龄分段：库龄 = 今天与入库日期相差的整月数（到了当月同一日才算满一个月），分 0-3、4-6、7-9、10-12、12 个月以上。调拨保留原入库日期；没有入库时间的轮胎从条码创建时算起。',
      'Tyres in stock per material by stock age: whole months from the inbound date to today (a month is complete on the same day of the month), bucketed 0-3, 4-6, 7-9, 10-12, over 12 months. A transfer keeps the inbound date; a tyre without an inbound time counts from its barcode\'s creation.',
    ),
    filters: [...PLACE, ...MATERIAL],
    columns: [...materialCols, col('total', '在库数量', 'In stock', 'number'), ...AGE_COLUMNS.map((a) => col(a.key, a.title['zh-CN'], a.title['en-US'], 'number'))],
    chart: { type: 'bar', title: text('各品牌库龄分布', 'Stock age by brand'), x: 'brandName', y: AGE_COLUMNS.map((a) => a.key), stack: true },
    defaultOrder: { field: 'ageOver12', order: 'desc' },
  }),
  defineReport({
    ...page('dotReport'),
    description: text(
      '在库轮胎按物料和 DOT 年龄分组：DOT 年龄 = 从生产周（DOT 码 WWYY 的 ISO 周一）到现在的整周数；分半年内、半年至一年、1-2 年、2-3 年、3 年以上，没有 DOT 码的单列。',
      'Tyres in stock per material by DOT age: whole weeks from the production week (the ISO Monday of DOT code WWYY) to now, grouped up to 26 weeks, 27-52 weeks, 1-2, 2-3 and over 3 years; tyres without a DOT code apart.',
    ),
    filters: [...PLACE, ...MATERIAL],
    columns: [
      ...materialCols, col('total', '在库数量', 'In stock', 'number'),
      ...[...DOT_GROUPS, NO_DOT].map((g) => col(g.key, g.title['zh-CN'], g.title['en-US'], 'number')),
      col('oldestDot', '最早 DOT', 'Oldest DOT', 'text', 10),
    ],
    chart: { type: 'donut', title: text('DOT 年龄分布', 'Stock by DOT age'), x: 'group', y: ['quantity'] },
    defaultOrder: { field: 'dotOver3y', order: 'desc' },
  }),
  defineReport({
    ...page('inboundTimeAnalysis'),
    description: text(
      '日期范围内入库（收货和退货类单据的入库移动）的轮胎数量：图表按星期 × 小时，表格按所选维度的周期，列出单据数、最忙的星期和小时。时间为服务器所在时区。',
      'Tyres received in the date range (inbound moves of receipt and return orders): the chart by weekday × hour, the table per period of the chosen dimension with the orders and the busiest weekday and hour. Times are in the server\'s time zone.',
    ),
    filters: ['dimension', 'dateRange', ...PLACE, ...MATERIAL],
    columns: [
      col('period', '周期', 'Period', 'text', 12), col('quantity', '入库数量', 'Tyres received', 'number'), col('orders', '单据数', 'Orders', 'number'),
      col('busiestWeekday', '最忙星期', 'Busiest weekday', 'text', 12), col('busiestHour', '最忙小时', 'Busiest hour', 'number'),
    ],
    chart: { type: 'heatmap', title: text('入库时段分布（星期 × 小时）', 'Inbound by weekday and hour'), x: 'hour', y: ['weekday'], value: 'quantity' },
    defaultOrder: { field: 'period', order: 'asc' },
  }),
];
