import type { Language } from '../i18n/languages';
import { orderTypeLabel } from '../orders/orderTypes';
import type { NoticeItem } from './notices';

/**
 * New-delivery notices (`infDeliveryOrderNotice`, docs/product.md#entities) as a console watches for them, without
 * zod: their calls' path, the order monitor that lists them, how often they are polled, how they
 * are spoken and titled. The layout's notice watcher (in the signed-in shell) imports these;
 * `notices.ts` keeps the schemas of the calls.
 */
export const NOTICE_BASE = '/orderManage/infDeliveryOrderNotice';
export const ORDER_MONITOR_PERM = 'monitoringManage:orderMonitor';
export const ORDER_MONITOR_PATH = '/monitoringManage/monitoring/orderMonitor';
/** docs/product.md#constants: the first poll after 10 s, then every 10 s; speech rate 1.3. */
export const NOTICE_POLL_MS = 10_000;
export const NOTICE_SPEECH_RATE = 1.3;

const NOTICE_TITLE: Record<Language, string> = {
  'zh-CN': '新到货：{type} {orderNo}，共 {count} 条',
  'en-US': 'New delivery: {type} {orderNo}, {count} tyres',
};

/**
 * A notice's title in one language: the server answers it in the caller's, and the console
 * titles socket pushes (sent to readers of both languages at once) with the same words.
 */
export function noticeTitleOf(lang: Language, orderType: string, orderNo: string, items: Pick<NoticeItem, 'quantity'>[]): string {
  const type = orderTypeLabel(orderType, lang);
  const count = items.reduce((n, i) => n + i.quantity, 0);
  return NOTICE_TITLE[lang].replace('{type}', type).replace('{orderNo}', orderNo).replace('{count}', String(count));
}
