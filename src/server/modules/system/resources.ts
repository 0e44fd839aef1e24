import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHILD_TYPE, PARENT_TYPE, PATH_SEGMENT_PATTERN, SECTION_PATH_PATTERN, resourceInput, resourceTreeAnswer, resourceUpdate,
} from '../../../shared/api/resource';
import { deletedAnswer, idAnswer } from '../../../shared/api/envelope';
import type { EditorNode } from '../../../shared/menu';
import { Perm, buttonPerm } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { resources, roleResources, roles } from '../../db/schema';
import { ADMIN_ROLE, builtInResources } from '../../db/seed/builtins';
import { badRequest, conflict, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessionStore';
import { coercedRowId } from '../../../shared/api/rowId';

type Row = typeof resources.$inferSelect;
type Input = z.output<typeof resourceInput>;

let builtInPerms: Set<string> | undefined;
/** Codes of the release's own tree (src/server/db/seed/menu.ts): the pages and buttons the console is built around. */
const isBuiltIn = (perm: string) => (builtInPerms ??= new Set(builtInResources().map((r) => r.perm))).has(perm);

/** Fields of a built-in node the editor may not change: the registry, route table and permission checks rely on them. */
const LOCKED_FIELDS = ['type', 'parentId', 'path', 'perm'] as const;

function toTree(rows: Row[]): EditorNode[] {
  const nodes = new Map<number, EditorNode>(rows.map((r) => [r.id, { ...r, builtIn: isBuiltIn(r.perm), children: [] }]));
  const roots: EditorNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId != null ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: EditorNode[]) => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/**
 * The rules of the one tree (docs/product.md#permissions): a section has no parent and an
 * absolute path; a group sits under a section, a page under a group, a button under a
 * page; siblings do not share a path; permission codes are unique. Returns the values to
 * store. Runs inside the write's transaction, so two editors cannot both pass the checks.
 */
async function checkedValues(tx: Db, input: Input, id?: number) {
  const wantedParent = PARENT_TYPE[input.type];
  if (wantedParent === null) {
    if (input.parentId !== null) throw badRequest('parentTypeInvalid', 'parentId');
  } else {
    if (input.parentId === null) throw badRequest('required', 'parentId');
    const [parent] = await tx.select({ id: resources.id, type: resources.type }).from(resources).where(eq(resources.id, input.parentId));
    if (!parent) throw badRequest('invalidValue', 'parentId');
    if (id !== undefined && (await subtreeIds(tx, id)).has(parent.id)) throw badRequest('parentInvalid', 'parentId');
    if (parent.type !== wantedParent) throw badRequest('parentTypeInvalid', 'parentId');
  }

  let path = input.path;
  if (input.type === 'button') path = '';
  else if (!path) throw badRequest('required', 'path');
  else if (!(input.type === 'section' ? SECTION_PATH_PATTERN : PATH_SEGMENT_PATTERN).test(path)) throw badRequest('invalidValue', 'path');

  if (id !== undefined) {
    const children = await tx.selectDistinct({ type: resources.type }).from(resources).where(eq(resources.parentId, id));
    if (children.some((c) => c.type !== CHILD_TYPE[input.type])) throw badRequest('parentTypeInvalid', 'type');
  }

  const notSelf = id !== undefined ? ne(resources.id, id) : undefined;
  if (path) {
    const sameParent = input.parentId === null ? isNull(resources.parentId) : eq(resources.parentId, input.parentId);
    const [siblings] = await tx.select({ n: count() }).from(resources).where(and(sameParent, eq(resources.path, path), notSelf));
    if (siblings.n > 0) throw conflict('duplicate', 'path');
  }
  const [samePerm] = await tx.select({ n: count() }).from(resources).where(and(eq(resources.perm, input.perm), notSelf));
  if (samePerm.n > 0) throw conflict('duplicate', 'perm');

  return { ...input, path };
}

/** The node and everything below it. */
async function subtreeIds(tx: Db, id: number): Promise<Set<number>> {
  const rows = await tx.select({ id: resources.id, parentId: resources.parentId }).from(resources);
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parentId != null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const found = new Set<number>();
  const stack = [id];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });

/**
 * The resource editor (System › Resources): the whole menu and button tree, and its changes.
 * Menus are read from this table at every getCurrentUserInfo, so an edit shows at the
 * user's next load of the console.
 */
export function resourceRoutes({ db }: Services) {
  const tag = 'resource';
  const ENTITY = 'resource';
  return [
    defineRoute({
      method: 'POST', url: '/sys/resource/tree', tag, permission: Perm.resources, answer: resourceTreeAnswer,
      summary: 'Every resource node (sections, groups, pages, buttons) as one tree sorted by orderNum, with its built-in flag',
      handler: async () => toTree(await db.select().from(resources)),
    }),
    defineRoute({
      method: 'POST', url: '/sys/resource/save', tag, permission: buttonPerm(Perm.resources, 'add'), body: resourceInput, answer: idAnswer,
      summary: 'Adds a node under its parent; the administrator role is granted it at once',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const values = await checkedValues(tx, body);
        const [row] = await tx.insert(resources).values(values).returning();
        const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
        if (admin) await tx.insert(roleResources).values({ roleId: admin.id, resourceId: row.id }).onConflictDoNothing();
        await recordAudit(tx, actor(user, req.ip), { action: 'create', entity: ENTITY, entityId: row.id, after: row });
        return { id: row.id };
      }),
    }),
    defineRoute({
      method: 'POST', url: '/sys/resource/update', tag, permission: buttonPerm(Perm.resources, 'edit'), body: resourceUpdate, answer: idAnswer,
      summary: 'Changes a node; a built-in node keeps its type, parent, path and code',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const { id, ...input } = body;
        const [before] = await tx.select().from(resources).where(eq(resources.id, id));
        if (!before) throw notFound();
        if (isBuiltIn(before.perm)) {
          const changed = LOCKED_FIELDS.find((f) => (before[f] ?? null) !== (f === 'path' && input.type === 'button' ? '' : input[f] ?? null));
          if (changed) throw conflict('resourceBuiltInLocked', changed);
        }
        const values = await checkedValues(tx, input, id);
        const [after] = await tx.update(resources).set(values).where(eq(resources.id, id)).returning();
        await recordAudit(tx, actor(user, req.ip), { action: 'update', entity: ENTITY, entityId: id, before, after });
        return { id };
      }),
    }),
    defineRoute({
      method: 'POST', url: '/sys/resource/delete', tag, permission: buttonPerm(Perm.resources, 'delete'), answer: deletedAnswer,
      body: z.object({ ids: z.array(coercedRowId).min(1).max(500) }),
      summary: 'Deletes nodes without children that are not built in; their grants go with them',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const ids = [...new Set(body.ids)];
        const rows = await tx.select().from(resources).where(inArray(resources.id, ids));
        if (rows.length !== ids.length) throw notFound();
        if (rows.some((r) => isBuiltIn(r.perm))) throw conflict('resourceBuiltIn');
        const [children] = await tx.select({ n: count() }).from(resources).where(inArray(resources.parentId, ids));
        if (children.n > 0) throw conflict('resourceHasChildren');
        await tx.delete(resources).where(inArray(resources.id, ids));
        await recordAudit(tx, actor(user, req.ip), rows.map((r) => ({ action: 'delete', entity: ENTITY, entityId: r.id, before: r })));
        return { deleted: ids.length };
      }),
    }),
  ];
}
