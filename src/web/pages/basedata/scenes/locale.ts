import { defineLocale } from '../../../i18n';
import { deviceLabels } from '../devicesShared';

export const ns = defineLocale('scenes', {
  'zh-CN': { ...deviceLabels['zh-CN'], title: '场景配置', orderType: '单据类型', scanRequired: '需要扫码', postToErp: '过账 ERP', keywordHint: '编码或名称' },
  'en-US': { ...deviceLabels['en-US'], title: 'Scenes', orderType: 'Order type', scanRequired: 'Scan required', postToErp: 'Post to ERP', keywordHint: 'Code or name' },
});
