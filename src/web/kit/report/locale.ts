import { defineLocale } from '../../i18n';

/** Strings of every report page (filters, chart, export); a report's own titles come from its ReportDef. */
export const ns = defineLocale('report', {
  'zh-CN': {
    dateRange: '日期', dimension: '维度', dealer: '经销商', warehouse: '仓库', brand: '品牌', specification: '规格', pattern: '花纹',
    keyword: '关键字', keywordHint: '条码、单号、物料…', formula: '口径', chart: '图表', noChartData: '所选范围内没有可绘制的数据',
    exporting: '正在导出…', exported: '已导出', loadFailed: '报表加载失败', unknownReport: '没有找到该报表的定义',
    day: '日', week: '周', month: '月', quarter: '季度', halfYear: '半年', year: '年', asOf: '数据时间 {{time}}',
    region: '大区', stockAge: '库龄', dotAge: 'DOT 年龄', openRow: '查看', exportingRows: '已写入 {{count}} 行…', cancelExport: '取消导出',
  },
  'en-US': {
    dateRange: 'Dates', dimension: 'Dimension', dealer: 'Dealer', warehouse: 'Warehouse', brand: 'Brand', specification: 'Specification', pattern: 'Pattern',
    keyword: 'Keyword', keywordHint: 'Barcode, order no, material…', formula: 'How it is computed', chart: 'Chart', noChartData: 'Nothing to draw in the chosen range',
    exporting: 'Exporting…', exported: 'Exported', loadFailed: 'The report could not be loaded', unknownReport: 'No report is defined for this page',
    day: 'Day', week: 'Week', month: 'Month', quarter: 'Quarter', halfYear: 'Half year', year: 'Year', asOf: 'Data as of {{time}}',
    region: 'Region', stockAge: 'Stock age', dotAge: 'DOT age', openRow: 'View', exportingRows: '{{count}} rows written…', cancelExport: 'Cancel export',
  },
});
