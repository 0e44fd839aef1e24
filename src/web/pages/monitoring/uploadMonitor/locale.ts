import { defineLocale } from '../../../i18n';

export const ns = defineLocale('uploadMonitor', {
  'zh-CN': {
    retry: '重试', retried: '已重试：{{status}}', resend: '重新发送', resent: '已重新排队发送',
    keywordHint: '批次号、单号、申请单号、接收方、错误信息、操作人',
  },
  'en-US': {
    retry: 'Retry', retried: 'Retried: {{status}}', resend: 'Send again', resent: 'Queued to be sent again',
    keywordHint: 'Batch id, order or request no, recipient, error, user',
  },
});
