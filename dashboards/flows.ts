import { defineDashboard } from '../src/shared/analytics/dashboards';

/** What moves: inbound and outbound by period, the hours deliveries arrive, and the dealers who move most. */
export default defineDashboard({
  id: 'flows',
  title: { 'zh-CN': '出入库看板', 'en-US': 'Flows' },
  refreshSeconds: 60,
  filters: ['dimension', 'dateRange', 'dealer', 'warehouse', 'brand', 'specification', 'pattern'],
  panels: [
    {
      id: 'inbound', type: 'bar', query: 'flow.byPeriod', grid: { x: 0, y: 0, w: 12, h: 5 }, x: 'period', y: ['inQty'],
      title: { 'zh-CN': '各期入库', 'en-US': 'Inbound by period' },
      drill: { route: '/reportQuery/report/enterDetail', filter: { period: 'period' } },
    },
    {
      id: 'outbound', type: 'bar', query: 'flow.byPeriod', grid: { x: 12, y: 0, w: 12, h: 5 }, x: 'period', y: ['outQty'],
      title: { 'zh-CN': '各期出库', 'en-US': 'Outbound by period' },
      drill: { route: '/reportQuery/report/outDetail', filter: { period: 'period' } },
    },
    {
      id: 'inboundHours', type: 'heatmap', query: 'flow.inboundHours', grid: { x: 0, y: 5, w: 24, h: 5 }, x: 'hour', y: ['weekday'], value: 'qty',
      title: { 'zh-CN': '入库时段（星期 × 小时）', 'en-US': 'Inbound by weekday and hour' },
      drill: { route: '/intelligentAnalysis/analysisz/inboundTimeAnalysis' },
    },
    {
      id: 'rankPR', type: 'bar', query: 'rank.dealersPR', grid: { x: 0, y: 10, w: 12, h: 5 }, x: 'dealer', y: ['qty'], horizontal: true,
      title: { 'zh-CN': '采购入库排名', 'en-US': 'Purchase receipt ranking' },
      drill: { route: '/reportQuery/report/enterDetail', filter: { dealerId: 'dealerId' } },
    },
    {
      id: 'rankWL', type: 'bar', query: 'rank.dealersWL', grid: { x: 12, y: 10, w: 12, h: 5 }, x: 'dealer', y: ['qty'], horizontal: true,
      title: { 'zh-CN': '销售出库排名', 'en-US': 'Sales outbound ranking' },
      drill: { route: '/reportQuery/report/outDetail', filter: { dealerId: 'dealerId' } },
    },
  ],
});
