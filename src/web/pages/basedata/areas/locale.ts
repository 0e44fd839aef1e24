import { defineLocale } from '../../../i18n';
import { commonLabels } from '../warehousing';

export const ns = defineLocale('areas', {
  'zh-CN': { ...commonLabels['zh-CN'], title: '库区', code: '库区编码', name: '库区名称' },
  'en-US': { ...commonLabels['en-US'], title: 'Areas', code: 'Area code', name: 'Area name' },
});
