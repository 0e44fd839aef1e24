import { defineDashboard } from '../src/shared/analytics/dashboards';

/**
 * The home of every role: stock, its age and movement, who buys and sells most, what runs
 * short, and whether dealers' systems are reporting. A dealer user's scope answers only its own.
 */
export default defineDashboard({
  id: 'home',
  title: { 'zh-CN': '首页看板', 'en-US': 'Home' },
  // Home is every user's pinned tab: its panels (and their queries) are for anyone signed in.
  access: 'session',
  refreshSeconds: 60,
  filters: ['dimension', 'dateRange', 'dealer', 'warehouse', 'brand'],
  panels: [
    {
      id: 'onHand', type: 'stat', query: 'stock.onHand', grid: { x: 0, y: 0, w: 8, h: 2 },
      title: { 'zh-CN': '在库数量', 'en-US': 'Stock on hand' }, unit: { 'zh-CN': '条', 'en-US': 'tyres' },
      drill: { route: '/reportQuery/storageInventory/dayBalance' },
    },
    {
      id: 'dos', type: 'stat', query: 'stock.dos', grid: { x: 8, y: 0, w: 8, h: 2 }, better: 'down',
      title: { 'zh-CN': '库存天数', 'en-US': 'Days of stock' }, unit: { 'zh-CN': '天', 'en-US': 'days' },
      drill: { route: '/intelligentAnalysis/analysisz/numberOfDay' },
    },
    {
      id: 'turnover', type: 'stat', query: 'stock.turnover', grid: { x: 16, y: 0, w: 8, h: 2 },
      title: { 'zh-CN': '周转率', 'en-US': 'Turnover rate' }, unit: { 'zh-CN': '次', 'en-US': '×' },
      drill: { route: '/intelligentAnalysis/analysisz/turnoverRate' },
    },
    {
      id: 'trend', type: 'line', query: 'stock.trend', grid: { x: 0, y: 2, w: 12, h: 4 }, x: 'period', y: ['onHand'],
      title: { 'zh-CN': '在库趋势', 'en-US': 'Stock on hand over time' },
      drill: { route: '/reportQuery/storageInventory/dayBalance', filter: { period: 'period' } },
    },
    {
      id: 'flow', type: 'bar', query: 'flow.byPeriod', grid: { x: 12, y: 2, w: 12, h: 4 }, x: 'period', y: ['inQty', 'outQty'],
      title: { 'zh-CN': '入库与出库', 'en-US': 'Inbound and outbound' },
      drill: { route: '/reportQuery/storageInventory/dayBalance', filter: { period: 'period' } },
    },
    {
      id: 'age', type: 'donut', query: 'stock.ageBuckets', grid: { x: 0, y: 6, w: 8, h: 4 }, x: 'bucket', y: ['qty'],
      title: { 'zh-CN': '库龄（月）', 'en-US': 'Stock age (months)' },
      drill: { route: '/reportQuery/storageInventory/samuelCouling', filter: { stockAge: 'bucket' } },
    },
    {
      id: 'dot', type: 'bar', query: 'stock.dotAge', grid: { x: 8, y: 6, w: 8, h: 4 }, x: 'bucket', y: ['qty'],
      title: { 'zh-CN': 'DOT 年龄', 'en-US': 'DOT age' },
      drill: { route: '/reportQuery/storageInventory/dotInventory', filter: { dotAge: 'bucket' } },
    },
    {
      id: 'alerts', type: 'table', query: 'stock.alerts', grid: { x: 16, y: 6, w: 8, h: 4 },
      title: { 'zh-CN': '库存预警', 'en-US': 'Stock alerts' },
      columns: [
        { key: 'warehouse', title: { 'zh-CN': '仓库', 'en-US': 'Warehouse' } },
        { key: 'material', title: { 'zh-CN': '物料', 'en-US': 'Material' } },
        { key: 'onHand', title: { 'zh-CN': '在库', 'en-US': 'On hand' } },
        { key: 'threshold', title: { 'zh-CN': '阈值', 'en-US': 'Threshold' } },
      ],
      drill: { route: '/monitoringManage/monitoring/stroealert', filter: { dealerId: 'dealerId' } },
    },
    {
      id: 'rankPR', type: 'bar', query: 'rank.dealersPR', grid: { x: 0, y: 10, w: 12, h: 4 }, x: 'dealer', y: ['qty'], horizontal: true,
      title: { 'zh-CN': '采购入库最多的经销商', 'en-US': 'Top dealers by purchase receipt' },
      drill: { route: '/reportQuery/report/enterDetail', filter: { dealerId: 'dealerId' } },
    },
    {
      id: 'rankWL', type: 'bar', query: 'rank.dealersWL', grid: { x: 12, y: 10, w: 12, h: 4 }, x: 'dealer', y: ['qty'], horizontal: true,
      title: { 'zh-CN': '销售出库最多的经销商', 'en-US': 'Top dealers by sales outbound' },
      drill: { route: '/reportQuery/report/outDetail', filter: { dealerId: 'dealerId' } },
    },
    {
      id: 'logins', type: 'stat', query: 'monitor.loginsToday', grid: { x: 0, y: 14, w: 8, h: 2 },
      title: { 'zh-CN': '今日登录', 'en-US': 'Logins today' },
      drill: { route: '/monitoringManage/monitoring/loginMonitor' },
    },
    {
      id: 'uploads', type: 'stat', query: 'monitor.uploadsToday', grid: { x: 8, y: 14, w: 8, h: 2 },
      title: { 'zh-CN': '今日上传', 'en-US': 'Uploads today' },
      drill: { route: '/monitoringManage/monitoring/uploadMonitor' },
    },
    {
      id: 'uploadFailures', type: 'stat', query: 'monitor.uploadFailuresToday', grid: { x: 16, y: 14, w: 8, h: 2 }, better: 'down',
      title: { 'zh-CN': '今日上传失败', 'en-US': 'Upload failures today' },
      drill: { route: '/monitoringManage/monitoring/uploadMonitor' },
    },
  ],
});
