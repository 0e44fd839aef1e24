import { defineLocale } from '../../../i18n';
import { deviceLabels } from '../devicesShared';

export const ns = defineLocale('accountSets', {
  'zh-CN': { ...deviceLabels['zh-CN'], title: '账套管理', erpCompanyCode: 'ERP 公司代码', keywordHint: '编码、名称或 ERP 公司代码', shared: '通用' },
  'en-US': { ...deviceLabels['en-US'], title: 'Account sets', erpCompanyCode: 'ERP company code', keywordHint: 'Code, name or ERP company code', shared: 'Shared' },
});
