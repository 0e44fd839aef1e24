import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealers, resources, roleResources, roles, userRoles, users } from '../../src/server/db/schema';
import type { CurrentUserInfo } from '../../src/shared/api/session';
import type { MenuNode } from '../../src/shared/menu';
import { startTestServer, type TestServer } from './server';
import { addUser, expectErrorEnvelope, userRow } from './sessionSupport';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'staff', 'dealer1', 'dealer2']) tokens[name] = await server.login(name);
});
afterAll(async () => { await server?.stop(); });

const info = async (userName: string, lang?: string) => {
  const res = await server.call<CurrentUserInfo>('/sys/user/getCurrentUserInfo', { body: {}, token: tokens[userName], lang });
  expect(res.status, `${userName}: ${res.body?.msg}`).toBe(200);
  return res.body.data;
};

const edit = (token: string, body: unknown, lang?: string) =>
  server.call('/sys/user/editCurrentUser', { body, token, lang });

const ALL_SECTIONS = ['/system', '/basedata', '/ordermanage', '/reportQuery', '/intelligentAnalysis', '/monitoringManage', '/other'];

function walk(nodes: MenuNode[], visit: (node: MenuNode, depth: number) => void, depth = 0) {
  for (const n of nodes) {
    visit(n, depth);
    walk(n.children, visit, depth + 1);
  }
}

describe('getCurrentUserInfo', () => {
  it('admin gets all 7 sections in orderNum order, each with groups holding pages', async () => {
    const me = await info('admin');
    expect(me).toMatchObject({ userName: 'admin', nickName: '系统管理员', roles: ['admin'], dealerId: null, dealerName: null, theme: '' });
    expect(me.menuTree.map((s) => s.path)).toEqual(ALL_SECTIONS);
    for (const section of me.menuTree) {
      expect(section.type).toBe('section');
      expect(section.parentId).toBeNull();
      expect(section.redirectPath, section.path).toMatch(new RegExp(`^${section.path}/[^/]+/[^/]+$`));
      expect(section.children.length, section.path).toBeGreaterThan(0);
      for (const group of section.children) {
        expect(group.type).toBe('group');
        expect(group.parentId).toBe(section.id);
        expect(group.children.length, group.perm).toBeGreaterThan(0);
        for (const page of group.children) {
          expect(page.type).toBe('page');
          expect(page.parentId).toBe(group.id);
          expect(page.children).toEqual([]);
        }
      }
    }
    walk(me.menuTree, (node) => {
      const orders = node.children.map((c) => c.orderNum);
      expect(orders, node.perm).toEqual([...orders].sort((a, b) => a - b));
    });
    const system = me.menuTree[0];
    expect(system.children.map((g) => g.path)).toEqual(['permission', 'integration']);
    expect(system.children[0].children.map((p) => p.path)).toEqual(['users', 'role', 'department', 'resources', 'dictionary', 'announcement']);
  });

  it('the tree follows orderNum from the database, not the order rows were added', async () => {
    // Move "Other" to the front; an administrator can reorder sections in the resource editor.
    const [other] = await server.services.db.select().from(resources).where(eq(resources.perm, 'other'));
    await server.services.db.update(resources).set({ orderNum: 0 }).where(eq(resources.id, other.id));
    try {
      const me = await info('admin');
      expect(me.menuTree.map((s) => s.path)).toEqual(['/other', ...ALL_SECTIONS.filter((p) => p !== '/other')]);
    } finally {
      await server.services.db.update(resources).set({ orderNum: other.orderNum }).where(eq(resources.id, other.id));
    }
  });

  it('admin\'s buttonList holds every button code, e.g. system:users:add, and only button codes', async () => {
    const me = await info('admin');
    expect(me.buttonList).toEqual(expect.arrayContaining(['system:users:add', 'system:users:edit', 'system:users:delete', 'reportQuery:dayBalance:export']));
    const buttons = await server.services.db.select({ perm: resources.perm }).from(resources).where(eq(resources.type, 'button'));
    expect([...me.buttonList].sort()).toEqual(buttons.map((b) => b.perm).sort());
    for (const code of me.buttonList) expect(code.split(':')).toHaveLength(3);
    walk(me.menuTree, (node) => expect(me.buttonList).not.toContain(node.perm));
  });

  it('labels follow the language: "系统管理" in zh-CN (the default), "System" in en-US', async () => {
    const zh = await info('admin', 'zh-CN');
    const byDefault = await info('admin');
    const en = await info('admin', 'en-US');
    expect(zh.menuTree[0].label).toBe('系统管理');
    expect(byDefault.menuTree[0].label).toBe('系统管理');
    expect(en.menuTree[0].label).toBe('System');
    expect(en.menuTree[0].children[0].label).toBe('Permissions');
    expect(en.menuTree[0].children[0].children[0].label).toBe('Users');
    expect(zh.menuTree[0].children[0].children[0].label).toBe('用户管理');
    // Same tree, other words.
    const shape = (tree: MenuNode[]) => { const ids: number[] = []; walk(tree, (n) => ids.push(n.id)); return ids; };
    expect(shape(en.menuTree)).toEqual(shape(zh.menuTree));

    const byQuery = await server.call<CurrentUserInfo>('/sys/user/getCurrentUserInfo?lang=en-US', { body: {}, token: tokens.admin });
    expect(byQuery.body.data.menuTree[0].label).toBe('System');
  });

  it('staff gets no /system (nor /other) section and no ":delete" buttons', async () => {
    const me = await info('staff');
    expect(me.roles).toEqual(['staff']);
    const sections = me.menuTree.map((s) => s.path);
    expect(sections).toEqual(['/basedata', '/ordermanage', '/reportQuery', '/intelligentAnalysis', '/monitoringManage']);
    walk(me.menuTree, (n) => expect(n.perm.startsWith('system')).toBe(false));
    expect(me.buttonList.length).toBeGreaterThan(0);
    expect(me.buttonList.filter((b) => b.endsWith(':delete'))).toEqual([]);
    expect(me.buttonList.filter((b) => b.startsWith('system:'))).toEqual([]);
    expect(me.buttonList).toEqual(expect.arrayContaining(['basedata:brokerInfo:add', 'basedata:brokerInfo:edit', 'ordermanage:PRorder:export']));
  });

  it('dealer1 and dealer2 get fewer sections than admin, only groups with granted pages, and each their own dealer', async () => {
    const admin = await info('admin');
    const d1 = await info('dealer1');
    const d2 = await info('dealer2');
    for (const d of [d1, d2]) {
      expect(d.roles).toEqual(['dealer']);
      expect(d.menuTree.length).toBeLessThan(admin.menuTree.length);
      expect(d.menuTree.map((s) => s.path)).toEqual(['/basedata', '/ordermanage', '/reportQuery', '/intelligentAnalysis', '/monitoringManage']);
      walk(d.menuTree, (n) => { if (n.type !== 'page') expect(n.children.length, n.perm).toBeGreaterThan(0); });
      const pages: string[] = [];
      walk(d.menuTree, (n) => { if (n.type === 'page') pages.push(n.perm); });
      expect(pages).toContain('basedata:warehouse');
      expect(pages).not.toContain('basedata:brokerInfo');
      expect(pages).not.toContain('basedata:carInfo');
      expect(d.buttonList).toContain('basedata:warehouse:delete');
      expect(d.buttonList).not.toContain('basedata:brokerInfo:add');
      expect(d.buttonList).not.toContain('reportQuery:codeRetrospection:edit');
    }

    expect(d1.dealerId).not.toBeNull();
    expect(d2.dealerId).not.toBeNull();
    expect(d1.dealerId).not.toBe(d2.dealerId);
    expect(d1.dealerName).not.toBe(d2.dealerName);
    const [row1] = await server.services.db.select().from(dealers).where(eq(dealers.id, d1.dealerId!));
    const [row2] = await server.services.db.select().from(dealers).where(eq(dealers.id, d2.dealerId!));
    expect(d1.dealerName).toBe(row1.name);
    expect(d2.dealerName).toBe(row2.name);
    expect((await userRow(server, 'dealer1')).dealerId).toBe(d1.dealerId);
  });

  it('a page granted without its group and section still appears under them, and nothing else does', async () => {
    const db = server.services.db;
    const [role] = await db.insert(roles).values({ code: 'loginwatch', name: '登录审计', nameEn: 'Login audit' }).returning();
    const [page] = await db.select().from(resources).where(eq(resources.perm, 'monitoringManage:loginMonitor'));
    await db.insert(roleResources).values({ roleId: role.id, resourceId: page.id });
    const userId = await addUser(server, 'auditor', 'staff');
    await db.delete(userRoles).where(eq(userRoles.userId, userId));
    await db.insert(userRoles).values({ userId, roleId: role.id });

    const token = await server.login('auditor');
    const res = await server.call<CurrentUserInfo>('/sys/user/getCurrentUserInfo', { body: {}, token, lang: 'en-US' });
    expect(res.status).toBe(200);
    const tree = res.body.data.menuTree;
    expect(tree.map((s) => s.perm)).toEqual(['monitoringManage']);
    expect(tree[0].children.map((g) => g.perm)).toEqual(['monitoringManage:monitoring']);
    expect(tree[0].children[0].children.map((p) => [p.perm, p.label])).toEqual([['monitoringManage:loginMonitor', 'Login monitor']]);
    expect(res.body.data.buttonList).toEqual([]);
  });

  it('a user without any role gets an empty menu and no buttons, not an error', async () => {
    const userId = await addUser(server, 'norole', 'staff');
    await server.services.db.delete(userRoles).where(eq(userRoles.userId, userId));
    const token = await server.login('norole');
    const res = await server.call<CurrentUserInfo>('/sys/user/getCurrentUserInfo', { body: {}, token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userName: 'norole', roles: [], menuTree: [], buttonList: [] });
  });
});

describe('editCurrentUser', () => {
  const settings = JSON.stringify({
    theme: '#13c2c2', tagsView: true, fixedHeader: false, sidebarLogo: true, showSidebar: true,
    showTopTitle: false, showTopMenu: false, isHorizontal: false, customTheme: 'light',
  });

  it('stores the theme JSON string as sent, and getCurrentUserInfo gives it back in theme', async () => {
    const res = await edit(tokens.dealer2, { theme: settings });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: null });
    expect((await userRow(server, 'dealer2')).settings).toBe(settings);
    expect((await info('dealer2')).theme).toBe(settings);
    // Only the caller's own row changes.
    expect((await info('dealer1')).theme).not.toBe(settings);
  });

  it('a theme that is not JSON is refused with 400 "theme: ..." and nothing is stored', async () => {
    const before = (await userRow(server, 'staff')).settings;
    for (const theme of ['{"theme": "#1890ff"', 'dark', "{'a':1}"]) {
      const en = await edit(tokens.staff, { theme }, 'en-US');
      expectErrorEnvelope(en, 400);
      expect(en.body.msg).toBe('theme: Invalid value');
    }
    const zh = await edit(tokens.staff, { theme: 'not json' });
    expectErrorEnvelope(zh, 400);
    expect(zh.body.msg).toBe('theme: 取值无效');
    expect((await userRow(server, 'staff')).settings).toBe(before);
  });

  it('a theme over 2000 characters is refused with 400 "theme: At most 2000 characters"', async () => {
    const theme = JSON.stringify({ theme: '#1890ff', pad: 'x'.repeat(2000) });
    const res = await edit(tokens.staff, { theme }, 'en-US');
    expectErrorEnvelope(res, 400);
    expect(res.body.msg).toBe('theme: At most 2000 characters');
    expect((await userRow(server, 'staff')).settings).not.toBe(theme);
  });

  it('unknown fields are refused with 400 and nothing of the body is stored, not even a valid theme', async () => {
    const before = await userRow(server, 'staff');
    const cases: Record<string, unknown>[] = [
      { theme: settings, isAdmin: true },
      { theme: settings, status: 'normal' },
      { theme: settings, passwordHash: 'scrypt$1$1$1$x$y' },
      { theme: settings, dealerId: 1 },
    ];
    for (const body of cases) {
      const res = await edit(tokens.staff, body, 'en-US');
      expectErrorEnvelope(res, 400);
      const unknown = Object.keys(body).find((k) => k !== 'theme')!;
      expect(res.body.msg).toContain(unknown);
    }
    const after = await userRow(server, 'staff');
    expect(after).toEqual(before);
  });

  it('nickName, email and phone can be changed; a bad email or phone is refused naming the field', async () => {
    const ok = await edit(tokens.dealer1, { nickName: '陈伟', email: 'chen.wei@dealer.example', phone: '13912345678' });
    expect(ok.status).toBe(200);
    expect(await info('dealer1')).toMatchObject({ nickName: '陈伟', email: 'chen.wei@dealer.example', phone: '13912345678' });

    const email = await edit(tokens.dealer1, { email: 'not-an-email' }, 'en-US');
    expectErrorEnvelope(email, 400);
    expect(email.body.msg).toBe('email: Please enter the right email address');
    const phone = await edit(tokens.dealer1, { phone: '12345' }, 'en-US');
    expectErrorEnvelope(phone, 400);
    expect(phone.body.msg).toBe('phone: Please enter the right phone number');
    const nick = await edit(tokens.dealer1, { nickName: '' }, 'en-US');
    expectErrorEnvelope(nick, 400);
    expect(nick.body.msg).toBe('nickName: This input item is mandatory');

    const row = await userRow(server, 'dealer1');
    expect([row.nickName, row.email, row.phone]).toEqual(['陈伟', 'chen.wei@dealer.example', '13912345678']);

    // An empty email or phone clears it.
    expect((await edit(tokens.dealer1, { email: '', phone: '' })).status).toBe(200);
    const cleared = await userRow(server, 'dealer1');
    expect([cleared.email, cleared.phone]).toEqual([null, null]);
  });

  it('editCurrentUser needs a session: 401 without a token and nothing stored', async () => {
    const before = await server.services.db.select({ id: users.id, settings: users.settings }).from(users);
    const res = await server.call('/sys/user/editCurrentUser', { body: { theme: settings } });
    expectErrorEnvelope(res, 401);
    expect(await server.services.db.select({ id: users.id, settings: users.settings }).from(users)).toEqual(before);
  });
});
