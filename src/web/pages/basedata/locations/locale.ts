import { defineLocale } from '../../../i18n';
import { commonLabels } from '../warehousing';

export const ns = defineLocale('locations', {
  'zh-CN': {
    ...commonLabels['zh-CN'], title: '库位', generate: '批量生成', printLabels: '打印库位标签', generateTitle: '批量生成库位',
    rows: '排数', levels: '层数', generateHint: '编码为 库区-排-层，例如 A-01-01；已存在的编码跳过', generated: '已生成 {{created}} 个库位，跳过 {{skipped}} 个已存在的',
  },
  'en-US': {
    ...commonLabels['en-US'], title: 'Storage locations', generate: 'Generate', printLabels: 'Print location labels',
    generateTitle: 'Generate locations', rows: 'Rows', levels: 'Levels',
    generateHint: 'Codes read area-row-level, e.g. A-01-01; codes that exist are skipped',
    generated: '{{created}} locations created, {{skipped}} existing skipped',
  },
});
