import { DOT_AGE_GROUPS, NO_DOT } from '@shared/analytics/ageGroups';
import type { Language } from '@shared/i18n/languages';
import { defineLocale } from '../../i18n';

/** Names of the category keys queries answer (DOT age groups), as the DOT report titles its columns. */
const categories = (lang: Language) => Object.fromEntries([...DOT_AGE_GROUPS, NO_DOT].map((g) => [g.key, g.title[lang]]));

/** Strings of the dashboard kit (filter bar, panel states, header), shared by home, the dashboards page and wall screens. */
export const ns = defineLocale('dashboard', {
  'zh-CN': {
    dimension: '统计维度', dateRange: '日期范围', dealer: '经销商', warehouse: '仓库', brand: '品牌', specification: '规格', pattern: '花纹', keyword: '关键字',
    day: '日', week: '周', month: '月', quarter: '季度', halfYear: '半年', year: '年',
    all: '全部', loadFailed: '加载失败', retry: '重试', empty: '暂无数据', asOf: '数据时间 {{time}}', refresh: '刷新',
    wall: '大屏模式', vsPrevious: '较上期', reconnecting: '正在重新连接…', notFound: '没有这个看板', pick: '选择看板', open: '查看明细', views: '保存与订阅',
    category: categories('zh-CN'),
  },
  'en-US': {
    dimension: 'Dimension', dateRange: 'Dates', dealer: 'Dealer', warehouse: 'Warehouse', brand: 'Brand', specification: 'Specification', pattern: 'Pattern', keyword: 'Keyword',
    day: 'Day', week: 'Week', month: 'Month', quarter: 'Quarter', halfYear: 'Half year', year: 'Year',
    all: 'All', loadFailed: 'Could not load', retry: 'Retry', empty: 'No data', asOf: 'Data as of {{time}}', refresh: 'Refresh',
    wall: 'Wall screen', vsPrevious: 'vs previous', reconnecting: 'Reconnecting…', notFound: 'No such dashboard', pick: 'Dashboard', open: 'Open details', views: 'Save and subscribe',
    category: categories('en-US'),
  },
});
