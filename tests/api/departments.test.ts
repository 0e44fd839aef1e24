import ExcelJS from 'exceljs';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, departments, users } from '../../src/server/db/schema';
import type { DepartmentNode } from '../../src/shared/api/department';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let staff: string;
let dealer: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  staff = await server.login('staff');
  dealer = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

const db = () => server.services.db;
const call = <T = unknown>(path: string, body: unknown, token = admin, lang = 'en-US') => server.call<T>(path, { body, token, lang });
const tree = async () => (await call<DepartmentNode[]>('/sys/dept/tree', {})).body.data;
const deptCount = async () => (await db().select({ n: count() }).from(departments))[0].n;
const byName = async (name: string) => (await db().select().from(departments).where(eq(departments.name, name)))[0];
const find = (nodes: DepartmentNode[], name: string): DepartmentNode | undefined => {
  for (const n of nodes) {
    if (n.name === name) return n;
    const hit = find(n.children, name);
    if (hit) return hit;
  }
  return undefined;
};
const auditOf = (id: number) =>
  db().select().from(auditLogs).where(and(eq(auditLogs.entity, 'department'), eq(auditLogs.entityId, String(id)))).orderBy(auditLogs.id);

async function create(name: string, parentId: number | null, orderNum = 0) {
  const res = await call<{ id: number }>('/sys/dept/save', { name, parentId, orderNum });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.id;
}

describe('department tree calls', () => {
  it('answers the whole tree sorted by orderNum, with each department\'s own and subtree user counts', async () => {
    const res = await call<DepartmentNode[]>('/sys/dept/tree', {});
    expect(res.status).toBe(200);
    const [hq] = res.body.data;
    expect(hq).toMatchObject({ name: '总部', parentId: null, userCount: 1, totalUserCount: 2 });
    expect(hq.children.map((c) => c.name)).toEqual(['渠道管理部', '信息部', '物流部']);
    expect(hq.children[0]).toMatchObject({ parentId: hq.id, userCount: 1, totalUserCount: 1, children: [] });
  });

  it('creates top-level and child departments, audited', async () => {
    const hq = await byName('总部');
    const root = await create('华南大区', null, 5);
    const child = await create('广州办事处', root, 1);
    const fromAbsentParent = await call<{ id: number }>('/sys/dept/save', { name: '独立部门' });
    expect(fromAbsentParent.status).toBe(200);
    const t = await tree();
    expect(t.map((d) => d.name)).toEqual(['独立部门', '总部', '华南大区']);
    expect(find(t, '华南大区')!.children.map((c) => c.id)).toEqual([child]);
    expect(find(t, '总部')!.id).toBe(hq.id);
    const audit = await auditOf(child);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', userName: 'admin' });
    expect(JSON.parse(audit[0].after!)).toEqual({ name: '广州办事处', parentId: root, orderNum: 1 });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await deptCount();
    const hq = await byName('总部');
    const cases: [unknown, string][] = [
      [{ name: '', parentId: hq.id }, 'name: This input item is mandatory'],
      [{ parentId: hq.id }, 'name: This input item is mandatory'],
      [{ name: 'x'.repeat(65), parentId: hq.id }, 'name: At most 64 characters'],
      [{ name: '坏父级', parentId: 999999 }, 'parentId: Invalid value'],
      [{ name: '坏父级', parentId: 'abc' }, 'parentId: Invalid value'],
      [{ name: '坏排序', parentId: hq.id, orderNum: -1 }, 'orderNum: Invalid value'],
      [{ name: '坏排序', parentId: hq.id, orderNum: 1.5 }, 'orderNum: Invalid value'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/sys/dept/save', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const zh = await call('/sys/dept/save', { name: '', parentId: hq.id }, admin, 'zh-CN');
    expect(zh.body.msg).toBe('name: 此项为必填项');
    expect(await deptCount()).toBe(before);
  });

  it('refuses a name a sibling already has with 409 naming name; the same name under another parent is fine', async () => {
    const hq = await byName('总部');
    const before = await deptCount();
    const dup = await call('/sys/dept/save', { name: '信息部', parentId: hq.id });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('name: This value already exists');
    expect(await deptCount()).toBe(before);
    const channel = await byName('渠道管理部');
    await create('信息部', channel.id);
    const other = await create('临时部门', hq.id);
    const rename = await call('/sys/dept/update', { id: other, name: '物流部', parentId: hq.id, orderNum: 0 });
    expect(rename.status).toBe(409);
    expect((await db().select().from(departments).where(eq(departments.id, other)))[0].name).toBe('临时部门');
  });

  it('renames and moves a department, audited with before and after', async () => {
    const hq = await byName('总部');
    const id = await create('市场部', hq.id, 9);
    const logistics = await byName('物流部');
    const res = await call('/sys/dept/update', { id, name: '市场推广部', parentId: logistics.id, orderNum: 2 });
    expect(res.status, res.body.msg).toBe(200);
    expect(find(await tree(), '物流部')!.children.map((c) => c.name)).toContain('市场推广部');
    const toRoot = await call('/sys/dept/update', { id, name: '市场推广部', parentId: null, orderNum: 2 });
    expect(toRoot.status).toBe(200);
    expect((await db().select().from(departments).where(eq(departments.id, id)))[0].parentId).toBeNull();
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(JSON.parse(audit[1].before!)).toMatchObject({ name: '市场部', parentId: hq.id, orderNum: 9 });
    expect(JSON.parse(audit[1].after!)).toEqual({ name: '市场推广部', parentId: logistics.id, orderNum: 2 });
  });

  it('refuses to move a department under itself or a department below it (parentInvalid), changing nothing', async () => {
    const top = await create('移动测试', null);
    const mid = await create('移动测试-中', top);
    const leaf = await create('移动测试-末', mid);
    for (const parentId of [top, mid, leaf]) {
      const res = await call('/sys/dept/update', { id: top, name: '移动测试', parentId, orderNum: 0 });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('parentId: A node cannot be placed under itself or its descendants');
    }
    const zh = await call('/sys/dept/update', { id: mid, name: '移动测试-中', parentId: leaf, orderNum: 0 }, admin, 'zh-CN');
    expect(zh.body.msg).toBe('parentId: 不能移动到自身或其下级之下');
    expect((await db().select().from(departments).where(eq(departments.id, top)))[0].parentId).toBeNull();
    expect((await db().select().from(departments).where(eq(departments.id, mid)))[0].parentId).toBe(top);
    const missingParent = await call('/sys/dept/update', { id: mid, name: '移动测试-中', orderNum: 0 });
    expect(missingParent.body.msg).toBe('parentId: This input item is mandatory');
    expect((await call('/sys/dept/update', { id: 999999, name: 'x', parentId: null, orderNum: 0 })).status).toBe(404);
    expect((await auditOf(top)).map((a) => a.action)).toEqual(['create']);
  });

  it('refuses to delete a department with sub-departments or users; deletes a parent together with its children', async () => {
    const hq = await byName('总部');
    const withChildren = await call('/sys/dept/delete', { ids: [hq.id] });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toBe('The department has sub-departments and cannot be deleted');
    const channel = await byName('渠道管理部');
    const subOfChannel = await db().select().from(departments).where(eq(departments.parentId, channel.id));
    for (const d of subOfChannel) expect((await call('/sys/dept/delete', { ids: [d.id] })).status).toBe(200);
    const withUsers = await call('/sys/dept/delete', { ids: [channel.id] }, admin, 'zh-CN');
    expect(withUsers.status).toBe(409);
    expect(withUsers.body.msg).toBe('部门下还有用户，不能删除');
    expect(await byName('渠道管理部')).toBeDefined();

    const top = await create('待删除', null);
    const child = await create('待删除-子', top);
    const before = await deptCount();
    expect((await call('/sys/dept/delete', { ids: [top] })).status).toBe(409);
    const res = await call<{ deleted: number }>('/sys/dept/delete', { ids: [top, child] });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.deleted).toBe(2);
    expect(await deptCount()).toBe(before - 2);
    expect((await auditOf(child)).map((a) => a.action)).toEqual(['create', 'delete']);
    expect(JSON.parse((await auditOf(top))[1].before!)).toMatchObject({ name: '待删除', parentId: null });

    expect((await call('/sys/dept/delete', { ids: [999999] })).status).toBe(404);
    expect((await call('/sys/dept/delete', { ids: [] })).body.msg).toBe('ids: Invalid value');
  });

  it('counts a user moved into a department in its own and its parents\' totals', async () => {
    const hq = await byName('总部');
    const it1 = await byName('信息部');
    await db().update(users).set({ departmentId: it1.id }).where(eq(users.userName, 'dealer2'));
    const t = await tree();
    expect(find(t, '信息部')).toMatchObject({ userCount: 1, totalUserCount: 1 });
    expect(find(t, '总部')).toMatchObject({ id: hq.id, userCount: 1, totalUserCount: 3 });
    expect((await db().select().from(departments).where(isNull(departments.parentId))).length).toBe(t.length);
  });

  it('exports the tree as xlsx rows in tree order with each department\'s path', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/sys/dept/export?lang=en-US`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: '{}',
    });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Path', 'Name', 'Order', 'Users', 'Users incl. sub-departments']);
    const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[])[1]);
    expect(rows).toContain('总部 / 渠道管理部');
    expect(rows.indexOf('总部')).toBeLessThan(rows.indexOf('总部 / 渠道管理部'));
    expect(rows.length).toBe(await deptCount());
  });
});

describe('who may call the department page', () => {
  it('staff and dealer users get 403 on every department call, and nothing is written', async () => {
    const routes = server.routes.filter((r) => r.url.startsWith('/sys/dept/'));
    expect(routes.map((r) => r.url).sort()).toEqual(['/sys/dept/delete', '/sys/dept/export', '/sys/dept/save', '/sys/dept/tree', '/sys/dept/update']);
    const hq = await byName('总部');
    const before = await deptCount();
    for (const token of [staff, dealer]) {
      for (const route of routes) {
        const res = await server.call(route.url, { token, body: { id: hq.id, ids: [hq.id], name: 'hack', parentId: null, orderNum: 0 } });
        expect(res.status, route.url).toBe(403);
      }
    }
    expect(await deptCount()).toBe(before);
    expect((await byName('总部')).name).toBe('总部');
  });
});
