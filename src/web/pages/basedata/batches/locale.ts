import { defineLocale } from '../../../i18n';

/** The generation dialog's strings; the list's labels are the manifest's (src/shared/pages/basedata.ts). */
export const ns = defineLocale('batches', {
  'zh-CN': {
    material: '物料', dealer: '经销商', productionDate: '生产日期', generate: '生成批次', count: '数量',
    generateHint: '批次号规则：B + 生产日期(yyMMdd) + 物料编码末 4 位 + 3 位流水号，流水号接着该前缀已有的最大号。',
    generated: '已生成 {{count}} 个批次',
  },
  'en-US': {
    material: 'Material', dealer: 'Dealer', productionDate: 'Production date', generate: 'Generate batches', count: 'Count',
    generateHint: 'Codes: B + production day (yyMMdd) + last 4 characters of the material code + a 3-digit sequence continuing after the highest already used for that prefix.',
    generated: '{{count}} batches generated',
  },
});
