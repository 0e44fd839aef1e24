import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StockAlertPush } from '../../../shared/api/notices';
import { VIEW_PATHS } from '../../../shared/api/savedViewPaths';
import { must } from '../../../shared/must';
import { pickLanguage, type Language } from '../../../shared/i18n/languages';
import { pageByRoute } from '../../../shared/pages';
import type { Db } from '../../db/client';
import { alertMailPrefs, materials, stockAlerts, users, warehouses } from '../../db/schema';
import { conflict } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Built, MailBuilder } from '../../outbox/mailSender';
import { enqueueOutbox } from '../../outbox/enqueue';
import { recordAudit } from '../../platform/audit';
import { allows, dataScopeOf } from '../../platform/dataScope';
import { userGrants } from '../../platform/sessionStore';
import type { Services } from '../../services';
import { mailConfigured, publicUrl } from './mailSettings';
import { nextRun } from './schedule';
import { escapeHtml, sayer } from './mailText';

/** The stock alerts page: its read permission is what mailed alerts need. */
const ALERTS_ROUTE = '/monitoringManage/monitoring/stroealert';
const alertsPerm = () => must(pageByRoute(ALERTS_ROUTE), 'the stock alerts page').perm;
const MODES = ['off', 'instant', 'digest'] as const;
const modeOf = (mode: string | undefined) => MODES.find((m) => m === mode) ?? 'off';

const prefAnswer = z.object({ mode: z.enum(['off', 'instant', 'digest']), time: z.string(), mail: z.boolean(), email: z.string().nullable() });
const prefBody = z.object({ mode: z.enum(['off', 'instant', 'digest']), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).optional() }).strict();
const timeOf = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * With an alert's raise, in its transaction: a mail for each user who chose them at once and may
 * be in its scope (staff, or the alert's dealer's users); whether they may see it is checked again
 * when it is sent, as the user then. A raise happens once per crossing (the open-alert index), so a
 * sweep after it mails nothing more.
 */
export async function enqueueAlertMails(tx: Db, raised: StockAlertPush[]): Promise<void> {
  if (!raised.length) return;
  const ids = raised.map((a) => a.id);
  const rows = await tx.select({ alertId: stockAlerts.id, dealerId: stockAlerts.dealerId, userId: users.id, email: users.email })
    .from(stockAlerts)
    .innerJoin(alertMailPrefs, eq(alertMailPrefs.mode, 'instant'))
    .innerJoin(users, and(eq(users.id, alertMailPrefs.userId), eq(users.status, 'normal'), sql`${users.email} is not null and ${users.email} <> ''`,
      sql`(${users.dealerId} is null or ${users.dealerId} = ${stockAlerts.dealerId})`))
    .where(inArray(stockAlerts.id, ids));
  await enqueueOutbox(tx, rows.map((r) => ({
    kind: 'mail' as const, topic: 'stockAlert', target: String(r.email), payload: { alertId: r.alertId, userId: r.userId }, dealerId: r.dealerId,
  })));
}

/** Writes the digests due at `now` (one mail per user, of what was raised since the last) and moves each on a day. */
export async function enqueueDueDigests(services: Services, now = new Date()): Promise<number> {
  const written = await services.db.transaction(async (tx) => {
    const due = await tx.select({ pref: alertMailPrefs, email: users.email, status: users.status, dealerId: users.dealerId })
      .from(alertMailPrefs).innerJoin(users, eq(users.id, alertMailPrefs.userId))
      .where(and(eq(alertMailPrefs.mode, 'digest'), lte(alertMailPrefs.nextDigestAt, now)))
      .for('update', { of: alertMailPrefs, skipLocked: true });
    let count = 0;
    for (const { pref, email, status, dealerId } of due) {
      const since = pref.lastDigestAt ?? pref.createdAt;
      await tx.update(alertMailPrefs).set({
        nextDigestAt: nextRun({ frequency: 'daily', time: timeOf(pref.digestMinute) }, now, services.config.timeZone), lastDigestAt: now,
      }).where(eq(alertMailPrefs.userId, pref.userId));
      if (status !== 'normal' || !email) continue;
      await enqueueOutbox(tx, [{ kind: 'mail', topic: 'stockAlertDigest', target: email, payload: { userId: pref.userId, since: since.toISOString(), until: now.toISOString() }, dealerId }]);
      count++;
    }
    return count;
  });
  if (written) services.outbox.wake();
  return written;
}

const T = {
  low: { 'zh-CN': '低于下限', 'en-US': 'below its minimum' },
  high: { 'zh-CN': '高于上限', 'en-US': 'above its maximum' },
  subject: { 'zh-CN': '库存预警：{warehouse} {material}', 'en-US': 'Stock alert: {warehouse} {material}' },
  line: { 'zh-CN': '{warehouse} · {material}：库存 {qty}，{kind} {threshold}', 'en-US': '{warehouse} · {material}: {qty} in stock, {kind} {threshold}' },
  digestSubject: { 'zh-CN': '库存预警日报：{n} 条', 'en-US': 'Stock alerts of the day: {n}' },
  open: { 'zh-CN': '打开库存预警', 'en-US': 'Open stock alerts' },
  why: { 'zh-CN': '你在库存预警页选择了邮件提醒（可在该页关闭）。', 'en-US': 'You chose mail for stock alerts (turn it off on the stock alerts page).' },
} as const;
const say = sayer(T);

/** The user as they are now, if they may still get alerts: not frozen, the page granted; with their scope. */
async function recipient(services: Services, userId: number) {
  const [user] = await services.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.status !== 'normal') return null;
  const { perms } = await userGrants(services.db, user.id);
  if (!perms.includes(alertsPerm())) return null;
  const [pref] = await services.db.select().from(alertMailPrefs).where(eq(alertMailPrefs.userId, userId));
  if (!pref) return null;
  return { user, pref, lang: pickLanguage(pref.lang), scope: await dataScopeOf(services.db, user) };
}

const alertRows = (db: Db) => db.select({
  id: stockAlerts.id, kind: stockAlerts.kind, qty: stockAlerts.qty, threshold: stockAlerts.threshold, dealerId: stockAlerts.dealerId,
  warehouseId: stockAlerts.warehouseId, warehouse: warehouses.name, material: materials.code, raisedAt: stockAlerts.raisedAt,
}).from(stockAlerts).innerJoin(warehouses, eq(warehouses.id, stockAlerts.warehouseId)).innerJoin(materials, eq(materials.id, stockAlerts.materialId));

/** Mail builders of stock alerts, as the receiver now: within their scope, the page still granted. */
export function alertMailBuilders(services: Services): Record<string, MailBuilder> {
  const link = `${publicUrl(services.config)}/#${ALERTS_ROUTE}`;
  const mail = (lang: Language, subject: string, lines: string[]) => ({
    subject,
    text: [...lines, '', say('why', lang), `${say('open', lang)}: ${link}`].join('\n'),
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(say('why', lang))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(say('open', lang))}</a></p>`,
  });
  const lineOf = (lang: Language, a: { warehouse: string; material: string; qty: number; kind: string; threshold: number }) =>
    say('line', lang, { warehouse: a.warehouse, material: a.material, qty: a.qty, kind: say(a.kind === 'low' ? 'low' : 'high', lang), threshold: a.threshold });
  return {
    stockAlert: async (d): Promise<Built> => {
      const who = await recipient(services, Number(d.payload.userId));
      if (!who) return { skip: 'the user may not get alerts now (frozen, page not granted or mail turned off)' };
      const [alert] = await alertRows(services.db).where(eq(stockAlerts.id, Number(d.payload.alertId)));
      if (!alert || !allows(who.scope.warehouseIds, alert.warehouseId) || !allows(who.scope.dealerIds, alert.dealerId)) return { skip: 'not in the user\'s scope' };
      return { mail: mail(who.lang, say('subject', who.lang, { warehouse: alert.warehouse, material: alert.material }), [lineOf(who.lang, alert)]) };
    },
    stockAlertDigest: async (d): Promise<Built> => {
      const who = await recipient(services, Number(d.payload.userId));
      if (!who) return { skip: 'the user may not get alerts now' };
      const list = (await alertRows(services.db)
        .where(and(gt(stockAlerts.raisedAt, new Date(String(d.payload.since))), lte(stockAlerts.raisedAt, new Date(String(d.payload.until)))))
        .orderBy(stockAlerts.raisedAt))
        .filter((a) => allows(who.scope.warehouseIds, a.warehouseId) && allows(who.scope.dealerIds, a.dealerId));
      if (!list.length) return { skip: 'no alert was raised in the user\'s scope' };
      return { mail: mail(who.lang, say('digestSubject', who.lang, { n: list.length }), list.map((a) => lineOf(who.lang, a))) };
    },
  };
}

/** The caller's choice of stock alerts by mail, on the stock alerts page. */
export function alertMailRoutes(services: Services): RouteDef[] {
  const { db, config } = services;
  return [
    defineRoute({
      method: 'POST', url: VIEW_PATHS.alertMailGet, tag: 'stockAlerts', permission: alertsPerm(), answer: prefAnswer,
      summary: 'Whether the caller gets stock alerts of their scope by mail: off, at once, or a daily digest at a time',
      handler: async ({ user }) => {
        const [pref] = await db.select().from(alertMailPrefs).where(eq(alertMailPrefs.userId, user.id));
        const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
        return { mode: modeOf(pref?.mode), time: timeOf(pref?.digestMinute ?? 480), mail: mailConfigured(config), email: email || null };
      },
    }),
    defineRoute({
      method: 'POST', url: VIEW_PATHS.alertMailSet, tag: 'stockAlerts', permission: alertsPerm(), body: prefBody, answer: prefAnswer,
      summary: 'Choose stock alerts by mail: off, at once as each is raised, or a daily digest at a time in the business time zone',
      handler: async ({ body, user, lang, req }) => {
        const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
        if (body.mode !== 'off' && !mailConfigured(config)) throw conflict('mailOff');
        if (body.mode !== 'off' && !email) throw conflict('noMailAddress');
        const time = body.time ?? '08:00';
        const [h, m] = time.split(':').map(Number);
        await db.transaction(async (tx) => {
          if (body.mode === 'off') await tx.delete(alertMailPrefs).where(eq(alertMailPrefs.userId, user.id));
          else {
            const values = {
              mode: body.mode, digestMinute: h * 60 + m, lang,
              nextDigestAt: body.mode === 'digest' ? nextRun({ frequency: 'daily', time }, new Date(), config.timeZone) : null,
            };
            await tx.insert(alertMailPrefs).values({ userId: user.id, ...values, lastDigestAt: new Date() })
              .onConflictDoUpdate({ target: alertMailPrefs.userId, set: values });
          }
          await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, { action: 'update', entity: 'alertMail', entityId: user.id, after: { mode: body.mode, time } });
        });
        return { mode: body.mode, time, mail: mailConfigured(config), email: email || null };
      },
    }),
  ];
}
