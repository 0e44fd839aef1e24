import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, resources, roleResources, roles } from '../../src/server/db/schema';
import type { CurrentUserInfo } from '../../src/shared/api/session';
import type { MenuNode } from '../../src/shared/menu';
import { startTestServer, type TestServer } from './server';
import type { EditorNode } from '../../src/shared/menu';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'staff', 'dealer1']) tokens[name] = await server.login(name);
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = tokens.admin) =>
  server.call<T>(`/sys/resource/${path}`, { body, token, lang: 'en-US' });

async function tree(): Promise<EditorNode[]> {
  const res = await call<EditorNode[]>('tree', {});
  expect(res.status).toBe(200);
  return res.body.data;
}

function find(nodes: EditorNode[] | MenuNode[], perm: string): (EditorNode & MenuNode) | undefined {
  for (const n of nodes as (EditorNode & MenuNode)[]) {
    if (n.perm === perm) return n;
    const hit = find(n.children, perm);
    if (hit) return hit;
  }
  return undefined;
}

const info = async (user: string, lang = 'en-US') =>
  (await server.call<CurrentUserInfo>('/sys/user/getCurrentUserInfo', { body: {}, token: tokens[user], lang })).body.data;

const rowsWithPerm = (perm: string) => server.services.db.select().from(resources).where(eq(resources.perm, perm));
const auditOf = (entityId: number) =>
  server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'resource'), eq(auditLogs.entityId, String(entityId))));

let permissionGroupId: number;
const page = (extra: Record<string, unknown> = {}) => ({
  parentId: permissionGroupId, type: 'page', label: '操作手册', labelEn: 'Manuals', path: 'manuals', icon: 'book', orderNum: 50, perm: 'system:manuals', ...extra,
});

describe('resource tree', () => {
  it('holds every node, buttons included, nested by type and sorted by orderNum, with built-in flags', async () => {
    const roots = await tree();
    expect(roots.map((s) => s.path)).toEqual(['/system', '/basedata', '/ordermanage', '/reportQuery', '/intelligentAnalysis', '/monitoringManage', '/other']);
    const system = roots[0];
    expect(system).toMatchObject({ type: 'section', parentId: null, builtIn: true, label: '系统管理', labelEn: 'System' });
    const group = system.children[0];
    permissionGroupId = group.id;
    expect(group).toMatchObject({ type: 'group', parentId: system.id, perm: 'system:permission' });
    expect(group.children.map((p) => p.path)).toEqual(['users', 'role', 'department', 'resources', 'dictionary', 'announcement']);
    const resourcesPage = find(roots, 'system:resources')!;
    expect(resourcesPage.children.map((b) => [b.type, b.perm])).toEqual([
      ['button', 'system:resources:add'], ['button', 'system:resources:edit'], ['button', 'system:resources:delete'],
    ]);
    const orders = group.children.map((c) => c.orderNum);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('staff and dealers get 403 on every call of the editor', async () => {
    for (const user of ['staff', 'dealer1']) {
      for (const path of ['tree', 'save', 'update', 'delete']) {
        expect((await call(path, {}, tokens[user])).status, `${user} ${path}`).toBe(403);
      }
    }
  });
});

describe('adding nodes', () => {
  it('adds a page and its button, grants both to the administrator role, audits them, and shows them in the next user info', async () => {
    const before = await info('admin');
    expect(find(before.menuTree, 'system:manuals')).toBeUndefined();

    const res = await call<{ id: number }>('save', page());
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    const button = await call<{ id: number }>('save', { parentId: id, type: 'button', label: '新增', labelEn: 'Add', path: 'ignored', perm: 'system:manuals:add' });
    expect(button.status, button.body.msg).toBe(200);

    const [stored] = await rowsWithPerm('system:manuals:add');
    expect(stored).toMatchObject({ parentId: id, type: 'button', path: '' });
    const [admin] = await server.services.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const grants = await server.services.db.select().from(roleResources)
      .where(and(eq(roleResources.roleId, admin.id), inArray(roleResources.resourceId, [id, button.body.data.id])));
    expect(grants).toHaveLength(2);
    expect((await auditOf(id)).map((a) => [a.action, a.userName])).toEqual([['create', 'admin']]);

    const me = await info('admin');
    expect(find(me.menuTree, 'system:manuals')).toMatchObject({ label: 'Manuals', path: 'manuals', icon: 'book', parentId: permissionGroupId });
    expect(me.buttonList).toContain('system:manuals:add');
    expect(find((await info('admin', 'zh-CN')).menuTree, 'system:manuals')!.label).toBe('操作手册');
    const staff = await info('staff');
    expect(find(staff.menuTree, 'system:manuals')).toBeUndefined();
    expect(staff.buttonList).not.toContain('system:manuals:add');
  });

  it('adds a section with an absolute path', async () => {
    const res = await call<{ id: number }>('save', { type: 'section', label: '帮助', labelEn: 'Help', path: '/help', icon: 'book', orderNum: 99, perm: 'help' });
    expect(res.status, res.body.msg).toBe(200);
    expect(find(await tree(), 'help')).toMatchObject({ type: 'section', parentId: null, builtIn: false, children: [] });
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['a missing label', { label: '' }, 'label: This input item is mandatory'],
    ['a label over 64 characters', { labelEn: 'x'.repeat(65) }, 'labelEn: At most 64 characters'],
    ['a missing code', { perm: undefined }, 'perm: This input item is mandatory'],
    ['a code with spaces', { perm: 'system: manuals' }, 'perm: Invalid value'],
    ['an unknown type', { type: 'folder' }, 'type: Invalid value'],
    ['a page without a path', { path: '' }, 'path: This input item is mandatory'],
    ['a page path with a slash', { path: 'a/b' }, 'path: Invalid value'],
    ['a page without a parent', { parentId: null }, 'parentId: This input item is mandatory'],
    ['a page under a section', { parentId: 'SECTION' }, 'parentId: Wrong parent: a section has none, a group belongs under a section, a page under a group, a button under a page'],
    ['a parent that does not exist', { parentId: 999999 }, 'parentId: Invalid value'],
    ['a section with a parent', { type: 'section', path: '/manuals' }, 'parentId: Wrong parent: a section has none, a group belongs under a section, a page under a group, a button under a page'],
    ['a section path without a slash', { type: 'section', parentId: null, path: 'manuals' }, 'path: Invalid value'],
    ['an unknown icon name pattern', { icon: 'Bad Icon' }, 'icon: Invalid value'],
    ['a relative redirect', { redirectPath: 'system' }, 'redirectPath: Invalid value'],
  ];
  for (const [what, change, msg] of refused) {
    it(`refuses ${what} with 400 naming the field, and writes nothing`, async () => {
      const system = (await tree())[0];
      const body = Object.fromEntries(Object.entries(page({ perm: 'system:refused', ...change })).map(([k, v]) => [k, v === 'SECTION' ? system.id : v]));
      const res = await call('save', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
      expect(await rowsWithPerm('system:refused')).toHaveLength(0);
    });
  }

  it('refuses a duplicate code and a duplicate path among siblings with 409 naming the field', async () => {
    const perm = await call('save', page({ path: 'other', perm: 'system:users' }));
    expect(perm.status).toBe(409);
    expect(perm.body.msg).toBe('perm: This value already exists');
    const path = await call('save', page({ path: 'users', perm: 'system:users2' }));
    expect(path.status).toBe(409);
    expect(path.body.msg).toBe('path: This value already exists');
    expect(await rowsWithPerm('system:users2')).toHaveLength(0);
  });
});

describe('editing nodes', () => {
  it('edits a built-in page\'s labels, icon, order and hidden flag, and the next user info shows them', async () => {
    const node = find(await tree(), 'system:dictionary')!;
    const res = await call('update', { ...node, label: '数据字典', labelEn: 'Data dictionary', icon: 'list', orderNum: 0, hidden: true });
    expect(res.status, res.body.msg).toBe(200);
    const me = await info('admin');
    const group = find(me.menuTree, 'system:permission')!;
    expect(group.children[0]).toMatchObject({ perm: 'system:dictionary', label: 'Data dictionary', icon: 'list', hidden: true });
    expect(find((await info('staff')).menuTree, 'system:dictionary')).toBeUndefined();
    const [audit] = await auditOf(node.id);
    expect(audit.action).toBe('update');
    expect(JSON.parse(audit.before!)).toMatchObject({ labelEn: 'Dictionaries' });
    expect(JSON.parse(audit.after!)).toMatchObject({ labelEn: 'Data dictionary' });
  });

  it('keeps a built-in node\'s type, parent, path and code (409 naming the field)', async () => {
    const node = find(await tree(), 'system:users')!;
    for (const [field, value] of [['path', 'people'], ['perm', 'system:people'], ['parentId', null], ['type', 'group']] as const) {
      const res = await call('update', { ...node, [field]: value });
      expect(res.status, field).toBe(409);
      expect(res.body.msg).toBe(`${field}: The type, parent, path and code of a built-in resource cannot be changed`);
    }
    const [row] = await rowsWithPerm('system:users');
    expect(row.path).toBe('users');
  });

  it('moves a page to another group, and refuses moving a node under itself or its descendants', async () => {
    const system = (await tree())[0];
    const group = await call<{ id: number }>('save', { parentId: system.id, type: 'group', label: '帮助', labelEn: 'Help', path: 'help', perm: 'system:help' });
    expect(group.status, group.body.msg).toBe(200);
    const manuals = find(await tree(), 'system:manuals')!;
    const moved = await call('update', { ...manuals, parentId: group.body.data.id });
    expect(moved.status, moved.body.msg).toBe(200);
    expect(find((await info('admin')).menuTree, 'system:help')!.children.map((c) => c.perm)).toEqual(['system:manuals']);

    const self = await call('update', { ...manuals, parentId: manuals.id });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('parentId: A node cannot be placed under itself or its descendants');
    const button = find(await tree(), 'system:manuals:add')!;
    const underChild = await call('update', { ...manuals, parentId: button.id });
    expect(underChild.status).toBe(400);
    expect(underChild.body.msg).toBe('parentId: A node cannot be placed under itself or its descendants');
    const [row] = await rowsWithPerm('system:manuals');
    expect(row.parentId).toBe(group.body.data.id);
  });

  it('refuses turning a node with children into a type its children cannot sit under', async () => {
    const manuals = find(await tree(), 'system:manuals')!;
    const res = await call('update', { ...manuals, type: 'group', parentId: (await tree())[0].id });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^type: Wrong parent/);
  });

  it('answers 404 for a node that does not exist', async () => {
    expect((await call('update', { ...page(), id: 999999 })).status).toBe(404);
    expect((await call('delete', { ids: [999999] })).status).toBe(404);
  });
});

describe('deleting nodes', () => {
  it('refuses a node with children and a built-in node (409), then deletes leaves with their grants, audited', async () => {
    const manuals = find(await tree(), 'system:manuals')!;
    const withChildren = await call('delete', { ids: [manuals.id] });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toBe('The resource has children and cannot be deleted');

    const builtIn = find(await tree(), 'system:dictionary:add')!;
    const refused = await call('delete', { ids: [builtIn.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('A built-in resource cannot be deleted');
    expect(await rowsWithPerm('system:dictionary:add')).toHaveLength(1);

    const button = find(await tree(), 'system:manuals:add')!;
    expect((await call('delete', { ids: [button.id] })).status).toBe(200);
    expect((await call('delete', { ids: [manuals.id] })).status).toBe(200);
    expect(await rowsWithPerm('system:manuals')).toHaveLength(0);
    expect(await server.services.db.select().from(roleResources).where(eq(roleResources.resourceId, manuals.id))).toHaveLength(0);
    expect((await auditOf(manuals.id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    const me = await info('admin');
    expect(find(me.menuTree, 'system:manuals')).toBeUndefined();
    expect(me.buttonList).not.toContain('system:manuals:add');
  });
});
