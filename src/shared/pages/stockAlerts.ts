import { button, f, list } from './build';

/**
 * Monitoring › Stock alerts (stroealert): the alerts raised when a warehouse's stock of a
 * material leaves its thresholds, and the thresholds themselves (this list's fields). A
 * threshold names a warehouse and material, a dealer and material (each of its warehouses),
 * or a brand alone (the default of every warehouse carrying the brand); the most specific applies.
 */
export const stockAlertPage = list('stroealert', '库存预警', 'Stock alerts', 'exclamation-circle', {
  api: '/monitoring/stockThreshold',
  buttons: [button('ack', '确认预警', 'Acknowledge')],
  fields: [
    f.ref('warehouseId', '仓库', 'Warehouse', 'warehouse', { search: true, sortable: true, width: 28 }),
    f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, width: 28, hint: { 'zh-CN': '选择仓库时按仓库所属经销商', 'en-US': 'Taken from the warehouse when one is chosen' } }),
    f.ref('materialId', '物料', 'Material', 'material', { search: true, sortable: true, width: 32 }),
    f.ref('brandId', '品牌', 'Brand', 'brand', { search: true, sortable: true, hint: { 'zh-CN': '只选品牌：该品牌的默认阈值', 'en-US': 'A brand alone: the default of its materials' } }),
    f.int('minQty', '最小库存', 'Minimum', { min: 0, maxValue: 1_000_000, sortable: true }),
    f.int('maxQty', '最大库存', 'Maximum', { min: 0, maxValue: 1_000_000, sortable: true }),
    f.textarea('remark', '备注', 'Remark', { table: false, max: 256 }),
  ],
});
