import { defineLocale } from '../../../i18n';
import { deviceLabels } from '../devicesShared';

export const ns = defineLocale('batches', {
  'zh-CN': {
    ...deviceLabels['zh-CN'],
    title: '批次管理', batchCode: '批次号', productionDate: '生产日期', dateShort: '日期', keywordHint: '批次号、物料或备注', generate: '生成批次', count: '数量',
    generateHint: '批次号规则：B + 生产日期(yyMMdd) + 物料编码末 4 位 + 3 位流水号，流水号接着该前缀已有的最大号。',
    generated: '已生成 {{count}} 个批次', dateRule: '请输入 YYYY-MM-DD 格式的日期',
  },
  'en-US': {
    ...deviceLabels['en-US'],
    title: 'Batches', batchCode: 'Batch code', productionDate: 'Production date', dateShort: 'Date', keywordHint: 'Batch code, material or remark', generate: 'Generate batches',
    count: 'Count', generateHint: 'Codes: B + production day (yyMMdd) + last 4 characters of the material code + a 3-digit sequence continuing after the highest already used for that prefix.',
    generated: '{{count}} batches generated', dateRule: 'Please enter a date as YYYY-MM-DD',
  },
});
