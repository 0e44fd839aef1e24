import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { deletedAnswer, idAnswer } from '../../../shared/api/envelope';
import {
  shareRolesAnswer, VIEW_PATHS, viewIdBody, viewListAnswer, viewListBody, viewSaveBody, viewUpdateBody,
  type SavedViewRow, type ViewListAnswer,
} from '../../../shared/api/savedViews';
import { pageByRoute, type PlacedPage } from '../../../shared/pages';
import { isUniqueViolation } from '../../db/pgErrors';
import { roles, savedViews, userRoles, users, viewSubscriptions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessionStore';
import { userGrants } from '../../platform/sessionStore';
import type { Db } from '../../db/client';
import type { Services } from '../../services';
import { mailConfigured } from './mailSettings';
import { subscriptionOf } from './schedule';

const ENTITY = 'savedView';
const tag = 'savedViews';

/** Whether a page's views can be mailed: a report's (its xlsx) or the dashboards page's. */
export const subscribable = (page: PlacedPage) => page.kind === 'report' || page.kind === 'dashboard';

/**
 * The page a view belongs to, when the caller may read it: its own read permission, the same the
 * page's calls ask for. Anything else is not found, so a view's existence says nothing.
 */
export async function readablePage(db: Db, userId: number, path: string): Promise<PlacedPage> {
  const page = pageByRoute(path);
  if (!page) throw notFound();
  const { perms } = await userGrants(db, userId);
  if (!perms.includes(page.perm)) throw forbidden();
  return page;
}

const roleIdsOf = async (db: Db, userId: number) =>
  (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.id);

/**
 * Saved views (docs/views-and-subscriptions.md): a user's own views of a list, report or dashboard,
 * and those shared with one of the user's roles, read-only. Every call needs the page's own read
 * permission; writes are the owner's alone and audited.
 */
export function savedViewRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });

  /** The caller's own view, locked for the write; another's or a missing one is not found. */
  async function ownView(tx: Db, user: SessionUser, id: number) {
    const [row] = await tx.select().from(savedViews).where(eq(savedViews.id, id)).for('update');
    if (!row) throw notFound();
    if (row.ownerId !== user.id) {
      // A view shared with the caller is theirs to read, not to change; any other is not there for them.
      const mine = await roleIdsOf(tx, user.id);
      if (row.sharedRoleId != null && mine.includes(row.sharedRoleId)) throw forbidden();
      throw notFound();
    }
    await readablePage(tx, user.id, row.page);
    return row;
  }

  /** Only the caller's own roles, or any role for staff (a dealer's user shares within its own). */
  async function checkShare(user: SessionUser, roleId: number | null | undefined) {
    if (roleId == null) return;
    const allowed = user.dealerId == null ? (await db.select({ id: roles.id }).from(roles)).map((r) => r.id) : await roleIdsOf(db, user.id);
    if (!allowed.includes(roleId)) throw notFound();
  }

  const write = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } catch (err) {
      if (isUniqueViolation(err, 'saved_views_owner_name_idx')) throw conflict('viewNameTaken', 'name');
      throw err;
    }
  };

  return [
    defineRoute({
      method: 'POST', url: VIEW_PATHS.list, tag, permission: 'session', body: viewListBody, answer: viewListAnswer,
      summary: 'The caller\'s saved views of a page and those shared with one of the caller\'s roles (read-only), with the caller\'s subscriptions',
      handler: async ({ body, user }): Promise<ViewListAnswer> => {
        const page = await readablePage(db, user.id, body.page);
        const mine = await roleIdsOf(db, user.id);
        const rows = await db.select({
          id: savedViews.id, page: savedViews.page, name: savedViews.name, query: savedViews.query, sharedRoleId: savedViews.sharedRoleId,
          ownerId: savedViews.ownerId, ownerName: users.nickName, updatedAt: savedViews.updatedAt, roleName: roles.name, roleNameEn: roles.nameEn,
        }).from(savedViews)
          .innerJoin(users, eq(users.id, savedViews.ownerId))
          .leftJoin(roles, eq(roles.id, savedViews.sharedRoleId))
          .where(and(eq(savedViews.page, body.page), or(
            eq(savedViews.ownerId, user.id),
            mine.length ? inArray(savedViews.sharedRoleId, mine) : sql`false`,
          )))
          .orderBy(sql`${savedViews.ownerId} <> ${user.id}`, savedViews.name);
        const subs = rows.length
          ? await db.select().from(viewSubscriptions).where(and(eq(viewSubscriptions.userId, user.id), inArray(viewSubscriptions.viewId, rows.map((r) => r.id))))
          : [];
        const views: SavedViewRow[] = rows.map((r) => {
          const sub = subs.find((s) => s.viewId === r.id);
          return {
            id: r.id, page: r.page, name: r.name, query: r.query, sharedRoleId: r.sharedRoleId,
            sharedRoleName: r.roleName == null ? null : `${r.roleName} / ${r.roleNameEn}`,
            own: r.ownerId === user.id, ownerName: r.ownerName, updatedAt: r.updatedAt.toISOString(),
            subscription: sub ? subscriptionOf(sub) : null,
          };
        });
        return { views, mail: mailConfigured(services.config), subscribable: subscribable(page), timeZone: services.config.timeZone };
      },
    }),
    defineRoute({
      method: 'POST', url: VIEW_PATHS.roles, tag, permission: 'session', answer: shareRolesAnswer,
      summary: 'Roles the caller may share a view with: any role for staff, a dealer\'s user\'s own roles',
      handler: async ({ user }) => {
        const list = await db.select({ id: roles.id, name: roles.name, nameEn: roles.nameEn }).from(roles).orderBy(roles.id);
        if (user.dealerId == null) return list;
        const mine = await roleIdsOf(db, user.id);
        return list.filter((r) => mine.includes(r.id));
      },
    }),
    defineRoute({
      method: 'POST', url: VIEW_PATHS.save, tag, permission: 'session', body: viewSaveBody, answer: idAnswer,
      summary: 'Save the current view of a page under a name, optionally shared with a role',
      handler: async ({ body, user, req }) => {
        await readablePage(db, user.id, body.page);
        await checkShare(user, body.sharedRoleId);
        return write(() => db.transaction(async (tx) => {
          const values = { ownerId: user.id, page: body.page, name: body.name, query: body.query, sharedRoleId: body.sharedRoleId ?? null };
          const [row] = await tx.insert(savedViews).values(values).returning({ id: savedViews.id });
          await recordAudit(tx, actor(user, req.ip), { action: 'create', entity: ENTITY, entityId: row.id, after: values });
          return { id: row.id };
        }));
      },
    }),
    defineRoute({
      method: 'POST', url: VIEW_PATHS.update, tag, permission: 'session', body: viewUpdateBody, answer: idAnswer,
      summary: 'Rename a saved view, replace its query or change the role it is shared with (its owner only)',
      handler: async ({ body, user, req }) => {
        await checkShare(user, body.sharedRoleId);
        return write(() => db.transaction(async (tx) => {
          const before = await ownView(tx, user, body.id);
          const patch = {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.query !== undefined ? { query: body.query } : {}),
            ...(body.sharedRoleId !== undefined ? { sharedRoleId: body.sharedRoleId } : {}),
          };
          await tx.update(savedViews).set({ ...patch, updatedAt: new Date() }).where(eq(savedViews.id, body.id));
          await recordAudit(tx, actor(user, req.ip), {
            action: 'update', entity: ENTITY, entityId: body.id,
            before: { name: before.name, query: before.query, sharedRoleId: before.sharedRoleId }, after: patch,
          });
          return { id: body.id };
        }));
      },
    }),
    defineRoute({
      method: 'POST', url: VIEW_PATHS.remove, tag, permission: 'session', body: viewIdBody, answer: deletedAnswer,
      summary: 'Delete a saved view (its owner only), with every subscription to it',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const before = await ownView(tx, user, body.id);
        await tx.delete(savedViews).where(eq(savedViews.id, body.id));
        await recordAudit(tx, actor(user, req.ip), {
          action: 'delete', entity: ENTITY, entityId: body.id, before: { page: before.page, name: before.name, query: before.query, sharedRoleId: before.sharedRoleId },
        });
        return { deleted: 1 };
      }),
    }),
  ];
}
