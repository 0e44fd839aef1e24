import { defineLocale } from '../../../i18n';
import { commonLabels } from '../warehousing';

export const ns = defineLocale('locationRules', {
  'zh-CN': {
    ...commonLabels['zh-CN'], title: '库位规则', name: '规则名称', brand: '品牌', specification: '规格', pattern: '花纹', priority: '优先级',
    locations: '目标库位', any: '不限', ruleHint: '品牌、规格、花纹留空表示不限；匹配项越多越优先，其次优先级数值大者优先',
  },
  'en-US': {
    ...commonLabels['en-US'], title: 'Location rules', name: 'Rule name', brand: 'Brand', specification: 'Specification', pattern: 'Pattern',
    priority: 'Priority', locations: 'Target locations', any: 'Any',
    ruleHint: 'An empty brand, specification or pattern matches any; the most specific rule wins, then the higher priority',
  },
});
