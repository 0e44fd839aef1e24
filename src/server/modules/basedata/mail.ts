import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  DevicesPerm, inboxAnswer, mailBoxBody, mailDetailAnswer, mailIdBody, mailRecipientsBody, mailSendBody, mailSentAnswer, mailUserAnswer,
  sentAnswer, unreadCountAnswer, type MailDetail, type MailUser,
} from '../../../shared/api/basedata/devices';
import type { Db } from '../../db/client';
import { dealers, mailRecipients, mails, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessionStore';

const TAG = 'mail';
const BASE = '/basedata/mail';
const escape = (text: string) => `%${text.trim().replace(/[%_\\]/g, '\\$&')}%`;

/**
 * Whom a user may write to: operator staff write to everyone; a dealer user to the users
 * of its own dealer and to operator staff (never to another dealer's people).
 */
export const writableUsers = (user: Pick<SessionUser, 'id' | 'dealerId'>): SQL | undefined =>
  and(ne(users.id, user.id), eq(users.status, 'normal'), user.dealerId == null ? undefined : or(eq(users.dealerId, user.dealerId), isNull(users.dealerId)));

/** Base data › mail: internal mail between users, with inbox, sent box and read state. */
export function mailRoutes({ db }: Services): RouteDef[] {
  const sender = alias(users, 'sender');

  async function recipientsOf(q: Db, mailIds: number[]) {
    if (!mailIds.length) return [];
    return q.select({ mailId: mailRecipients.mailId, id: users.id, name: users.nickName, readAt: mailRecipients.readAt })
      .from(mailRecipients).innerJoin(users, eq(users.id, mailRecipients.userId))
      .where(inArray(mailRecipients.mailId, mailIds)).orderBy(asc(users.id));
  }

  return [
    defineRoute({
      method: 'POST', url: `${BASE}/recipients`, tag: TAG, permission: DevicesPerm.mail, body: mailRecipientsBody, answer: z.array(mailUserAnswer),
      summary: 'Mail: the users the caller may write to (all for operator staff; own dealer and operator staff for a dealer user)',
      handler: async ({ body, user }): Promise<MailUser[]> => {
        const keyword = typeof body.keyword === 'string' && body.keyword.trim() ? body.keyword : undefined;
        return db.select({ id: users.id, userName: users.userName, nickName: users.nickName, dealerName: dealers.name })
          .from(users).leftJoin(dealers, eq(dealers.id, users.dealerId))
          .where(and(writableUsers(user), keyword ? or(ilike(users.userName, escape(keyword)), ilike(users.nickName, escape(keyword))) : undefined))
          .orderBy(asc(users.dealerId), asc(users.userName)).limit(500);
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/send`, tag: TAG, permission: `${DevicesPerm.mail}:add`, body: mailSendBody, answer: mailSentAnswer,
      summary: 'Mail: send a plain-text mail to users the caller may write to',
      handler: async ({ body, user, req }) => {
        const ids = [...new Set(body.recipientIds)];
        const allowed = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), writableUsers(user)));
        if (allowed.length !== ids.length) throw badRequest('invalidValue', 'recipientIds');
        return db.transaction(async (tx) => {
          const [mail] = await tx.insert(mails).values({ senderId: user.id, subject: body.subject, body: body.body }).returning({ id: mails.id });
          await tx.insert(mailRecipients).values(ids.map((userId) => ({ mailId: mail.id, userId })));
          await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, {
            action: 'send', entity: 'mail', entityId: mail.id, after: { subject: body.subject, recipients: ids },
          });
          return { id: mail.id };
        });
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/inbox`, tag: TAG, permission: DevicesPerm.mail, body: mailBoxBody, answer: inboxAnswer,
      summary: 'Mail: the caller\'s received mails, newest first, with their read state',
      handler: async ({ body, user }) => {
        const where = and(
          eq(mailRecipients.userId, user.id),
          body.keyword?.trim() ? or(ilike(mails.subject, escape(body.keyword)), ilike(sender.nickName, escape(body.keyword))) : undefined,
          body.unread ? isNull(mailRecipients.readAt) : undefined,
        );
        const [list, [total]] = await Promise.all([
          db.select({ id: mails.id, subject: mails.subject, senderName: sender.nickName, createdAt: mails.createdAt, readAt: mailRecipients.readAt })
            .from(mailRecipients).innerJoin(mails, eq(mails.id, mailRecipients.mailId)).innerJoin(sender, eq(sender.id, mails.senderId))
            .where(where).orderBy(desc(mails.createdAt), desc(mails.id)).limit(body.pageSize).offset((body.pageNum - 1) * body.pageSize),
          db.select({ n: count() }).from(mailRecipients)
            .innerJoin(mails, eq(mails.id, mailRecipients.mailId)).innerJoin(sender, eq(sender.id, mails.senderId)).where(where),
        ]);
        return { list, total: total.n, pageNum: body.pageNum, pageSize: body.pageSize };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/sent`, tag: TAG, permission: DevicesPerm.mail, body: mailBoxBody, answer: sentAnswer,
      summary: 'Mail: the caller\'s sent mails, newest first, with their recipients and how many have read them',
      handler: async ({ body, user }) => {
        const where = and(eq(mails.senderId, user.id), body.keyword?.trim() ? ilike(mails.subject, escape(body.keyword)) : undefined);
        const [rows, [total]] = await Promise.all([
          db.select({ id: mails.id, subject: mails.subject, createdAt: mails.createdAt }).from(mails).where(where)
            .orderBy(desc(mails.createdAt), desc(mails.id)).limit(body.pageSize).offset((body.pageNum - 1) * body.pageSize),
          db.select({ n: count() }).from(mails).where(where),
        ]);
        const recipients = await recipientsOf(db, rows.map((r) => r.id));
        const list = rows.map((r) => {
          const mine = recipients.filter((x) => x.mailId === r.id);
          return { ...r, recipients: mine.map((x) => x.name), readCount: mine.filter((x) => x.readAt).length };
        });
        return { list, total: total.n, pageNum: body.pageNum, pageSize: body.pageSize };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/read`, tag: TAG, permission: DevicesPerm.mail, body: mailIdBody, answer: mailDetailAnswer,
      summary: 'Mail: open a mail (its sender or a recipient only) and mark it read for the caller',
      handler: async ({ body, user }): Promise<Omit<MailDetail, 'createdAt'> & { createdAt: Date }> => {
        const [mail] = await db.select({ id: mails.id, subject: mails.subject, body: mails.body, senderId: mails.senderId, senderName: sender.nickName, createdAt: mails.createdAt })
          .from(mails).innerJoin(sender, eq(sender.id, mails.senderId)).where(eq(mails.id, body.id));
        if (!mail) throw notFound();
        let recipients = await recipientsOf(db, [mail.id]);
        const mine = recipients.find((r) => r.id === user.id);
        // Somebody else's mail does not exist for the caller.
        if (!mine && mail.senderId !== user.id) throw notFound();
        if (mine && !mine.readAt) {
          await db.update(mailRecipients).set({ readAt: new Date() }).where(and(eq(mailRecipients.mailId, mail.id), eq(mailRecipients.userId, user.id), isNull(mailRecipients.readAt)));
          recipients = await recipientsOf(db, [mail.id]);
        }
        return { ...mail, recipients: recipients.map(({ id, name, readAt }) => ({ id, name, readAt: readAt ? readAt.toISOString() : null })) };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/unreadCount`, tag: TAG, permission: DevicesPerm.mail, answer: unreadCountAnswer,
      summary: 'Mail: how many received mails the caller has not opened yet',
      handler: async ({ user }) => {
        const [row] = await db.select({ n: count() }).from(mailRecipients).where(and(eq(mailRecipients.userId, user.id), isNull(mailRecipients.readAt)));
        return { count: row.n };
      },
    }),
  ];
}
