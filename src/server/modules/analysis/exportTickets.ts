import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { analyticsFilters, reportPath, type AnalyticsFilters } from '../../../shared/analytics/filters';
import { pickLanguage } from '../../../shared/i18n/languages';
import { exportTickets, sessions, users } from '../../db/schema';
import { inLaneOf } from '../../db/pgliteGate';
import { notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import { streamXlsx, type SheetColumn } from '../../http/xlsx';
import { dataScopeOf } from '../../platform/dataScope';
import { userGrants } from '../../platform/sessionStore';
import { longWorkTurn } from '../../db/pgliteGate';
import type { Services } from '../../services';
import type { ReportQuery, Row } from './registry';
import { XLSX_FILE } from '../../http/rawAnswers';

/** Where the browser downloads a ticket's file (under the API's base). */
export const EXPORT_DOWNLOAD_PATH = '/analysis/report/export';
const ticketBody = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).strict();
const ticketAnswer = z.object({ ticket: z.string(), url: z.string() });
const progressAnswer = z.object({ rows: z.number(), status: z.string() });
/** How often a download's written rows are stored for the progress dialog (and a cancel looked for). */
const PROGRESS_MS = 500;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
/** A half of a surrogate pair alone cannot be stored in jsonb: it becomes U+FFFD (such a filter matches nothing either way). */
const storable = (filters: AnalyticsFilters) => Object.fromEntries(Object.entries(filters).map(([k, v]) =>
  [k, typeof v === 'string' ? v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd') : v]));

/**
 * Long exports (docs/views-and-subscriptions.md, Long exports): a report's export as a link the
 * browser downloads itself (the file never sits in the page's memory), with the rows written so far
 * and a cancel that stops the server's query. A ticket is made by the signed-in caller, used once
 * within a minute, and the file is read as its user, within their data scope, while their session
 * lives; the ticket's row in the database lets any node answer the progress and the cancel.
 */
export function exportTicketRoutes(services: Services, reports: ReportQuery[]): RouteDef[] {
  const { db } = services;
  const byPage = new Map(reports.map((r) => [r.def.page, r]));
  const links = reports.map((r) => defineRoute({
    method: 'POST', url: `${reportPath(r.def.page)}/exportLink`, tag: 'reports', permission: `${r.def.perm}:export`, body: analyticsFilters, answer: ticketAnswer,
    summary: `${r.def.title['en-US']}: a one-time link (a minute) the browser downloads the filtered report's xlsx from, with its progress and cancel`,
    handler: async ({ body, user, lang }) => {
      const ticket = randomBytes(32).toString('base64url');
      await db.insert(exportTickets).values({
        tokenHash: hash(ticket), userId: user.id, sessionId: user.sessionId, report: r.def.page, filters: storable(body), lang, expiresAt: new Date(Date.now() + 60_000),
      });
      return { ticket, url: `${EXPORT_DOWNLOAD_PATH}?ticket=${ticket}` };
    },
  }));
  return [
    ...links,
    defineRoute({
      method: 'GET', url: EXPORT_DOWNLOAD_PATH, tag: 'reports', permission: 'public', body: ticketBody, raw: XLSX_FILE,
      summary: 'The xlsx file of an export ticket, streamed with its name for the browser\'s own download; the ticket works once, within a minute, as its user',
      // In the embedded database's report lane, as the export route (pgliteGate.ts).
      handler: inLaneOf('long', async ({ body, reply }) => {
        const [t] = await db.update(exportTickets).set({ status: 'running' })
          .where(and(eq(exportTickets.tokenHash, hash(body.ticket)), eq(exportTickets.status, 'ready'), gt(exportTickets.expiresAt, new Date()), inArray(exportTickets.report, [...byPage.keys()])))
          .returning();
        const report = t && byPage.get(t.report);
        if (!t || !report) throw notFound();
        const [user] = await db.select().from(users).innerJoin(sessions, eq(sessions.userId, users.id))
          .where(and(eq(users.id, t.userId), eq(sessions.id, t.sessionId), isNull(sessions.revokedAt), eq(users.status, 'normal')));
        const { perms } = await userGrants(db, t.userId);
        if (!user || !perms.includes(`${report.def.perm}:export`)) {
          await db.update(exportTickets).set({ status: 'failed' }).where(eq(exportTickets.id, t.id));
          throw notFound();
        }
        const u = user.users;
        const lang = pickLanguage(t.lang);
        const ctx = {
          db: services.readDb, user: { sessionId: t.sessionId, id: u.id, userName: u.userName, nickName: u.nickName, dealerId: u.dealerId },
          scope: await dataScopeOf(db, u), lang, now: new Date(), dbKind: services.database.kind,
        };
        const columns: SheetColumn<Row>[] = report.def.columns.map((c) => ({ key: c.key, header: c.title, width: c.width, value: (row) => row[c.key] }));
        let cancelled = false;
        let told = 0;
        let written = 0;
        const whole = await streamXlsx(reply, `${report.def.title[lang]}.xlsx`, lang, columns, report.batches(ctx, analyticsFilters.parse(t.filters)), async (rows) => {
          // The count the dialog polls, and a cancel, read at most every PROGRESS_MS: on the embedded
          // database a batch is a few dozen rows, and a write per batch would double its statements.
          written = rows;
          if (performance.now() - told < PROGRESS_MS) return true;
          told = performance.now();
          const [now] = await db.update(exportTickets).set({ rows }).where(eq(exportTickets.id, t.id)).returning({ status: exportTickets.status });
          cancelled = now?.status === 'cancelled';
          return !cancelled;
        }, longWorkTurn(services.database.gate));
        if (!cancelled) await db.update(exportTickets).set({ status: whole ? 'done' : 'failed', rows: written }).where(and(eq(exportTickets.id, t.id), eq(exportTickets.status, 'running')));
      }),
    }),
    defineRoute({
      method: 'POST', url: '/analysis/report/exportProgress', tag: 'reports', permission: 'session', body: ticketBody, answer: progressAnswer,
      summary: 'Rows an export ticket\'s download has written so far, and where it stands (ready, running, done, cancelled, failed): its owner only',
      handler: async ({ body, user }) => {
        const [t] = await db.select().from(exportTickets).where(and(eq(exportTickets.tokenHash, hash(body.ticket)), eq(exportTickets.userId, user.id)));
        if (!t) throw notFound();
        return { rows: t.rows, status: t.status };
      },
    }),
    defineRoute({
      method: 'POST', url: '/analysis/report/exportCancel', tag: 'reports', permission: 'session', body: ticketBody, answer: progressAnswer,
      summary: 'Cancel an export ticket\'s download: the server stops its query after the batch it is writing; its owner only',
      handler: async ({ body, user }) => {
        const [t] = await db.update(exportTickets).set({ status: 'cancelled' })
          .where(and(eq(exportTickets.tokenHash, hash(body.ticket)), eq(exportTickets.userId, user.id), inArray(exportTickets.status, ['ready', 'running'])))
          .returning();
        if (!t) throw notFound();
        return { rows: t.rows, status: t.status };
      },
    }),
  ];
}
