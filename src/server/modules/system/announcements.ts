import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  announcementFilters, announcementInput, announcementPage, audienceOptions, inboxBody, inboxPage, publishAnswer, readAnswer, unreadCountAnswer,
  type AnnouncementRow, type AudienceOptions, type InboxItem,
} from '../../../shared/api/announcement';
import { deletedAnswer, idAnswer } from '../../../shared/api/envelope';
import { pageBody } from '../../../shared/api/paging';
import { Perm, buttonPerm } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { announcementReads, announcements, announcementTargets, dealers, roles } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { offsetOf, orderFrom, pageAnswer } from '../../http/paging';
import { defineRoute } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { sanitizeHtml, visibleText } from './sanitizeHtml';
import type { SessionUser } from '../../platform/sessionStore';
import { coercedRowId } from '../../../shared/api/rowId';
import { must } from '../../../shared/must';

type Input = z.output<typeof announcementInput>;
const ENTITY = 'announcement';
const idBody = z.object({ id: coercedRowId });
const idsBody = z.object({ ids: z.array(coercedRowId).min(1).max(500) });
const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });

const like = (column: Parameters<typeof ilike>[0], text: string | undefined) =>
  text?.trim() ? ilike(column, `%${text.trim().replace(/[%_\\]/g, '\\$&')}%`) : undefined;

/**
 * Whether an announcement is addressed to the user: to everyone, to one of the user's
 * roles, or to the user's dealer. One condition, so inbox, count and read agree.
 */
function addressedTo(user: Pick<SessionUser, 'id' | 'dealerId'>): SQL {
  return must(or(
    eq(announcements.audience, 'all'),
    and(eq(announcements.audience, 'roles'), sql`exists (select 1 from ${announcementTargets} t join user_roles ur on ur.role_id = t.ref_id
      where t.announcement_id = ${announcements.id} and t.kind = 'role' and ur.user_id = ${user.id})`),
    user.dealerId != null
      ? and(eq(announcements.audience, 'dealers'), sql`exists (select 1 from ${announcementTargets} t
          where t.announcement_id = ${announcements.id} and t.kind = 'dealer' and t.ref_id = ${user.dealerId})`)
      : undefined,
  ), 'the audience condition');
}

const readBy = (userId: number) => and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId));

/**
 * Announcements: the administrators' list (write, target, publish) and every signed-in
 * user's inbox (what is addressed to them, read or unread). Content is HTML cleaned to a
 * safe subset before it is stored.
 */
export function announcementRoutes({ db }: Services) {
  const tag = 'announcement';
  const columns = {
    id: announcements.id, title: announcements.title, content: announcements.content, audience: announcements.audience,
    status: announcements.status, publishedAt: announcements.publishedAt, createdAt: announcements.createdAt, updatedAt: announcements.updatedAt,
    readCount: sql<number>`(select count(*)::int from ${announcementReads} r where r.announcement_id = ${announcements.id})`,
  };

  async function rowsOf(where: SQL | undefined, order: (SQL | PgColumn)[] = [desc(announcements.updatedAt)], limit = 1, offset = 0): Promise<AnnouncementRow[]> {
    const rows = await db.select(columns).from(announcements).where(where).orderBy(...order, desc(announcements.id)).limit(limit).offset(offset);
    const targets = rows.length
      ? await db.select().from(announcementTargets).where(inArray(announcementTargets.announcementId, rows.map((r) => r.id)))
      : [];
    const of = (id: number, kind: string) => targets.filter((t) => t.announcementId === id && t.kind === kind).map((t) => t.refId).sort((a, b) => a - b);
    return rows.map((r) => ({
      ...r,
      publishedAt: r.publishedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
      readCount: Number(r.readCount), roleIds: of(r.id, 'role'), dealerIds: of(r.id, 'dealer'),
    }));
  }
  const load = async (id: number) => (await rowsOf(eq(announcements.id, id)))[0];

  /** Cleans the content and checks the recipients; runs before the transaction (it reads with `db`). */
  async function prepare(input: Input) {
    const content = sanitizeHtml(input.content);
    if (!visibleText(content)) throw badRequest('required', 'content');
    const roleIds = input.audience === 'roles' ? [...new Set(input.roleIds)] : [];
    const dealerIds = input.audience === 'dealers' ? [...new Set(input.dealerIds)] : [];
    if (input.audience === 'roles') {
      if (!roleIds.length) throw badRequest('required', 'roleIds');
      const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
      if (found.length !== roleIds.length) throw badRequest('invalidValue', 'roleIds');
    }
    if (input.audience === 'dealers') {
      if (!dealerIds.length) throw badRequest('required', 'dealerIds');
      const found = await db.select({ id: dealers.id }).from(dealers).where(inArray(dealers.id, dealerIds));
      if (found.length !== dealerIds.length) throw badRequest('invalidValue', 'dealerIds');
    }
    return { values: { title: input.title, content, audience: input.audience }, roleIds, dealerIds };
  }

  async function writeTargets(tx: Db, id: number, roleIds: number[], dealerIds: number[]) {
    await tx.delete(announcementTargets).where(eq(announcementTargets.announcementId, id));
    const rows = [...roleIds.map((refId) => ({ announcementId: id, kind: 'role', refId })), ...dealerIds.map((refId) => ({ announcementId: id, kind: 'dealer', refId }))];
    if (rows.length) await tx.insert(announcementTargets).values(rows);
  }

  return [
    defineRoute({
      method: 'POST', url: '/sys/announcement/selectByPage', tag, permission: Perm.announcement, body: pageBody.extend(announcementFilters.shape), answer: announcementPage,
      summary: 'Announcements for their administrators: a page, by title keyword and status, with recipients and read counts',
      handler: async ({ body }) => {
        const where = and(like(announcements.title, body.title), body.status ? eq(announcements.status, body.status) : undefined);
        const order = orderFrom(body.orderBy, {
          title: announcements.title, status: announcements.status, publishedAt: announcements.publishedAt, updatedAt: announcements.updatedAt,
        }, desc(announcements.updatedAt));
        const [list, [{ n }]] = await Promise.all([
          rowsOf(where, order, body.pageSize, offsetOf(body)),
          db.select({ n: count() }).from(announcements).where(where),
        ]);
        return pageAnswer(list, n, body);
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/audienceOptions', tag, permission: Perm.announcement, answer: audienceOptions,
      summary: 'Roles and dealers an announcement can be addressed to',
      handler: async (): Promise<AudienceOptions> => ({
        roles: await db.select({ id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn }).from(roles).orderBy(asc(roles.id)),
        dealers: await db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers).orderBy(asc(dealers.code)),
      }),
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/save', tag, permission: buttonPerm(Perm.announcement, 'add'), body: announcementInput, answer: idAnswer,
      summary: 'Writes a draft announcement: title, cleaned rich text and recipients',
      handler: async ({ body, user, req }) => {
        const { values, roleIds, dealerIds } = await prepare(body);
        return db.transaction(async (tx) => {
          const [row] = await tx.insert(announcements).values({ ...values, createdBy: user.id }).returning({ id: announcements.id });
          await writeTargets(tx, row.id, roleIds, dealerIds);
          await recordAudit(tx, actor(user, req.ip), { action: 'create', entity: ENTITY, entityId: row.id, after: { ...values, roleIds, dealerIds } });
          return { id: row.id };
        });
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/update', tag, permission: buttonPerm(Perm.announcement, 'edit'), body: announcementInput.extend(idBody.shape), answer: idAnswer,
      summary: 'Changes an announcement; a published one stays published and keeps who has read it',
      handler: async ({ body, user, req }) => {
        const before = await load(body.id);
        if (!before) throw notFound();
        const { values, roleIds, dealerIds } = await prepare(body);
        await db.transaction(async (tx) => {
          await tx.update(announcements).set({ ...values, updatedAt: new Date() }).where(eq(announcements.id, body.id));
          await writeTargets(tx, body.id, roleIds, dealerIds);
          await recordAudit(tx, actor(user, req.ip), { action: 'update', entity: ENTITY, entityId: body.id, before, after: { ...values, roleIds, dealerIds } });
        });
        return { id: body.id };
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/delete', tag, permission: buttonPerm(Perm.announcement, 'delete'), body: idsBody, answer: deletedAnswer,
      summary: 'Deletes announcements, with their recipients and read marks',
      handler: async ({ body, user, req }) => {
        const ids = [...new Set(body.ids)];
        const rows = await rowsOf(inArray(announcements.id, ids), undefined, ids.length);
        if (rows.length !== ids.length) throw notFound();
        await db.transaction(async (tx) => {
          await tx.delete(announcements).where(inArray(announcements.id, ids));
          await recordAudit(tx, actor(user, req.ip), rows.map((r) => ({ action: 'delete', entity: ENTITY, entityId: r.id, before: r })));
        });
        return { deleted: ids.length };
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/publish', tag, permission: buttonPerm(Perm.announcement, 'edit'), body: idBody, answer: publishAnswer,
      summary: 'Publishes an announcement to its recipients (publishing a published one changes nothing)',
      handler: async ({ body, user, req }) => {
        const before = await load(body.id);
        if (!before) throw notFound();
        if (before.status === 'published') return { id: body.id, publishedAt: before.publishedAt };
        const publishedAt = new Date();
        await db.transaction(async (tx) => {
          await tx.update(announcements).set({ status: 'published', publishedAt, updatedAt: publishedAt }).where(eq(announcements.id, body.id));
          await recordAudit(tx, actor(user, req.ip), {
            action: 'publish', entity: ENTITY, entityId: body.id, before: { status: before.status }, after: { status: 'published', publishedAt },
          });
        });
        return { id: body.id, publishedAt: publishedAt.toISOString() };
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/inbox', tag, permission: 'session', body: inboxBody, answer: inboxPage,
      summary: 'The signed-in user\'s published announcements (to all, a role of theirs, or their dealer), unread first',
      handler: async ({ body: page, user }) => {
        const where = and(eq(announcements.status, 'published'), addressedTo(user), page.unreadOnly ? isNull(announcementReads.userId) : undefined);
        const [rows, [{ n }]] = await Promise.all([
          db.select({
            id: announcements.id, title: announcements.title, content: announcements.content, publishedAt: announcements.publishedAt,
            readAt: announcementReads.readAt,
          }).from(announcements).leftJoin(announcementReads, readBy(user.id)).where(where)
            .orderBy(sql`${announcementReads.readAt} is null desc`, desc(announcements.publishedAt), desc(announcements.id))
            .limit(page.pageSize).offset(offsetOf(page)),
          db.select({ n: count() }).from(announcements).leftJoin(announcementReads, readBy(user.id)).where(where),
        ]);
        const list: InboxItem[] = rows.map((r) => ({
          id: r.id, title: r.title, content: r.content, publishedAt: must(r.publishedAt, `announcement ${r.id}'s publication time`).toISOString(),
          read: r.readAt !== null, readAt: r.readAt?.toISOString() ?? null,
        }));
        return pageAnswer(list, n, page);
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/unreadCount', tag, permission: 'session', answer: unreadCountAnswer,
      summary: 'How many published announcements addressed to the signed-in user are unread (the message icon\'s badge)',
      handler: async ({ user }) => {
        const [{ n }] = await db.select({ n: count() }).from(announcements).leftJoin(announcementReads, readBy(user.id))
          .where(and(eq(announcements.status, 'published'), addressedTo(user), isNull(announcementReads.userId)));
        return { count: n };
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/announcement/read', tag, permission: 'session', body: idBody, answer: readAnswer,
      summary: 'Marks an announcement read for the signed-in user (404 unless it is published and addressed to them)',
      handler: async ({ body, user, req }) => {
        const [hit] = await db.select({ id: announcements.id }).from(announcements)
          .where(and(eq(announcements.id, body.id), eq(announcements.status, 'published'), addressedTo(user)));
        if (!hit) throw notFound();
        await db.transaction(async (tx) => {
          const inserted = await tx.insert(announcementReads).values({ announcementId: body.id, userId: user.id }).onConflictDoNothing()
            .returning({ readAt: announcementReads.readAt });
          if (inserted.length) await recordAudit(tx, actor(user, req.ip), { action: 'read', entity: ENTITY, entityId: body.id });
        });
        return { id: body.id, read: true };
      },
    }),
  ];
}
