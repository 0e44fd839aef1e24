import { defineLocale } from '../../../i18n';

export const ns = defineLocale('uploadMonitor', {
  'zh-CN': { retry: '重试', retried: '已重试：{{status}}', keywordHint: '批次号、单号、申请单号、错误信息、操作人' },
  'en-US': { retry: 'Retry', retried: 'Retried: {{status}}', keywordHint: 'Batch id, order or request no, error, user' },
});
