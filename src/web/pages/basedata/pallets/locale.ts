import { defineLocale } from '../../../i18n';
import { deviceLabels } from '../devicesShared';

export const ns = defineLocale('pallets', {
  'zh-CN': { ...deviceLabels['zh-CN'], title: '货架管理', location: '库位', capacity: '容量', keywordHint: '编码或名称', locationHint: '该仓库的库位编码，如 A-01-01' },
  'en-US': { ...deviceLabels['en-US'], title: 'Pallets', location: 'Storage location', capacity: 'Capacity', keywordHint: 'Code or name', locationHint: 'A location code of this warehouse, e.g. A-01-01' },
});
