import { defineLocale } from '../../../i18n';

export const ns = defineLocale('loginMonitor', {
  'zh-CN': { keywordHint: '用户名、姓名或 IP' },
  'en-US': { keywordHint: 'User name, name or IP' },
});
