import { defineLocale } from '../../../i18n';

export const ns = defineLocale('materialRelations', {
  'zh-CN': {
    title: '物料关系', dealer: '经销商', dealerMaterialCode: '经销商物料编码', dealerMaterialName: '经销商物料名称', material: '工厂物料',
    materialCode: '物料编码', materialName: '物料名称', specification: '规格', pattern: '花纹', brand: '品牌', keyword: '关键字',
    keywordHint: '经销商物料编码、名称或物料编码', matched: '匹配状态', isMatched: '已匹配', unmatched: '未匹配', pickHint: '输入编码、规格或花纹搜索',
  },
  'en-US': {
    title: 'Material relations', dealer: 'Dealer', dealerMaterialCode: 'Dealer material code', dealerMaterialName: 'Dealer material name',
    material: 'Factory material', materialCode: 'Material code', materialName: 'Material name', specification: 'Specification', pattern: 'Pattern',
    brand: 'Brand', keyword: 'Keyword', keywordHint: 'Dealer code or name, or material code', matched: 'Matching', isMatched: 'Matched',
    unmatched: 'Unmatched', pickHint: 'Type a code, size or pattern',
  },
});
