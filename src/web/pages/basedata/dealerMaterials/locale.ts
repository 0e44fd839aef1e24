import { defineLocale } from '../../../i18n';

export const ns = defineLocale('dealerMaterials', {
  'zh-CN': {
    title: '经销商物料', dealer: '经销商', material: '物料', materialCode: '物料编码', materialName: '物料名称', brand: '品牌', specification: '规格',
    pattern: '花纹', unit: '单位', listPrice: '工厂价格', price: '经销商价格', priceHint: '留空则按工厂价格', safetyStock: '安全库存',
    keyword: '关键字', keywordHint: '物料编码、名称、规格或花纹', pickHint: '输入编码、规格或花纹搜索',
  },
  'en-US': {
    title: 'Dealer materials', dealer: 'Dealer', material: 'Material', materialCode: 'Material code', materialName: 'Material name', brand: 'Brand',
    specification: 'Specification', pattern: 'Pattern', unit: 'Unit', listPrice: 'List price', price: 'Dealer price', priceHint: 'Empty: the list price',
    safetyStock: 'Safety stock', keyword: 'Keyword', keywordHint: 'Material code, name, spec or pattern', pickHint: 'Type a code, size or pattern',
  },
});
