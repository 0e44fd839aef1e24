import { and, asc, count, eq, exists, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Language } from '../../../shared/i18n/languages';
import { passwordProblem } from '../../../shared/password';
import { Perm } from '../../../shared/permissions';
import { deletedAnswer, idAnswer, noData } from '../../../shared/api/envelope';
import {
  freezeAnswer, freezeBody, resetPasswordBody, userCreateInput, userFilters, userOptions, userUpdateInput,
  type UserOptions, type UserRoleRef, type UserRow,
} from '../../../shared/api/users';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pgErrors';
import { dealers, departments, roles, userRoles, users } from '../../db/schema';
import { ADMIN_ROLE } from '../../db/seed/builtins';
import { crudContext, crudRoutes, type CrudContext } from '../../http/crud';
import { badRequest, conflict, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { allows, inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import { hashPassword } from '../../platform/passwordHash';
import { revokeUserSessions, type SessionUser } from '../../platform/sessionStore';
import { rowId } from '../../../shared/api/rowId';

type CreateInput = z.infer<typeof userCreateInput>;
type UpdateInput = z.infer<typeof userUpdateInput>;
/** A listed user as the server holds it: the answer's row with its timestamp still a Date. */
type ListedUser = Omit<UserRow, 'createdAt'> & { createdAt: Date };

const BASE = '/sys/user';
const TAG = 'users';
const ENTITY = 'user';
/**
 * Key of the transaction-scoped advisory lock every write that can take away an administrator
 * holds (freeze, delete, role change). Without it two administrators freezing each other at
 * the same moment would both see the other still standing and leave nobody to sign in.
 */
const ADMIN_GUARD_LOCK = 7_310_001;

const like = (column: PgColumn, text: string) => ilike(column, `%${text.replace(/[%_\\]/g, '\\$&')}%`);
const pad = (n: number) => String(n).padStart(2, '0');
/** Spec section 9: timestamps read 'year-month-day hours:minutes:seconds'. */
const stamp = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** Roles, departments and dealers (within the caller's scope) by id and by the names a sheet uses; read once per request. */
interface Refs {
  roles: { id: number; code: string; name: string; nameEn: string }[];
  departments: { id: number; parentId: number | null; name: string }[];
  dealers: { id: number; code: string; name: string }[];
}
const refsCache = new WeakMap<CrudContext, Promise<Refs>>();
function refsOf(ctx: CrudContext): Promise<Refs> {
  let refs = refsCache.get(ctx);
  if (!refs) {
    refs = (async () => ({
      roles: await ctx.db.select({ id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn }).from(roles).orderBy(asc(roles.id)),
      departments: await ctx.db.select({ id: departments.id, parentId: departments.parentId, name: departments.name }).from(departments)
        .orderBy(asc(departments.orderNum), asc(departments.id)),
      dealers: await ctx.db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers)
        .where(inScope(dealers.id, ctx.scope.dealerIds)).orderBy(asc(dealers.code)),
    }))();
    refsCache.set(ctx, refs);
  }
  return refs;
}

const roleName = (r: { name: string; nameEn: string }, lang: Language) => (lang === 'en-US' ? r.nameEn : r.name);

/** The referenced department, dealer and roles exist, and the dealer is one the caller may manage. */
async function checkRefs(ctx: CrudContext, input: UpdateInput): Promise<void> {
  const refs = await refsOf(ctx);
  if (input.departmentId != null && !refs.departments.some((d) => d.id === input.departmentId)) throw badRequest('invalidValue', 'departmentId');
  if (input.dealerId != null && !refs.dealers.some((d) => d.id === input.dealerId)) {
    const [known] = await ctx.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, input.dealerId));
    throw known ? badRequest('notInScope', 'dealerId') : badRequest('invalidValue', 'dealerId');
  }
  // A caller narrowed to some dealers manages those dealers' users only, never operator accounts.
  if (!allows(ctx.scope.dealerIds, input.dealerId)) throw badRequest('notInScope', 'dealerId');
  if (input.roleIds.some((id) => !refs.roles.some((r) => r.id === id))) throw badRequest('invalidValue', 'roleIds');
}

/** Column values of the user's own row (not its roles) from a create or update body. */
const rowValues = (input: UpdateInput) => ({
  userName: input.userName, nickName: input.nickName, email: input.email ?? null, phone: input.phone ?? null,
  departmentId: input.departmentId ?? null, dealerId: input.dealerId ?? null,
});

async function replaceRoles(tx: Db, userId: number, roleIds: number[]): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  const unique = [...new Set(roleIds)];
  if (unique.length) await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}

/** Ids of the accounts that can still sign in and hold the administrator role; call under the guard lock. */
async function normalAdminIds(tx: Db): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_GUARD_LOCK})`);
  const rows = await tx.selectDistinct({ id: users.id }).from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id)).innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.code, ADMIN_ROLE), eq(users.status, 'normal')));
  return rows.map((r) => r.id);
}

/** Refuses a change that leaves no normal administrator: `losing` are the accounts that stop being one. */
async function guardLastAdmin(tx: Db, losing: number[]): Promise<void> {
  const admins = await normalAdminIds(tx);
  if (admins.some((id) => losing.includes(id)) && admins.every((id) => losing.includes(id))) throw conflict('lastAdmin');
}

async function assertFreeUserName(tx: Db, userName: string, exceptId?: number): Promise<void> {
  const [hit] = await tx.select({ n: count() }).from(users).where(and(eq(users.userName, userName), exceptId ? ne(users.id, exceptId) : undefined));
  if (hit.n > 0) throw conflict('duplicate', 'userName');
}

/** A unique-index race (two saves of one name at once) still answers 409, and a row another table needs, 409 in use. */
async function translateConstraint<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('duplicate', 'userName');
    if (isForeignKeyViolation(err)) throw conflict('inUse');
    throw err;
  }
}

/** System › Users: accounts, their roles, freezing and password resets (permission `system:users`). */
export function userRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });

  const listColumns = {
    id: users.id, userName: users.userName, nickName: users.nickName, email: users.email, phone: users.phone,
    status: sql<UserRow['status']>`${users.status}`, dealerId: users.dealerId, dealerCode: dealers.code, dealerName: dealers.name,
    departmentId: users.departmentId, departmentName: departments.name, createdAt: users.createdAt,
  };

  async function list(ctx: CrudContext, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<ListedUser[]> {
    const rows = await db.select(listColumns).from(users)
      .leftJoin(dealers, eq(dealers.id, users.dealerId)).leftJoin(departments, eq(departments.id, users.departmentId))
      .where(where).orderBy(...order).limit(limit).offset(offset);
    if (!rows.length) return [];
    const held = await db.select({ userId: userRoles.userId, id: roles.id, name: roles.name, nameEn: roles.nameEn })
      .from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, rows.map((r) => r.id))).orderBy(asc(roles.id));
    const byUser = new Map<number, UserRoleRef[]>();
    for (const h of held) {
      const list = byUser.get(h.userId) ?? [];
      list.push({ id: h.id, name: roleName(h, ctx.lang) });
      byUser.set(h.userId, list);
    }
    return rows.map((r) => ({ ...r, roles: byUser.get(r.id) ?? [] }));
  }

  const scoped = (ctx: CrudContext) => inScope(users.dealerId, ctx.scope.dealerIds);
  const load = async (ctx: CrudContext, id: number) => (await list(ctx, and(eq(users.id, id), scoped(ctx)), [users.id], 1, 0))[0];

  /** Every id must be a user the caller may see; answers their rows. */
  async function loadAll(ctx: CrudContext, ids: number[]): Promise<ListedUser[]> {
    const rows = await list(ctx, and(inArray(users.id, ids), scoped(ctx)), [users.id], ids.length, 0);
    if (rows.length !== ids.length) throw notFound();
    return rows;
  }

  const snapshot = (row: ListedUser) => ({ ...row, roles: row.roles.map((r) => r.id) });

  const exportColumns: SheetColumn<ListedUser>[] = [
    { key: 'userName', header: { 'zh-CN': '用户名', 'en-US': 'User name' }, value: (r) => r.userName },
    { key: 'nickName', header: { 'zh-CN': '昵称', 'en-US': 'Nickname' }, value: (r) => r.nickName },
    { key: 'email', header: { 'zh-CN': '邮箱', 'en-US': 'E-mail' }, width: 28, value: (r) => r.email },
    { key: 'phone', header: { 'zh-CN': '手机号码', 'en-US': 'Mobile number' }, value: (r) => r.phone },
    { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
    { key: 'department', header: { 'zh-CN': '部门', 'en-US': 'Department' }, value: (r) => r.departmentName },
    { key: 'dealerCode', header: { 'zh-CN': '经销商编码', 'en-US': 'Dealer code' }, value: (r) => r.dealerCode },
    { key: 'dealerName', header: { 'zh-CN': '经销商', 'en-US': 'Dealer' }, width: 28, value: (r) => r.dealerName },
    { key: 'roles', header: { 'zh-CN': '角色', 'en-US': 'Roles' }, width: 28, value: (r) => r.roles.map((x) => x.name).join(', ') },
    { key: 'createdAt', header: { 'zh-CN': '创建时间', 'en-US': 'Created' }, width: 20, value: (r) => stamp(r.createdAt) },
  ];
  const byKey = (key: string) => exportColumns.find((c) => c.key === key)!;
  // The import sheet: an export's columns a new account needs, plus its first password.
  const importColumns: SheetColumn<ListedUser>[] = [
    byKey('userName'), byKey('nickName'),
    { key: 'password', header: { 'zh-CN': '初始密码', 'en-US': 'Password' }, value: () => null },
    byKey('email'), byKey('phone'), byKey('department'), byKey('dealerCode'), byKey('roles'),
  ];

  /** A sheet row as a create body: department by name, dealer by code, roles by name or code, separated by commas. */
  async function fromSheet(values: Record<string, string>, ctx: CrudContext) {
    const refs = await refsOf(ctx);
    let departmentId: number | null = null;
    if (values.department) {
      const hits = refs.departments.filter((d) => d.name === values.department);
      if (hits.length !== 1) throw badRequest('invalidValue', 'department');
      departmentId = hits[0].id;
    }
    let dealerId: number | null = null;
    if (values.dealerCode) {
      const hit = refs.dealers.find((d) => d.code.toUpperCase() === values.dealerCode.toUpperCase());
      if (!hit) throw badRequest('invalidValue', 'dealerCode');
      dealerId = hit.id;
    }
    const roleIds: number[] = [];
    for (const text of (values.roles ?? '').split(/[,，、;；]/).map((s) => s.trim()).filter(Boolean)) {
      const wanted = text.toLowerCase();
      const hit = refs.roles.find((r) => r.code.toLowerCase() === wanted || r.name === text || r.nameEn.toLowerCase() === wanted);
      if (!hit) throw badRequest('invalidValue', 'roles');
      roleIds.push(hit.id);
    }
    return {
      userName: values.userName, nickName: values.nickName, password: values.password, email: values.email, phone: values.phone,
      departmentId, dealerId, roleIds: [...new Set(roleIds)],
    };
  }

  /** Create and import: the rules the schema cannot say in the caller's language, then the hash. */
  async function createValues(input: CreateInput, ctx: CrudContext) {
    const problem = passwordProblem(input.password);
    if (problem) throw badRequest(problem, 'password');
    await checkRefs(ctx, input);
    return { ...rowValues(input), passwordHash: await hashPassword(input.password) };
  }

  const idShape = { id: rowId };
  const extraRoutes: RouteDef[] = [
    defineRoute({
      method: 'POST', url: `${BASE}/save`, tag: TAG, permission: Perm.userAdd, body: userCreateInput, answer: idAnswer,
      summary: 'Users: create an account with its first password and its roles',
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const values = await createValues(body, ctx);
        return translateConstraint(db.transaction(async (tx) => {
          await assertFreeUserName(tx, values.userName);
          const [row] = await tx.insert(users).values(values).returning({ id: users.id });
          await replaceRoles(tx, row.id, body.roleIds);
          await recordAudit(tx, actor(user, req.ip), {
            action: 'create', entity: ENTITY, entityId: row.id, after: { ...rowValues(body), roles: [...new Set(body.roleIds)] },
          });
          return { id: row.id };
        }));
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/update`, tag: TAG, permission: Perm.userEdit, body: userUpdateInput.extend(idShape), answer: idAnswer,
      summary: 'Users: change an account; its roles are replaced by those sent (the last administrator keeps the role)',
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const { id, ...input } = body;
        const before = await load(ctx, id);
        if (!before) throw notFound();
        await checkRefs(ctx, input);
        const values = rowValues(input);
        const adminRole = (await refsOf(ctx)).roles.find((r) => r.code === ADMIN_ROLE);
        await translateConstraint(db.transaction(async (tx) => {
          if (!adminRole || !input.roleIds.includes(adminRole.id)) await guardLastAdmin(tx, [id]);
          await assertFreeUserName(tx, values.userName, id);
          await tx.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
          await replaceRoles(tx, id, input.roleIds);
          await recordAudit(tx, actor(user, req.ip), {
            action: 'update', entity: ENTITY, entityId: id, before: snapshot(before), after: { ...values, roles: [...new Set(input.roleIds)] },
          });
        }));
        return { id };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/delete`, tag: TAG, permission: Perm.userDelete, body: z.object({ ids: freezeBody.shape.ids }), answer: deletedAnswer,
      summary: 'Users: delete accounts with their roles and sessions (never yourself, never the last administrator)',
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const ids = [...new Set(body.ids)];
        const rows = await loadAll(ctx, ids);
        if (ids.includes(user.id)) throw conflict('notYourself');
        await translateConstraint(db.transaction(async (tx) => {
          await guardLastAdmin(tx, ids);
          await tx.delete(users).where(inArray(users.id, ids));
          await recordAudit(tx, actor(user, req.ip), rows.map((r) => ({ action: 'delete', entity: ENTITY, entityId: r.id, before: snapshot(r) })));
        }));
        return { deleted: ids.length };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/freeze`, tag: TAG, permission: Perm.userEdit, body: freezeBody, answer: freezeAnswer,
      summary: 'Users: freeze accounts (their sessions end, they cannot sign in) or unfreeze them',
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const ids = [...new Set(body.ids)];
        const rows = await loadAll(ctx, ids);
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
      summary: 'Users: set a new password for an account (spec password rules); its sessions end and a login lock is lifted',
      handler: async ({ body, user, lang, req, scope }) => {
        // Your own password changes through changePassword, which asks for the old one.
        if (body.id === user.id) throw conflict('notYourself');
        const problem = passwordProblem(body.password);
        if (problem) throw badRequest(problem, 'password');
        const ctx = await ctxOf({ user, lang, scope });
        if (!(await load(ctx, body.id))) throw notFound();
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
      summary: 'Users: the roles, departments and dealers (within the caller\'s scope) the user form chooses from',
      handler: async ({ user, lang, scope }): Promise<UserOptions> => {
        const refs = await refsOf(await ctxOf({ user, lang, scope }));
        return {
          roles: refs.roles.map((r) => ({ id: r.id, name: roleName(r, lang) })),
          departments: refs.departments,
          dealers: refs.dealers,
        };
      },
    }),
  ];

  return crudRoutes<ListedUser, CreateInput, typeof userFilters>(services, {
    base: BASE, tag: TAG, pagePerm: Perm.users, entity: ENTITY,
    title: { 'zh-CN': '用户', 'en-US': 'Users' },
    table: users, id: users.id,
    filters: userFilters,
    input: userCreateInput,
    where: (f, ctx) => and(
      typeof f.keyword === 'string' && f.keyword.trim() ? or(like(users.userName, f.keyword.trim()), like(users.nickName, f.keyword.trim())) : undefined,
      f.status ? eq(users.status, f.status) : undefined,
      f.departmentId ? sql`${users.departmentId} in (with recursive sub(id) as (
        select id from departments where id = ${f.departmentId}
        union select d.id from departments d join sub on d.parent_id = sub.id) select id from sub)` : undefined,
      f.dealerId ? eq(users.dealerId, f.dealerId) : undefined,
      f.roleId ? exists(db.select({ one: sql`1` }).from(userRoles).where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, f.roleId)))) : undefined,
      scoped(ctx),
    ),
    list,
    count: async (_ctx, where) => (await db.select({ n: count() }).from(users).where(where))[0].n,
    load,
    sortable: {
      userName: users.userName, nickName: users.nickName, status: users.status, createdAt: users.createdAt,
      dealerName: dealers.name, departmentName: departments.name,
    },
    defaultOrder: asc(users.id),
    unique: [{ field: 'userName', column: users.userName }],
    toValues: createValues,
    columns: exportColumns,
    importColumns,
    fromSheet,
    afterImport: async (tx, imported) => {
      const rows = imported.flatMap(({ id, input }) => [...new Set(input.roleIds)].map((roleId) => ({ userId: id, roleId })));
      if (rows.length) await tx.insert(userRoles).values(rows);
    },
    ownRoutes: ['save', 'update', 'delete'],
    extraRoutes,
  });
}
