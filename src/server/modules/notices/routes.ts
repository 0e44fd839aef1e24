import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NOTICE_BASE, ORDER_MONITOR_PERM, newNoticeBody, noticeListBody, noticeMessage, noticePage, noticeTitleOf, setReadAnswer, setReadBody,
  type NoticeItem, type NoticeMessage, type NoticeRow,
} from '../../../shared/api/notices';
import type { Language } from '../../../shared/i18n/languages';
import { dealers, deliveryNoticeReads, deliveryNotices, orders } from '../../db/schema';
import { offsetOf, orderFrom, pageAnswer } from '../../http/paging';
import { defineRoute } from '../../http/route';
import type { Services } from '../../services';
import { inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';

const readBy = (userId: number) => and(eq(deliveryNoticeReads.noticeId, deliveryNotices.id), eq(deliveryNoticeReads.userId, userId));

/** Notices within the user's data scope: the dealers it may see (docs/product.md#permissions). */
async function scopeOf({ scope }: RequestContext): Promise<SQL | undefined> {
  return inScope(deliveryNotices.dealerId, (await scope()).dealerIds);
}

const columns = {
  id: deliveryNotices.id, orderId: deliveryNotices.orderId, orderNo: orders.orderNo, orderType: deliveryNotices.orderType,
  items: deliveryNotices.items, createdAt: deliveryNotices.createdAt,
  dealerId: deliveryNotices.dealerId, dealerCode: dealers.code, dealerName: dealers.name, readAt: deliveryNoticeReads.readAt,
};
interface Stored { id: number; orderId: number; orderNo: string; orderType: string; items: NoticeItem[]; createdAt: Date }

/** A stored notice as answered: titled in the caller's language. */
const messageOf = (r: Stored, lang: Language): NoticeMessage => ({
  id: r.id, orderId: r.orderId, orderNo: r.orderNo, orderType: r.orderType,
  noticeTitle: noticeTitleOf(lang, r.orderType, r.orderNo, r.items),
  orderItemList: r.items, createdAt: r.createdAt.toISOString(),
});

/**
 * New-delivery notices (`infDeliveryOrderNotice`, docs/product.md#entities). The orders module writes them; here
 * the console polls the newest unread one, marks them read and lists them on the order
 * monitor. Read state is per user; every query is limited to the caller's data scope.
 */
export function noticeRoutes({ db }: Services) {
  const tag = 'notice';
  const select = (userId: number) => db.select(columns).from(deliveryNotices)
    .innerJoin(orders, eq(orders.id, deliveryNotices.orderId))
    .innerJoin(dealers, eq(dealers.id, deliveryNotices.dealerId))
    .leftJoin(deliveryNoticeReads, readBy(userId));

  return [
    defineRoute({
      method: 'POST', url: `${NOTICE_BASE}/getNewNotice`, tag, permission: 'session', body: newNoticeBody, answer: noticeMessage.nullable(),
      summary: 'The newest notice in the caller\'s scope it has not read (newer than afterId when given), or null; polled by every console',
      handler: async (rc): Promise<NoticeMessage | null> => {
        const { body, user, lang } = rc;
        const [row] = await select(user.id)
          .where(and(await scopeOf(rc), isNull(deliveryNoticeReads.userId), body.afterId != null ? gt(deliveryNotices.id, body.afterId) : undefined))
          .orderBy(desc(deliveryNotices.id)).limit(1);
        return row ? messageOf(row, lang) : null;
      },
    }),
    defineRoute({
      method: 'POST', url: `${NOTICE_BASE}/setRead`, tag, permission: 'session', body: setReadBody, answer: setReadAnswer,
      summary: 'Marks notices read for the caller; ids outside its scope (or gone with their order) are ignored. Answers how many are read',
      handler: async (rc) => {
        const { body, user } = rc;
        const ids = [...new Set(body.ids)];
        const hits = await db.select({ id: deliveryNotices.id }).from(deliveryNotices)
          .where(and(inArray(deliveryNotices.id, ids), await scopeOf(rc)));
        if (hits.length) {
          await db.insert(deliveryNoticeReads).values(hits.map((h) => ({ noticeId: h.id, userId: user.id }))).onConflictDoNothing();
        }
        return { read: hits.length };
      },
    }),
    defineRoute({
      method: 'POST', url: `${NOTICE_BASE}/list`, tag, permission: ORDER_MONITOR_PERM, body: noticeListBody, answer: noticePage,
      summary: 'The order monitor: notices in the caller\'s scope, a page, by read state, order type and creation date',
      handler: async (rc) => {
        const { body, user, lang } = rc;
        const where = and(
          await scopeOf(rc),
          body.read === 'read' ? isNotNull(deliveryNoticeReads.userId) : body.read === 'unread' ? isNull(deliveryNoticeReads.userId) : undefined,
          body.orderType ? eq(deliveryNotices.orderType, body.orderType) : undefined,
          body.dateFrom ? sql`${deliveryNotices.createdAt} >= ${body.dateFrom}::date` : undefined,
          body.dateTo ? sql`${deliveryNotices.createdAt} < ${body.dateTo}::date + 1` : undefined,
        );
        // Titles read "type order-no count" in the caller's language: sorting by title is by order no.
        const order = orderFrom(body.orderBy, {
          createdAt: deliveryNotices.createdAt, orderType: deliveryNotices.orderType, noticeTitle: orders.orderNo, orderNo: orders.orderNo,
        }, desc(deliveryNotices.id));
        const [rows, [{ n }]] = await Promise.all([
          select(user.id).where(where).orderBy(...order).limit(body.pageSize).offset(offsetOf(body)),
          db.select({ n: count() }).from(deliveryNotices).innerJoin(orders, eq(orders.id, deliveryNotices.orderId))
            .leftJoin(deliveryNoticeReads, readBy(user.id)).where(where),
        ]);
        const list: NoticeRow[] = rows.map((r) => ({
          ...messageOf(r, lang), dealerId: r.dealerId, dealerCode: r.dealerCode, dealerName: r.dealerName,
          read: r.readAt !== null, readAt: r.readAt?.toISOString() ?? null,
        }));
        return pageAnswer(list, n, body);
      },
    }),
  ];
}
