import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idAnswer } from '../../../shared/api/envelope';
import { rowId } from '../../../shared/api/rowId';
import { subscribeBody, unsubscribeLinkQuery, VIEW_PATHS } from '../../../shared/api/savedViews';
import type { Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { savedViews, userRoles, users, viewSubscriptions } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import { enqueueOutbox } from '../../outbox/enqueue';
import { recordAudit } from '../../platform/audit';
import type { Services } from '../../services';
import { mailConfigured } from './mailSettings';
import { readablePage, subscribable } from './savedViews';
import { nextRun } from './schedule';
import { newLinkKey, tokenId, tokenValid } from './unsubscribeLink';
import { HTML_PAGE } from '../../http/rawAnswers';

const ENTITY = 'viewSubscription';
const tag = 'savedViews';

/** A saved view the user may see: their own, or shared with one of their roles. */
export async function visibleView(db: Db, userId: number, viewId: number) {
  const [view] = await db.select().from(savedViews).where(eq(savedViews.id, viewId));
  if (!view) return null;
  if (view.ownerId === userId) return view;
  if (view.sharedRoleId == null) return null;
  const [held] = await db.select({ id: userRoles.roleId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, view.sharedRoleId)));
  return held ? view : null;
}

const page = (lang: Language, ok: boolean) => {
  const text = ok
    ? { 'zh-CN': '已退订，你将不再收到这份邮件。', 'en-US': 'Unsubscribed: you will not receive this mail again.' }
    : { 'zh-CN': '退订链接无效或已使用。', 'en-US': 'This unsubscribe link is not valid, or was used already.' };
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`
    + `<title>${text[lang]}</title></head><body style="font-family:system-ui,sans-serif;margin:3em auto;max-width:32em;padding:0 1em"><p>${text[lang]}</p></body></html>`;
};

/**
 * Subscriptions to saved views by mail (docs/views-and-subscriptions.md): subscribe (or change the
 * schedule), unsubscribe, and the signed link in every mail that unsubscribes without signing in.
 */
export function subscriptionRoutes(services: Services): RouteDef[] {
  const { db, config } = services;
  return [
    defineRoute({
      method: 'POST', url: VIEW_PATHS.subscribe, tag, permission: 'session', body: subscribeBody, answer: idAnswer,
      summary: 'Subscribe by mail to a saved report or dashboard view the caller can see: daily, weekly or monthly at a time in the business time zone',
      handler: async ({ body, user, lang, req }) => {
        const view = await visibleView(db, user.id, body.viewId);
        if (!view) throw notFound();
        if (!subscribable(await readablePage(db, user.id, view.page))) throw conflict('viewNotSubscribable');
        if (!mailConfigured(config)) throw conflict('mailOff');
        const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
        if (!email) throw conflict('noMailAddress');
        const schedule = body.schedule;
        const [h, m] = schedule.time.split(':').map(Number);
        const values = {
          frequency: schedule.frequency, weekday: schedule.frequency === 'weekly' ? schedule.weekday ?? null : null,
          monthDay: schedule.frequency === 'monthly' ? schedule.monthDay ?? null : null, atMinute: h * 60 + m,
          status: 'active', stoppedReason: null, lang, nextRunAt: nextRun(schedule, new Date(), config.timeZone),
        };
        return db.transaction(async (tx) => {
          const [row] = await tx.insert(viewSubscriptions).values({ ...values, viewId: view.id, userId: user.id, linkKey: newLinkKey() })
            .onConflictDoUpdate({ target: [viewSubscriptions.viewId, viewSubscriptions.userId], set: values })
            .returning({ id: viewSubscriptions.id });
          await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, {
            action: 'subscribe', entity: ENTITY, entityId: row.id, after: { viewId: view.id, ...schedule, nextRunAt: values.nextRunAt.toISOString() },
          });
          return { id: row.id };
        });
      },
    }),
    defineRoute({
      method: 'POST', url: VIEW_PATHS.unsubscribe, tag, permission: 'session', body: z.object({ viewId: rowId }).strict(), answer: idAnswer,
      summary: 'Stop the caller\'s mail of a saved view',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const [row] = await tx.update(viewSubscriptions).set({ status: 'stopped', stoppedReason: 'unsubscribed' })
          .where(and(eq(viewSubscriptions.viewId, body.viewId), eq(viewSubscriptions.userId, user.id), eq(viewSubscriptions.status, 'active')))
          .returning({ id: viewSubscriptions.id });
        if (!row) throw notFound();
        await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, { action: 'unsubscribe', entity: ENTITY, entityId: row.id });
        return { id: row.id };
      }),
    }),
    defineRoute({
      method: 'POST', url: VIEW_PATHS.sendNow, tag, permission: 'session', body: z.object({ viewId: rowId }).strict(), answer: idAnswer,
      rateLimit: { max: 10, timeWindow: '1 minute' },
      summary: 'Mail the caller\'s subscription of a saved view now, beside its schedule (built as the caller when sent)',
      handler: async ({ body, user }) => {
        const [row] = await db.select({ sub: viewSubscriptions, email: users.email, dealerId: users.dealerId }).from(viewSubscriptions)
          .innerJoin(users, eq(users.id, viewSubscriptions.userId))
          .where(and(eq(viewSubscriptions.viewId, body.viewId), eq(viewSubscriptions.userId, user.id), eq(viewSubscriptions.status, 'active')));
        if (!row) throw notFound();
        if (!mailConfigured(config)) throw conflict('mailOff');
        const email = row.email;
        if (!email) throw conflict('noMailAddress');
        await db.transaction((tx) => enqueueOutbox(tx, [{
          kind: 'mail', topic: 'subscription', target: email, payload: { subscriptionId: row.sub.id, runAt: new Date().toISOString() }, dealerId: row.dealerId,
        }]));
        services.outbox.wake();
        return { id: row.sub.id };
      },
    }),
    defineRoute({
      method: 'GET', url: VIEW_PATHS.unsubscribeLink, tag, permission: 'public', body: unsubscribeLinkQuery, raw: HTML_PAGE,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      summary: 'The unsubscribe link of a subscription mail: stops that subscription without signing in; the token is signed (HMAC) and works once',
      handler: async ({ body, lang, req, reply }) => {
        const id = tokenId(body.token);
        const done = id === null ? null : await db.transaction(async (tx) => {
          const [row] = await tx.select().from(viewSubscriptions).where(eq(viewSubscriptions.id, id)).for('update');
          if (!row || !tokenValid(body.token, row.linkKey)) return null;
          // A new key: this link (and every earlier mail's) works no more.
          await tx.update(viewSubscriptions).set({ status: 'stopped', stoppedReason: 'unsubscribed', linkKey: newLinkKey() }).where(eq(viewSubscriptions.id, id));
          const [owner] = await tx.select({ userName: users.userName }).from(users).where(inArray(users.id, [row.userId]));
          await recordAudit(tx, { id: row.userId, userName: owner?.userName ?? '', ip: req.ip }, { action: 'unsubscribe', entity: ENTITY, entityId: id, after: { by: 'link' } });
          return row;
        });
        reply.code(done ? 200 : 400).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page(lang, !!done));
      },
    }),
  ];
}
