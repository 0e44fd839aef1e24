import { defineLocale } from '../../../i18n';
import { commonLabels } from '../warehousing';

export const ns = defineLocale('warehouses', {
  'zh-CN': { ...commonLabels['zh-CN'], title: '仓库', code: '仓库编码', name: '仓库名称', dealerHint: '不选经销商即为厂家中心仓', centralOnly: '仅中心仓' },
  'en-US': {
    ...commonLabels['en-US'], title: 'Warehouses', code: 'Warehouse code', name: 'Warehouse name',
    dealerHint: 'No dealer: the maker\'s central warehouse', centralOnly: 'Central only',
  },
});
