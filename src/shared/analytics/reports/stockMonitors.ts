import { defineReport, type ReportColumn, type ReportDef } from '../reportDef';

type Text = { 'zh-CN': string; 'en-US': string };
const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });
const col = (key: string, zh: string, en: string, type: ReportColumn['type'] = 'text', width?: number): ReportColumn =>
  ({ key, title: text(zh, en), type, width, sortable: true });

/** Where a warehouse's stock of a material stands against its threshold (Monitoring › Stock alerts). */
export const STOCK_STATES = {
  low: text('低于最小库存', 'Below minimum'),
  high: text('高于最大库存', 'Above maximum'),
  ok: text('正常', 'Within'),
  none: text('未设阈值', 'No threshold'),
} as const;
/** A storage location's fill against its capacity. */
export const LOCATION_STATES = {
  over: text('超出容量', 'Overfull'),
  full: text('已满', 'Full'),
  empty: text('空', 'Empty'),
  ok: text('正常', 'In use'),
  unbounded: text('未设容量', 'No capacity'),
} as const;

/** monitoringManage › monitoring: the inventory and storage-location monitors (queries: server analysis/reports/stockMonitors.ts). */
export const STOCK_MONITOR_REPORTS: ReportDef[] = [
  defineReport({
    page: 'inventoryMonitor',
    description: text(
      '按经销商、仓库和物料列出当前在库数量及适用的库存阈值（仓库阈值优先，其次经销商阈值，最后品牌默认值）；状态为低于最小库存、高于最大库存、正常或未设阈值。页面上方显示库存台账一致性检查（流水 = 在库 = 条码 = 日结存）的最近结果。',
      'On hand now per dealer, warehouse and material, with the threshold that applies (the warehouse\'s, else its dealer\'s, else the brand default); state: below minimum, above maximum, within, or no threshold. Above the list: the last result of the ledger invariant check (ledger = on hand = barcodes = daily roll-up).',
    ),
    filters: ['dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'],
    columns: [
      col('dealerName', '经销商', 'Dealer', 'text', 20), col('warehouseName', '仓库', 'Warehouse', 'text', 20),
      col('materialCode', '物料编码', 'Material code', 'text', 20), col('materialName', '物料名称', 'Material', 'text', 32),
      col('brandName', '品牌', 'Brand', 'text', 12), col('onHand', '在库数量', 'On hand', 'number'),
      col('minQty', '最小库存', 'Minimum', 'number'), col('maxQty', '最大库存', 'Maximum', 'number'), col('state', '状态', 'State', 'tag', 14),
    ],
    chart: { type: 'donut', title: text('按状态的物料仓库数', 'Warehouse materials by state'), x: 'stateName', y: ['pairs'] },
    defaultOrder: { field: 'onHand', order: 'desc' },
  }),
  defineReport({
    page: 'storageLocationMonitor',
    description: text(
      '每个库位的在库数量与容量：占用率 = 在库 ÷ 容量。超出容量、已满和空库位单独标出；容量为 0 表示未设容量。热力图为各仓库各库区的平均占用率。',
      'Each storage location\'s tyres on hand against its capacity: fill = on hand ÷ capacity. Overfull, full and empty locations are marked; capacity 0 means none set. The heatmap: average fill per warehouse and area.',
    ),
    filters: ['dealer', 'warehouse', 'keyword'],
    columns: [
      col('warehouseName', '仓库', 'Warehouse', 'text', 20), col('areaCode', '库区', 'Area', 'text', 12), col('locationCode', '库位', 'Location', 'text', 14),
      col('locationName', '库位名称', 'Location name', 'text', 18), col('capacity', '容量', 'Capacity', 'number'), col('onHand', '在库数量', 'On hand', 'number'),
      col('fill', '占用率(%)', 'Fill (%)', 'decimal'), col('state', '状态', 'State', 'tag', 12),
    ],
    chart: { type: 'heatmap', title: text('各仓库库区平均占用率(%)', 'Average fill (%) by warehouse and area'), x: 'areaCode', y: ['warehouseName'], value: 'fill' },
    defaultOrder: { field: 'fill', order: 'desc' },
  }),
];
