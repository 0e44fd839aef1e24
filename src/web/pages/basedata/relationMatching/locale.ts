import { defineLocale } from '../../../i18n';

export const ns = defineLocale('relationMatching', {
  'zh-CN': {
    title: '物料关系匹配', dealer: '经销商', dealerMaterialCode: '经销商物料编码', dealerMaterialName: '经销商物料名称', suggestion: '建议物料',
    score: '匹配度', noSuggestion: '无建议', accept: '采用建议', pick: '选择物料', acceptSelected: '批量采用建议', keyword: '关键字',
    pickTitle: '选择工厂物料 · {{name}}', pickHint: '输入编码、规格或花纹搜索', matchedOne: '已匹配 {{name}}',
    autoDone: '已匹配 {{matched}} 条，{{skipped}} 条无建议', selectRows: '请选择要匹配的数据', allDone: '所有物料关系都已匹配',
  },
  'en-US': {
    title: 'Relation matching', dealer: 'Dealer', dealerMaterialCode: 'Dealer material code', dealerMaterialName: 'Dealer material name',
    suggestion: 'Suggested material', score: 'Score', noSuggestion: 'No suggestion', accept: 'Accept', pick: 'Pick material',
    acceptSelected: 'Accept suggestions of selected', keyword: 'Keyword', pickTitle: 'Pick a factory material · {{name}}',
    pickHint: 'Type a code, size or pattern', matchedOne: '{{name}} matched', autoDone: '{{matched}} matched, {{skipped}} without a suggestion',
    selectRows: 'Please select the rows to match', allDone: 'Every material relation is matched',
  },
});
