import { and, count, eq, inArray, isNull, isNotNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { departmentDelete, departmentInput, departmentTreeAnswer, departmentUpdate, type DepartmentNode } from '../../../shared/api/department';
import { deletedAnswer, idAnswer } from '../../../shared/api/envelope';
import { Perm, buttonPerm } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { departments, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import { streamXlsx, type SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessionStore';
import { XLSX_FILE } from '../../http/rawAnswers';

type DepartmentRow = typeof departments.$inferSelect;

const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });

/** Departments as a tree sorted by orderNum, each with its own and its whole subtree's user count. */
export function departmentTree(rows: DepartmentRow[], userCounts: Map<number, number>): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>(rows.map((r) => [r.id, {
    id: r.id, parentId: r.parentId, name: r.name, orderNum: r.orderNum, createdAt: r.createdAt.toISOString(),
    userCount: userCounts.get(r.id) ?? 0, totalUserCount: 0, children: [],
  }]));
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId != null ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const finish = (list: DepartmentNode[]): number => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);
    let total = 0;
    for (const n of list) {
      n.totalUserCount = n.userCount + finish(n.children);
      total += n.totalUserCount;
    }
    return total;
  };
  finish(roots);
  return roots;
}

/** Ids of a department and every department below it. */
function subtreeOf(rows: Pick<DepartmentRow, 'id' | 'parentId'>[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parentId != null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const seen = new Set<number>();
  const stack = [id];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return seen;
}

/**
 * Locks every department row for the rest of the transaction: two moves checked at the
 * same time (A under B, B under A) would otherwise both pass and make a cycle.
 */
const lockAll = (tx: Db) => tx.select({ id: departments.id, parentId: departments.parentId }).from(departments).for('update');

/** Departments: the organisation tree users belong to. */
export function departmentRoutes({ db }: Services): RouteDef[] {
  const perm = Perm.department;
  const userCounts = async () => new Map(
    (await db.select({ id: users.departmentId, n: count() }).from(users).where(isNotNull(users.departmentId)).groupBy(users.departmentId))
      .flatMap((r) => (r.id === null ? [] : [[r.id, r.n] as const])),
  );
  const tree = async () => departmentTree(await db.select().from(departments), await userCounts());

  /** 409 naming `name` when a sibling already has the name. */
  async function assertUniqueName(tx: Db, parentId: number | null, name: string, excludeId?: number) {
    const [hit] = await tx.select({ n: count() }).from(departments).where(and(
      parentId == null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
      eq(departments.name, name),
      excludeId ? ne(departments.id, excludeId) : undefined,
    ));
    if (hit.n > 0) throw conflict('duplicate', 'name');
  }

  const columns: SheetColumn<DepartmentNode & { path: string }>[] = [
    { key: 'path', header: { 'zh-CN': '部门路径', 'en-US': 'Path' }, width: 36, value: (r) => r.path },
    { key: 'name', header: { 'zh-CN': '部门名称', 'en-US': 'Name' }, value: (r) => r.name },
    { key: 'orderNum', header: { 'zh-CN': '排序', 'en-US': 'Order' }, value: (r) => r.orderNum },
    { key: 'userCount', header: { 'zh-CN': '用户数', 'en-US': 'Users' }, value: (r) => r.userCount },
    { key: 'totalUserCount', header: { 'zh-CN': '含下级用户数', 'en-US': 'Users incl. sub-departments' }, value: (r) => r.totalUserCount },
  ];

  return [
    defineRoute({
      method: 'POST', url: '/sys/dept/tree', tag: 'department', permission: perm, body: z.object({}).loose().optional(), answer: departmentTreeAnswer,
      summary: 'Departments: the whole tree, sorted by orderNum, with user counts',
      handler: () => tree(),
    }),
    defineRoute({
      method: 'POST', url: '/sys/dept/save', tag: 'department', permission: buttonPerm(perm, 'add'), body: departmentInput, answer: idAnswer,
      summary: 'Departments: create a department (parentId null: top level); names are unique among siblings',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const all = await lockAll(tx);
        if (body.parentId != null && !all.some((d) => d.id === body.parentId)) throw badRequest('invalidValue', 'parentId');
        await assertUniqueName(tx, body.parentId, body.name);
        const [row] = await tx.insert(departments).values(body).returning();
        await recordAudit(tx, actor(user, req.ip), { action: 'create', entity: 'department', entityId: row.id, after: body });
        return { id: row.id };
      }),
    }),
    defineRoute({
      method: 'POST', url: '/sys/dept/update', tag: 'department', permission: buttonPerm(perm, 'edit'), body: departmentUpdate, answer: idAnswer,
      summary: 'Departments: rename, reorder or move a department (never under itself or a department below it)',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const { id, ...values } = body;
        const all = await lockAll(tx);
        const [before] = await tx.select().from(departments).where(eq(departments.id, id));
        if (!before) throw notFound();
        if (values.parentId != null) {
          if (!all.some((d) => d.id === values.parentId)) throw badRequest('invalidValue', 'parentId');
          if (subtreeOf(all, id).has(values.parentId)) throw badRequest('parentInvalid', 'parentId');
        }
        await assertUniqueName(tx, values.parentId, values.name, id);
        await tx.update(departments).set(values).where(eq(departments.id, id));
        await recordAudit(tx, actor(user, req.ip), { action: 'update', entity: 'department', entityId: id, before, after: values });
        return { id };
      }),
    }),
    defineRoute({
      method: 'POST', url: '/sys/dept/delete', tag: 'department', permission: buttonPerm(perm, 'delete'), body: departmentDelete, answer: deletedAnswer,
      summary: 'Departments: delete departments without sub-departments or users (a parent may go together with all its children)',
      handler: async ({ body, user, req }) => db.transaction(async (tx) => {
        const ids = [...new Set(body.ids)];
        const all = await lockAll(tx);
        if (ids.some((id) => !all.some((d) => d.id === id))) throw notFound();
        const doomed = new Set(ids);
        if (all.some((d) => d.parentId != null && doomed.has(d.parentId) && !doomed.has(d.id))) throw conflict('departmentHasChildren');
        const [held] = await tx.select({ n: count() }).from(users).where(inArray(users.departmentId, ids));
        if (held.n > 0) throw conflict('departmentHasUsers');
        const rows = await tx.delete(departments).where(inArray(departments.id, ids)).returning();
        await recordAudit(tx, actor(user, req.ip), rows.map((r) => ({ action: 'delete', entity: 'department', entityId: r.id, before: r })));
        return { deleted: rows.length };
      }),
    }),
    defineRoute({
      method: 'POST', url: '/sys/dept/export', tag: 'department', permission: buttonPerm(perm, 'export'), raw: XLSX_FILE,
      body: z.object({}).loose().optional(),
      summary: 'Departments: the tree as an xlsx file, one row per department in tree order, with its path',
      handler: async ({ lang, reply }) => {
        const rows: (DepartmentNode & { path: string })[] = [];
        const walk = (list: DepartmentNode[], prefix: string) => {
          for (const n of list) {
            const path = prefix ? `${prefix} / ${n.name}` : n.name;
            rows.push({ ...n, path });
            walk(n.children, path);
          }
        };
        walk(await tree(), '');
        async function* batches() { yield rows; }
        await streamXlsx(reply, `${lang === 'en-US' ? 'Departments' : '部门'}.xlsx`, lang, columns, batches());
      },
    }),
  ];
}
