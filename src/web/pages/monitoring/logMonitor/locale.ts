import { defineLocale } from '../../../i18n';

export const ns = defineLocale('logMonitor', {
  'zh-CN': {
    keywordHint: '操作人、对象、编号或动作', title: '{{action}} · {{entity}}', field: '字段', before: '修改前', after: '修改后',
    fields: '字段对比', json: '完整 JSON', onlyChanged: '只看变化的字段', changedCount: '{{count}} 个字段有变化', noChanges: '没有字段变化',
    none: '（无）', absent: '—', time: '时间', user: '操作人', dealer: '经销商', ip: 'IP', close: '关闭', notWritten: '本次未写入',
  },
  'en-US': {
    keywordHint: 'User, entity, id or action', title: '{{action}} · {{entity}}', field: 'Field', before: 'Before', after: 'After',
    fields: 'Fields', json: 'Full JSON', onlyChanged: 'Changed fields only', changedCount: '{{count}} fields changed', noChanges: 'No field changed',
    none: '(none)', absent: '—', time: 'Time', user: 'User', dealer: 'Dealer', ip: 'IP', close: 'Close', notWritten: 'not written by this change',
  },
});
