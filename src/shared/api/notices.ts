import { z } from 'zod';
import type { Language } from '../i18n/languages';
import { ORDER_TYPE_CODES, orderTypeLabel } from '../orders/orderTypes';
import { calendarDay } from './day';
import { pageBody, pageOf } from './paging';
import { coercedRowId, MAX_ROW_ID } from './rowId';

/**
 * New-delivery notices (the spec's infDeliveryOrderNotice): a message to a dealer when the
 * maker's staff create an inbound order for it. Popped up by polling getNewNotice and by
 * the socket's `notice` event; listed on the order monitor.
 */
export const NOTICE_BASE = '/orderManage/infDeliveryOrderNotice';
export const ORDER_MONITOR_PERM = 'monitoringManage:orderMonitor';
export const ORDER_MONITOR_PATH = '/monitoringManage/monitoring/orderMonitor';
/** Spec section 9: the first poll after 10 s, then every 10 s; speech rate 1.3. */
export const NOTICE_POLL_MS = 10_000;
export const NOTICE_SPEECH_RATE = 1.3;

const day = calendarDay;

export const newNoticeBody = z.object({
  /** Only notices newer than the newest one the console has shown. */
  afterId: z.coerce.number().int().min(0).max(MAX_ROW_ID).optional(),
}).strict();

export const setReadBody = z.object({ ids: z.array(coercedRowId).min(1).max(500) }).strict();

export const noticeFilters = z.object({
  read: z.enum(['read', 'unread']).optional(),
  orderType: z.enum(ORDER_TYPE_CODES).optional(),
  /** Created on or after / on or before, `YYYY-MM-DD`. */
  dateFrom: day.optional(),
  dateTo: day.optional(),
});
export const noticeListBody = pageBody.extend(noticeFilters.shape);

export const noticeItem = z.object({
  brand: z.string(),
  specification: z.string(),
  pattern: z.string(),
  batch: z.string().nullable(),
  quantity: z.number(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

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

/** What getNewNotice answers and the socket pushes (spec section 3). */
export const noticeMessage = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  orderType: z.string(),
  noticeTitle: z.string(),
  orderItemList: z.array(noticeItem),
  createdAt: z.string(),
});
export type NoticeMessage = z.infer<typeof noticeMessage>;

/** One row of the order monitor: the message, whose it is, and whether the caller read it. */
export const noticeRow = noticeMessage.extend({
  dealerId: z.number(),
  dealerCode: z.string(),
  dealerName: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type NoticeRow = z.infer<typeof noticeRow>;
export const noticePage = pageOf(noticeRow);

/** socket.io under the same host; a console connects with `auth: { token }`. */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_EVENTS = { notice: 'notice', stock: 'stock', alert: 'stockAlert', trip: 'trip', monitor: 'monitor' } as const;

/** What a stock change tells live dashboards (the socket's `stock` event): whose stock, where, by which order. */
export interface StockChange {
  dealerId: number | null;
  warehouseIds: number[];
  orderId: number;
  orderType: string;
  moved: number;
  /** Stock alerts the change raised (each also pushed as a `stockAlert` event). */
  alerts?: StockAlertPush[];
}

/** A stock alert as it is pushed (`stockAlert` event) the moment it is raised. */
export interface StockAlertPush {
  id: number;
  dealerId: number | null;
  warehouseId: number;
  warehouseName: string;
  materialId: number;
  materialCode: string;
  materialName: string;
  /** low: below the minimum; high: above the maximum. */
  kind: 'low' | 'high';
  threshold: number;
  qty: number;
}

export const setReadAnswer = z.object({ read: z.number() });
export type SetReadAnswer = z.infer<typeof setReadAnswer>;
