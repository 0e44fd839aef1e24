import { z } from 'zod';
import { ORDER_TYPE_CODES } from '../orders/orderTypes';
import { calendarDay } from './day';
import { pageBody, pageOf } from './paging';
import { coercedRowId, MAX_ROW_ID } from './rowId';

/**
 * New-delivery notices (`infDeliveryOrderNotice` in the calls, docs/product.md#entities): a message to a dealer when the
 * maker's staff create an inbound order for it. Popped up by polling getNewNotice and by
 * the socket's `notice` event; listed on the order monitor.
 * What a console needs to watch for them is in noticeWatch.ts and socketEvents.ts, without zod;
 * the server takes it from here, with the schemas.
 */
export { NOTICE_BASE, noticeTitleOf, ORDER_MONITOR_PATH, ORDER_MONITOR_PERM } from './noticeWatch';
export { SOCKET_EVENTS, SOCKET_PATH } from './socketEvents';

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

/** What getNewNotice answers and the socket pushes (docs/product.md#entities). */
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
export type StockAlertPush = {
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
};

export const setReadAnswer = z.object({ read: z.number() });
export type SetReadAnswer = z.infer<typeof setReadAnswer>;
