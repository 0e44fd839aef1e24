import { defineLocale } from '../../i18n';

export const printKitNs = defineLocale('printKit', {
  'zh-CN': { print: '打印', close: '关闭', hint: '使用 A4 纸打印，缩放 100%' },
  'en-US': { print: 'Print', close: 'Close', hint: 'Print on A4 paper at 100% scale' },
});
