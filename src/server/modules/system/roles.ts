import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_ROLE_CODE, dataRulesAnswer, grantResourcesAnswer, grantResourcesBody, roleIdBody, roleOptions,
  roleResourceIds, roleResourceTree, saveDataRulesAnswer, saveDataRulesBody,
  type RoleDataRules, type RoleOptions, type RoleRow,
} from '../../../shared/api/role';
import type { Language } from '../../../shared/i18n/languages';
import type { GrantNode } from '../../../shared/menu';
import { Perm, buttonPerm } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { dealers, regions, resources, roleDataRules, roleResources, roles, userRoles, warehouses } from '../../db/schema';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessionStore';
import { getOrThrow } from '../../../shared/must';

const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });

/** The kinds of data rule a role holds, and the table each one refers to. */
const RULE_KINDS = [
  { kind: 'dealer', field: 'dealerIds', table: dealers, id: dealers.id },
  { kind: 'region', field: 'regionIds', table: regions, id: regions.id },
  { kind: 'warehouse', field: 'warehouseIds', table: warehouses, id: warehouses.id },
] as const;

/** The whole resource tree, labelled in the caller's language, sorted by orderNum. */
export function resourceTree(rows: (typeof resources.$inferSelect)[], lang: Language): GrantNode[] {
  const nodes = new Map<number, GrantNode>(rows.map((r) => [r.id, {
    id: r.id, parentId: r.parentId, type: r.type, label: lang === 'en-US' ? r.labelEn : r.label, perm: r.perm, children: [],
  }]));
  const order = new Map(rows.map((r) => [r.id, r.orderNum]));
  const roots: GrantNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId != null ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: GrantNode[]) => {
    list.sort((a, b) => getOrThrow(order, a.id, 'resource') - getOrThrow(order, b.id, 'resource') || a.id - b.id);
    list.forEach((n) => sort(n.children));
    return list;
  };
  return sort(roots);
}

/**
 * Roles: the list page, what each role grants (resources of the menu tree and button list)
 * and which data its holders see (data rules read by dataScopeOf).
 */
export function roleRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const base = '/sys/role';
  const edit = buttonPerm(Perm.roles, 'edit');
  const roleColumns = {
    id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn, type: roles.type, remark: roles.remark, createdAt: roles.createdAt,
  };
  // roles.id is the primary key, so grouping by it carries the other columns.
  const roleRows = (where: SQL | undefined) =>
    db.select({ ...roleColumns, userCount: count(userRoles.userId) }).from(roles)
      .leftJoin(userRoles, eq(userRoles.roleId, roles.id)).where(where).groupBy(roles.id);
  const toRow = (r: Awaited<ReturnType<typeof roleRows>>[number]): RoleRow => ({ ...r, createdAt: r.createdAt.toISOString() });
  const loadRole = async (id: number): Promise<RoleRow | undefined> => (await roleRows(eq(roles.id, id))).map(toRow)[0];
  const mustLoad = async (id: number) => {
    const role = await loadRole(id);
    if (!role) throw notFound();
    return role;
  };
  /** Locks the role row, so two saves of one role's grants or rules cannot interleave their delete and insert. */
  const lockRole = (tx: Db, id: number) => tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');

  const extraRoutes: RouteDef[] = [
    defineRoute({
      method: 'POST', url: `${base}/resourceTree`, tag: 'role', permission: Perm.roles, body: z.object({}).loose().optional(), answer: roleResourceTree,
      summary: 'Roles: the whole resource tree (sections, groups, pages, buttons) in the caller\'s language, for the permission drawer',
      handler: async ({ lang }) => resourceTree(await db.select().from(resources), lang),
    }),
    defineRoute({
      method: 'POST', url: `${base}/resources`, tag: 'role', permission: Perm.roles, body: roleIdBody, answer: roleResourceIds,
      summary: 'Roles: ids of the resources a role grants',
      handler: async ({ body }) => {
        await mustLoad(body.id);
        const rows = await db.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, body.id));
        return rows.map((r) => r.id).sort((a, b) => a - b);
      },
    }),
    defineRoute({
      method: 'POST', url: `${base}/grantResources`, tag: 'role', permission: edit, body: grantResourcesBody, answer: grantResourcesAnswer,
      summary: 'Roles: replaces the resources a role grants (the ancestors of each are granted too); holders see the change at their next getCurrentUserInfo',
      handler: async ({ body, user, req }) => {
        const role = await mustLoad(body.id);
        if (role.code === ADMIN_ROLE_CODE) throw badRequest('adminRoleFixed', 'id');
        const all = await db.select({ id: resources.id, parentId: resources.parentId, perm: resources.perm }).from(resources);
        const byId = new Map(all.map((r) => [r.id, r]));
        const unknown = body.resourceIds.findIndex((id) => !byId.has(id));
        if (unknown >= 0) throw badRequest('invalidValue', `resourceIds.${unknown}`);
        // A button or page granted without its page, group or section would be unreachable.
        const granted = new Set<number>();
        for (const id of body.resourceIds) {
          for (let r = byId.get(id); r && !granted.has(r.id); r = r.parentId != null ? byId.get(r.parentId) : undefined) granted.add(r.id);
        }
        const ids = [...granted].sort((a, b) => a - b);
        const permsOf = (list: number[]) => list.map((id) => byId.get(id)?.perm).filter(Boolean).sort();
        await db.transaction(async (tx) => {
          await lockRole(tx, role.id);
          const before = (await tx.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, role.id))).map((r) => r.id);
          await tx.delete(roleResources).where(eq(roleResources.roleId, role.id));
          if (ids.length) await tx.insert(roleResources).values(ids.map((resourceId) => ({ roleId: role.id, resourceId })));
          await recordAudit(tx, actor(user, req.ip), {
            action: 'grant', entity: 'role_resources', entityId: role.id, before: { perms: permsOf(before) }, after: { perms: permsOf(ids) },
          });
        });
        return { id: role.id, resourceIds: ids };
      },
    }),
    defineRoute({
      method: 'POST', url: `${base}/dataRules`, tag: 'role', permission: Perm.roles, body: roleIdBody, answer: dataRulesAnswer,
      summary: 'Roles: the dealers, regions and warehouses whose data the role\'s holders see',
      handler: async ({ body }): Promise<RoleDataRules> => {
        await mustLoad(body.id);
        return rulesOf(db, body.id);
      },
    }),
    defineRoute({
      method: 'POST', url: `${base}/saveDataRules`, tag: 'role', permission: edit, body: saveDataRulesBody, answer: saveDataRulesAnswer,
      summary: 'Roles: replaces the data rules of a role (none: the role does not narrow what its holders see)',
      handler: async ({ body, user, req }) => {
        const role = await mustLoad(body.id);
        if (role.code === ADMIN_ROLE_CODE) throw badRequest('adminRoleFixed', 'id');
        const wanted: { kind: string; refId: number }[] = [];
        for (const k of RULE_KINDS) {
          const ids = [...new Set(body[k.field])];
          if (ids.length) {
            const found = new Set((await db.select({ id: k.id }).from(k.table).where(inArray(k.id, ids))).map((r) => r.id));
            const missing = body[k.field].findIndex((id) => !found.has(id));
            if (missing >= 0) throw badRequest('invalidValue', `${k.field}.${missing}`);
          }
          wanted.push(...ids.map((refId) => ({ kind: k.kind, refId })));
        }
        const after = await db.transaction(async (tx) => {
          await lockRole(tx, role.id);
          const before = await rulesOf(tx, role.id);
          await tx.delete(roleDataRules).where(eq(roleDataRules.roleId, role.id));
          if (wanted.length) await tx.insert(roleDataRules).values(wanted.map((w) => ({ roleId: role.id, ...w })));
          const now = await rulesOf(tx, role.id);
          await recordAudit(tx, actor(user, req.ip), { action: 'update', entity: 'role_data_rules', entityId: role.id, before, after: now });
          return now;
        });
        return { id: role.id, ...after };
      },
    }),
    defineRoute({
      method: 'POST', url: `${base}/options`, tag: 'role', permission: Perm.roles, body: z.object({}).loose().optional(), answer: roleOptions,
      summary: 'Roles: the dealers, regions and warehouses a data rule can name',
      handler: async ({ lang }): Promise<RoleOptions> => {
        const [dealerRows, regionRows, warehouseRows] = await Promise.all([
          db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers).orderBy(asc(dealers.code)),
          db.select({ id: regions.id, name: regions.name, nameEn: regions.nameEn }).from(regions).orderBy(asc(regions.id)),
          db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId }).from(warehouses).orderBy(asc(warehouses.code)),
        ]);
        return {
          dealers: dealerRows,
          regions: regionRows.map((r) => ({ id: r.id, name: lang === 'en-US' ? r.nameEn : r.name })),
          warehouses: warehouseRows,
        };
      },
    }),
  ];

  // Declared in the manifest (src/shared/pages/system.ts); its own: each role's count of users, the built-in administrator
  // keeps its code (ensureBuiltIns finds it by code at every start) and is never deleted, a role held by users is not
  // deleted, the order, and the grants and data rules above.
  return pageCrudRoutes(services, '/system/permission/role', roles, {
    tag: 'role', entity: 'role',
    list: (_ctx, where, order, limit, offset) => roleRows(where).orderBy(...order).limit(limit).offset(offset),
    load: async (_ctx, id) => (await roleRows(eq(roles.id, id)))[0],
    defaultOrder: asc(roles.id),
    check: async (v, _ctx, editingId) => {
      if (editingId !== undefined && v.code !== ADMIN_ROLE_CODE && (await loadRole(editingId))?.code === ADMIN_ROLE_CODE) throw badRequest('adminRoleFixed', 'code');
    },
    inUse: async (_ctx, ids) => {
      const rows = await db.select({ code: roles.code }).from(roles).where(inArray(roles.id, ids));
      if (rows.some((r) => r.code === ADMIN_ROLE_CODE)) return 'adminRoleFixed';
      const [held] = await db.select({ n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids));
      return held.n > 0 ? 'roleInUse' : null;
    },
    extraRoutes,
  });
}

async function rulesOf(db: Db, roleId: number): Promise<RoleDataRules> {
  const rows = await db.select({ kind: roleDataRules.kind, refId: roleDataRules.refId }).from(roleDataRules)
    .where(eq(roleDataRules.roleId, roleId)).orderBy(asc(roleDataRules.refId));
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.refId);
  return { dealerIds: of('dealer'), regionIds: of('region'), warehouseIds: of('warehouse') };
}
