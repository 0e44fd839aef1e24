import { defineDashboard } from '../src/shared/analytics/dashboards';

/** Where the stock is: by brand, region and warehouse, how full the locations are, and how old the tyres are. */
export default defineDashboard({
  id: 'stock',
  title: { 'zh-CN': '库存看板', 'en-US': 'Stock' },
  refreshSeconds: 120,
  filters: ['dealer', 'warehouse', 'brand', 'specification', 'pattern'],
  panels: [
    {
      id: 'onHand', type: 'stat', query: 'stock.onHand', grid: { x: 0, y: 0, w: 12, h: 2 },
      title: { 'zh-CN': '在库数量', 'en-US': 'Stock on hand' }, unit: { 'zh-CN': '条', 'en-US': 'tyres' },
      drill: { route: '/reportQuery/storageInventory/dayBalance' },
    },
    {
      id: 'dos', type: 'stat', query: 'stock.dos', grid: { x: 12, y: 0, w: 12, h: 2 }, better: 'down',
      title: { 'zh-CN': '库存天数', 'en-US': 'Days of stock' }, unit: { 'zh-CN': '天', 'en-US': 'days' },
      drill: { route: '/intelligentAnalysis/analysisz/numberOfDay' },
    },
    {
      id: 'byBrand', type: 'pie', query: 'stock.byBrand', grid: { x: 0, y: 2, w: 8, h: 5 }, x: 'brand', y: ['qty'],
      title: { 'zh-CN': '各品牌在库', 'en-US': 'Stock by brand' },
      drill: { route: '/reportQuery/storageInventory/dayBalance', filter: { brandId: 'brandId' } },
    },
    {
      id: 'regionBrand', type: 'heatmap', query: 'stock.regionBrand', grid: { x: 8, y: 2, w: 16, h: 5 }, x: 'brand', y: ['region'], value: 'qty',
      title: { 'zh-CN': '区域 × 品牌在库', 'en-US': 'Stock by region and brand' },
      drill: { route: '/reportQuery/storageInventory/dayBalance', filter: { regionId: 'regionId', brandId: 'brandId' } },
    },
    {
      id: 'byWarehouse', type: 'table', query: 'stock.byWarehouse', grid: { x: 0, y: 7, w: 8, h: 5 },
      title: { 'zh-CN': '各仓库在库', 'en-US': 'Stock by warehouse' },
      columns: [
        { key: 'warehouse', title: { 'zh-CN': '仓库', 'en-US': 'Warehouse' } },
        { key: 'qty', title: { 'zh-CN': '在库', 'en-US': 'On hand' } },
      ],
      drill: { route: '/reportQuery/storageInventory/dayBalance', filter: { warehouseId: 'warehouseId' } },
    },
    {
      id: 'locationFill', type: 'gauge', query: 'stock.locationFill', grid: { x: 8, y: 7, w: 8, h: 5 }, value: 'value', max: 100,
      title: { 'zh-CN': '库位占用率', 'en-US': 'Location fill' }, unit: { 'zh-CN': '%', 'en-US': '%' },
    },
    {
      id: 'age', type: 'donut', query: 'stock.ageBuckets', grid: { x: 16, y: 7, w: 8, h: 5 }, x: 'bucket', y: ['qty'],
      title: { 'zh-CN': '库龄（月）', 'en-US': 'Stock age (months)' },
      drill: { route: '/reportQuery/storageInventory/samuelCouling', filter: { stockAge: 'bucket' } },
    },
    {
      id: 'dot', type: 'bar', query: 'stock.dotAge', grid: { x: 0, y: 12, w: 24, h: 4 }, x: 'bucket', y: ['qty'],
      title: { 'zh-CN': 'DOT 年龄', 'en-US': 'DOT age' },
      drill: { route: '/reportQuery/storageInventory/dotInventory', filter: { dotAge: 'bucket' } },
    },
  ],
});
