import { defineLocale } from '../../../i18n';

export const ns = defineLocale('materials', {
  'zh-CN': {
    title: '物料管理', code: '物料编码', name: '物料名称', brand: '品牌', specification: '规格', pattern: '花纹', loadIndex: '载重指数',
    speedIndex: '速度级别', unit: '单位', price: '价格', source: '来源', erpCode: 'ERP 编码', keyword: '关键字', keywordHint: '编码、名称、规格或花纹',
    factory: '工厂', erp: 'ERP', specHint: '如 205/55R16 91V',
  },
  'en-US': {
    title: 'Materials', code: 'Material code', name: 'Material name', brand: 'Brand', specification: 'Specification', pattern: 'Pattern',
    loadIndex: 'Load index', speedIndex: 'Speed index', unit: 'Unit', price: 'Price', source: 'Source', erpCode: 'ERP code', keyword: 'Keyword',
    keywordHint: 'Code, name, spec or pattern', factory: 'Factory', erp: 'ERP', specHint: 'e.g. 205/55R16 91V',
  },
});
