import { eq } from 'drizzle-orm';
import { analyticsFilters, type AnalyticsFilters } from '../../../shared/analytics/filters';
import { API_BASE } from '../../../shared/api/protocol';
import { VIEW_PATHS } from '../../../shared/api/savedViewPaths';
import { pickLanguage, type Language } from '../../../shared/i18n/languages';
import { pageByRoute } from '../../../shared/pages';
import { users, viewSubscriptions } from '../../db/schema';
import { xlsxBuffer, type SheetColumn } from '../../http/xlsx';
import type { Built, MailBuilder } from '../../outbox/mailSender';
import { dataScopeOf } from '../../platform/dataScope';
import { userGrants } from '../../platform/sessionStore';
import type { Services } from '../../services';
import type { Row } from '../analysis/registry';
import { REPORT_QUERIES } from '../analysis/reports';
import { publicUrl } from './mailSettings';
import { visibleView } from './subscriptions';
import { unsubscribeToken } from './unsubscribeLink';
import { escapeHtml, sayer } from './mailText';

/** A view's filters from its query, each by the server's own schema; one that no longer parses is left out. */
export function filtersOf(query: string): AnalyticsFilters {
  const params = new URLSearchParams(query);
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(analyticsFilters.shape)) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return analyticsFilters.parse(out);
}


const T = {
  rows: { 'zh-CN': '共 {n} 行，见附件。', 'en-US': '{n} rows, attached.' },
  tooLarge: { 'zh-CN': '结果超过 {kb} KB，未附文件，请打开链接查看。', 'en-US': 'The result is over {kb} KB and is not attached: open the link to see it.' },
  dashboard: { 'zh-CN': '打开链接查看看板。', 'en-US': 'Open the link to see the dashboard.' },
  open: { 'zh-CN': '打开视图', 'en-US': 'Open the view' },
  unsubscribe: { 'zh-CN': '退订', 'en-US': 'Unsubscribe' },
  why: { 'zh-CN': '你订阅了视图「{name}」。', 'en-US': 'You subscribed to the view "{name}".' },
  stopped: {
    'zh-CN': '你对视图「{name}」的订阅已停止：你已没有该页面的权限，或视图不再共享给你。',
    'en-US': 'Your subscription to the view "{name}" has stopped: you no longer have its page, or it is no longer shared with you.',
  },
  stoppedSubject: { 'zh-CN': '订阅已停止：{name}', 'en-US': 'Subscription stopped: {name}' },
} as const;
const say = sayer(T);

/** A mail of lines of text with links, as text and as the same HTML. */
function mailOf(subject: string, lines: string[], links: { label: string; href: string }[]) {
  return {
    subject,
    text: [...lines, '', ...links.map((l) => `${l.label}: ${l.href}`)].join('\n'),
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join(' · ')}</p>`,
  };
}

/**
 * Builds a subscription's mail when the outbox sends it, as the subscriber then: nothing for a user
 * frozen or gone, or a subscription stopped since; a notice (and the subscription stopped) when the
 * page is no longer granted or the view no longer shared with them; otherwise the view's report as
 * xlsx, computed in the subscriber's data scope (the link alone over MAIL_ATTACHMENT_MAX_KB).
 */
export function subscriptionMail(services: Services): MailBuilder {
  const { db, config } = services;
  const base = publicUrl(config);
  return async (delivery): Promise<Built> => {
    const id = Number(delivery.payload.subscriptionId);
    const [sub] = await db.select().from(viewSubscriptions).where(eq(viewSubscriptions.id, id));
    if (!sub || sub.status !== 'active') return { skip: 'the subscription was stopped' };
    const [user] = await db.select().from(users).where(eq(users.id, sub.userId));
    if (!user) return { skip: 'the user was deleted' };
    if (user.status !== 'normal') return { skip: 'the user is frozen' };
    const lang: Language = pickLanguage(sub.lang);
    const view = await visibleView(db, user.id, sub.viewId);
    const page = view ? pageByRoute(view.page) : undefined;
    const { perms } = await userGrants(db, user.id);
    const unsubscribe = { label: say('unsubscribe', lang), href: `${base}${API_BASE}${VIEW_PATHS.unsubscribeLink}?token=${unsubscribeToken(sub.id, sub.linkKey)}&lang=${lang}` };
    if (!view || !page || !perms.includes(page.perm)) {
      await db.update(viewSubscriptions).set({ status: 'stopped', stoppedReason: 'revoked' }).where(eq(viewSubscriptions.id, sub.id));
      const name = view?.name ?? `#${sub.viewId}`;
      return { mail: mailOf(say('stoppedSubject', lang, { name }), [say('stopped', lang, { name })], []) };
    }
    const link = { label: say('open', lang), href: `${base}/#${view.page}${view.query ? `?${view.query}` : ''}` };
    const subject = `${view.name} · ${page.title[lang]}`;
    const why = say('why', lang, { name: view.name });
    const report = REPORT_QUERIES.find((r) => r.def.perm === page.perm);
    if (!report) return { mail: mailOf(subject, [why, say('dashboard', lang)], [link, unsubscribe]) };

    const scope = await dataScopeOf(db, user);
    const ctx = { db: services.readDb, user: { sessionId: 0, id: user.id, userName: user.userName, nickName: user.nickName, dealerId: user.dealerId }, lang, now: new Date(), scope, dbKind: services.database.kind };
    const columns: SheetColumn<Row>[] = report.def.columns.map((c) => ({ key: c.key, header: c.title, width: c.width, value: (row) => row[c.key] }));
    const maxKb = config.MAIL_ATTACHMENT_MAX_KB;
    const file = await xlsxBuffer(lang, columns, report.batches(ctx, filtersOf(view.query)), maxKb * 1024);
    if (!file) return { mail: mailOf(subject, [why, say('tooLarge', lang, { kb: maxKb })], [link, unsubscribe]) };
    return {
      mail: {
        ...mailOf(subject, [why, say('rows', lang, { n: file.rows })], [link, unsubscribe]),
        attachments: [{ filename: `${page.title[lang]}.xlsx`, content: file.file, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }],
      },
    };
  };
}
