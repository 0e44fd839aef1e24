import { dashboard, report } from './build';
import { text, type SectionSpec } from './types';

export const intelligentAnalysis: SectionSpec = {
  path: '/intelligentAnalysis', title: text('智能分析', 'Analysis'), icon: 'dashboard',
  demo: ['staff'],
  groups: [{
    path: 'analysisz', title: text('分析报表', 'Analysis reports'), icon: 'common',
    pages: [
      // Chart-first dashboards (dashboards/*.ts) and their wall-screen mode; not in the product's route list (docs/product.md#routes-and-screens).
      dashboard('dashboard', '数据看板', 'Dashboards', 'dashboard', { demo: ['display'] }),
      report('numberOfDay', '库存天数', 'Days of stock', 'calendar-clock', { demo: ['dealer'] }),
      report('turnoverRate', '周转率', 'Turnover rate', 'sync', { demo: ['dealer'] }),
      report('inventoryReport', '库存报表', 'Inventory report', 'dashboard'),
      report('rankPR', '采购入库排名', 'Purchase receipt ranking', 'trophy'),
      report('rankWL', '销售出库排名', 'Sales outbound ranking', 'trophy'),
      report('inventoryListStatistics', '盘点统计', 'Stocktake statistics', 'check-square'),
      report('countTheInventory', '库存统计', 'Stock count', 'ordered-list'),
      report('inventoryAgeReport', '库龄报表', 'Stock age report', 'clock-circle', { demo: ['dealer'] }),
      report('dotReport', 'DOT 报表', 'DOT report', 'clock-circle', { demo: ['dealer'] }),
      report('inboundTimeAnalysis', '入库时间分析', 'Inbound time analysis', 'schedule'),
    ],
  }],
};
