import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordProblem } from '../../../shared/password';
import { Perm } from '../../../shared/permissions';
import { noData } from '../../../shared/api/envelope';
import { freezeAnswer, freezeBody, resetPasswordBody, userOptions, type UserOptions } from '../../../shared/api/users';
import { coercedRowId } from '../../../shared/api/rowId';
import { canonicalPage } from '../../../shared/pages';
import { inputSchemaOf } from '../../../shared/pages/schema';
import type { Db } from '../../db/client';
import { dealers, departments, roles, userRoles, users } from '../../db/schema';
import { ADMIN_ROLE } from '../../db/seed/builtins';
import { crudContext, type CrudContext } from '../../http/crud';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { allows, inScope } from '../../platform/dataScope';
import { hashPassword } from '../../platform/passwordHash';
import { revokeUserSessions } from '../../platform/sessionStore';

const ROUTE = '/system/permission/users';
const BASE = '/sys/user';
const TAG = 'users';
const ENTITY = 'user';
/**
 * Key of the transaction-scoped advisory lock every write that can take away an administrator
 * holds (freeze, delete, role change). Without it two administrators freezing each other at
 * the same moment would both see the other still standing and leave nobody to sign in.
 */
const ADMIN_GUARD_LOCK = 7_310_001;

/** Ids of the accounts that can still sign in and hold the administrator role; takes the guard lock. */
async function normalAdminIds(tx: Db): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`);
  const rows = await tx.selectDistinct({ id: users.id }).from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id)).innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.code, ADMIN_ROLE), eq(users.status, 'normal'), eq(users.kind, 'person')));
  return rows.map((r) => r.id);
}

/** Refuses a change that leaves no normal administrator: `losing` are the accounts that stop being one. */
async function guardLastAdmin(tx: Db, losing: number[]): Promise<void> {
  const admins = await normalAdminIds(tx);
  if (admins.some((id) => losing.includes(id)) && admins.every((id) => losing.includes(id))) throw conflict('lastAdmin');
}

/** A role sent twice is held once, as the call did before the page's move (a manifest list refuses a repeated record). */
const rolesOnce = (body: unknown) => (body && typeof body === 'object' && Array.isArray((body as { roleIds?: unknown }).roleIds)
  ? { ...body, roleIds: [...new Set((body as { roleIds: unknown[] }).roleIds)] } : body);
type Body = Record<string, unknown>;

/**
 * System › Users (permission `system:users`): the list, its form, sheets and filters are the
 * manifest's (src/shared/pages/system.ts); this module adds what an account is beyond its fields:
 * the last normal administrator stays (under ADMIN_GUARD_LOCK), nobody deletes or freezes their own
 * account, freezing ends the account's sessions, passwords are reset by their own call, and the
 * form's older options call.
 */
export function userRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const actor = (user: { id: number; userName: string }, ip: string) => ({ id: user.id, userName: user.userName, ip });
  // People only: service accounts are System › Service accounts' (serviceAccounts.ts).
  const scoped = (ctx: CrudContext) => and(eq(users.kind, 'person'), inScope(users.dealerId, ctx.scope.dealerIds));
  /** Every id must be a user the caller may see; answers them with their status. */
  async function visible(ctx: CrudContext, ids: number[]) {
    const rows = await db.select({ id: users.id, status: users.status }).from(users).where(and(inArray(users.id, ids), scoped(ctx)));
    if (rows.length !== ids.length) throw notFound();
    return rows;
  }
  // In the write's transaction: on the embedded database a query outside it would wait for it.
  const adminRoleId = async (tx: Db) => (await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE)))[0]?.id;

  const extraRoutes: RouteDef[] = [
    defineRoute({
      method: 'POST', url: `${BASE}/freeze`, tag: TAG, permission: Perm.userEdit, body: freezeBody, answer: freezeAnswer,
      summary: 'Users: freeze accounts (their sessions end, they cannot sign in) or unfreeze them',
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await crudContext(db, { user, lang, scope });
        const ids = [...new Set(body.ids)];
        const rows = await visible(ctx, ids);
        if (body.frozen && ids.includes(user.id)) throw conflict('notYourself');
        const status = body.frozen ? 'frozen' : 'normal';
        await db.transaction(async (tx) => {
          if (body.frozen) await guardLastAdmin(tx, ids);
          await tx.update(users).set({ status, updatedAt: new Date() }).where(inArray(users.id, ids));
          if (body.frozen) for (const id of ids) await revokeUserSessions(tx, id);
          await recordAudit(tx, actor(user, req.ip), rows.map((r) => ({
            action: body.frozen ? 'freeze' : 'unfreeze', entity: ENTITY, entityId: r.id, before: { status: r.status }, after: { status },
          })));
        });
        return { changed: ids.length };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/resetPassword`, tag: TAG, permission: Perm.userEdit, body: resetPasswordBody, answer: noData,
      summary: 'Users: set a new password for an account (the password rules); its sessions end and a login lock is lifted',
      handler: async ({ body, user, lang, req, scope }) => {
        // Your own password changes through changePassword, which asks for the old one.
        if (body.id === user.id) throw conflict('notYourself');
        const problem = passwordProblem(body.password);
        if (problem) throw badRequest(problem, 'password');
        await visible(await crudContext(db, { user, lang, scope }), [body.id]);
        const passwordHash = await hashPassword(body.password);
        await db.transaction(async (tx) => {
          await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, body.id));
          await revokeUserSessions(tx, body.id);
          await recordAudit(tx, actor(user, req.ip), { action: 'resetPassword', entity: ENTITY, entityId: body.id, after: { sessionsRevoked: true } });
        });
        return null;
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/options`, tag: TAG, permission: Perm.users, body: z.object({}).loose().optional(), answer: userOptions,
      summary: 'Users: the roles, departments and dealers (within the caller\'s scope) a user is given, as the first console chose them',
      handler: async ({ user, lang, scope }): Promise<UserOptions> => {
        const { scope: dataScope } = await crudContext(db, { user, lang, scope });
        const held = await db.select({ id: roles.id, name: roles.name, nameEn: roles.nameEn }).from(roles).orderBy(asc(roles.id));
        return {
          roles: held.map((r) => ({ id: r.id, name: lang === 'en-US' ? r.nameEn : r.name })),
          departments: await db.select({ id: departments.id, parentId: departments.parentId, name: departments.name }).from(departments)
            .orderBy(asc(departments.orderNum), asc(departments.id)),
          dealers: await db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers)
            .where(inScope(dealers.id, dataScope.dealerIds)).orderBy(asc(dealers.code)),
        };
      },
    }),
  ];

  const page = canonicalPage(ROUTE)!;
  return pageCrudRoutes(services, ROUTE, users, {
    input: z.preprocess(rolesOnce, inputSchemaOf(page)) as unknown as z.ZodType<Body>,
    updateInput: z.preprocess(rolesOnce, inputSchemaOf(page, 'update', { id: coercedRowId })) as unknown as z.ZodType<Body & { id: number }>,
    // The names the audit trail and the export's file have always had.
    entity: ENTITY,
    title: { 'zh-CN': '用户', 'en-US': 'Users' },
    defaultOrder: asc(users.id),
    // Rows carry the account, never its hash, sign-in state or console settings.
    fieldsOnly: true,
    rowScope: scoped,
    links: { roleIds: { table: userRoles, owner: userRoles.userId, target: userRoles.roleId, listedAs: 'roles' } },
    // A caller narrowed to some dealers manages those dealers' users only, never operator accounts.
    check: async (values, ctx, editingId) => {
      if (!allows(ctx.scope.dealerIds, values.dealerId as number | null)) throw badRequest('notInScope', 'dealerId');
      return editingId ? { updatedAt: new Date() } : undefined;
    },
    // The last normal administrator is neither deleted nor loses the role; the lock makes two such writes wait for each other.
    guardWrite: async (tx, write) => {
      if (write.action === 'delete') return guardLastAdmin(tx, write.ids);
      const admin = await adminRoleId(tx);
      if (!admin || !((write.input?.roleIds as number[] | undefined) ?? []).includes(admin)) await guardLastAdmin(tx, write.ids);
    },
    // Deleting your own account is refused (its sessions, roles and log-in records go with an account: foreign keys).
    inUse: async (ctx, ids) => (ids.includes(ctx.user.id) ? 'notYourself' : null),
    extraRoutes,
  });
}
