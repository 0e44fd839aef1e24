import ExcelJS from 'exceljs';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs, dealers, regions, resources, roleDataRules, roleResources, roles, userRoles, users, warehouses,
} from '../../src/server/db/schema';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import type { RoleDataRules, RoleOptions, RoleRow } from '../../src/shared/api/role';
import type { CurrentUserInfo } from '../../src/shared/api/session';
import type { MenuNode } from '../../src/shared/menu';
import { startTestServer, type TestServer } from './server';
import type { GrantNode } from '../../src/shared/menu';

let server: TestServer;
let admin: string;
let staff: string;
let dealer: string;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: '1000' });
  admin = await server.login('admin');
  staff = await server.login('staff');
  dealer = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

const db = () => server.services.db;
const call = <T = unknown>(path: string, body: unknown, token = admin, lang = 'en-US') => server.call<T>(path, { body, token, lang });
const roleByCode = async (code: string) => (await db().select().from(roles).where(eq(roles.code, code)))[0];
const roleCount = async () => (await db().select({ n: count() }).from(roles))[0].n;
const resourceId = async (perm: string) => (await db().select({ id: resources.id }).from(resources).where(eq(resources.perm, perm)))[0].id;
const auditOf = (entity: string, entityId: number) =>
  db().select().from(auditLogs).where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, String(entityId)))).orderBy(auditLogs.id);

/** A role made through the API; answers its id. */
async function createRole(code: string, type = 'function') {
  const res = await call<{ id: number }>('/sys/role/save', { code, name: `${code} 角色`, nameEn: `${code} role`, type });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.id;
}

/** An operator account (no dealer) holding the roles named, with the demo password; the user-management call is another page's. */
async function addUserWithRoles(userName: string, roleIds: number[]) {
  const [template] = await db().select().from(users).where(eq(users.userName, 'staff'));
  const [user] = await db().insert(users).values({ userName, nickName: userName, passwordHash: template.passwordHash }).returning({ id: users.id });
  if (roleIds.length) await db().insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
  return user.id;
}

const flatten = (nodes: GrantNode[]): GrantNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children).map((p) => `${n.path}/${p}`)]);

describe('role list page calls', () => {
  it('lists roles with the number of users holding each, filtered by type and keyword', async () => {
    const res = await call<{ list: RoleRow[]; total: number }>('/sys/role/selectByPage', { pageNum: 1, pageSize: 20 });
    expect(res.status).toBe(200);
    const byCode = Object.fromEntries(res.body.data.list.map((r) => [r.code, r]));
    expect(byCode.admin).toMatchObject({ name: '超级管理员', nameEn: 'Administrator', type: 'function', userCount: 1 });
    expect(byCode.dealer.userCount).toBe(2);
    expect(res.body.data.list[0].code).toBe('admin');
    const filtered = await call<{ list: RoleRow[] }>('/sys/role/selectByPage', { keyword: 'Channel', type: 'function' });
    expect(filtered.body.data.list.map((r) => r.code)).toEqual(['staff']);
    const none = await call<{ list: RoleRow[] }>('/sys/role/selectByPage', { type: 'special' });
    expect(none.body.data.list).toEqual([]);
  });

  it('creates, reads and changes a role, auditing each write', async () => {
    const id = await createRole('REGION_EAST', 'data');
    const detail = await call<RoleRow>('/sys/role/detail', { id });
    expect(detail.body.data).toMatchObject({ code: 'REGION_EAST', type: 'data', remark: null, userCount: 0 });
    const upd = await call('/sys/role/update', { id, code: 'region_east', name: '华东数据', nameEn: 'East data', type: 'data', remark: '只看华东' });
    expect(upd.status, upd.body.msg).toBe(200);
    expect(await roleByCode('region_east')).toMatchObject({ name: '华东数据', remark: '只看华东' });
    const audit = await auditOf('role', id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(JSON.parse(audit[1].before!)).toMatchObject({ code: 'REGION_EAST' });
    expect(JSON.parse(audit[1].after!)).toMatchObject({ code: 'region_east', remark: '只看华东' });
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await roleCount();
    const good = { code: 'GOOD_CODE', name: '好', nameEn: 'Good', type: 'function' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, code: '1ABC' }, 'code: Invalid value'],
      [{ ...good, code: 'A' }, 'code: Invalid value'],
      [{ ...good, code: 'HAS-DASH' }, 'code: Invalid value'],
      [{ ...good, code: `A${'B'.repeat(32)}` }, 'code: At most 32 characters'],
      [{ ...good, code: '' }, 'code: This input item is mandatory'],
      [{ ...good, name: undefined }, 'name: This input item is mandatory'],
      [{ ...good, nameEn: '   ' }, 'nameEn: This input item is mandatory'],
      [{ ...good, type: 'boss' }, 'type: Invalid value'],
      [{ ...good, remark: 'x'.repeat(257) }, 'remark: At most 256 characters'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/sys/role/save', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await roleCount()).toBe(before);
    const zh = await call('/sys/role/save', { ...good, type: 'boss' }, admin, 'zh-CN');
    expect(zh.body.msg).toBe('type: 取值无效');
  });

  it('refuses a duplicate code with 409 naming code, on create and on change', async () => {
    const before = await roleCount();
    const dup = await call('/sys/role/save', { code: 'staff', name: '重复', nameEn: 'Dup', type: 'function' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('code: This value already exists');
    expect(await roleCount()).toBe(before);
    const id = await createRole('DUP_TARGET');
    const upd = await call('/sys/role/update', { id, code: 'dealer', name: 'x', nameEn: 'x', type: 'function' });
    expect(upd.status).toBe(409);
    expect(upd.body.msg).toBe('code: This value already exists');
    expect((await roleByCode('DUP_TARGET')).id).toBe(id);
  });

  it('keeps the built-in administrator role: no delete, no code change, no change of grants or data rules', async () => {
    const adminRole = await roleByCode('admin');
    const grantsBefore = (await db().select({ n: count() }).from(roleResources).where(eq(roleResources.roleId, adminRole.id)))[0].n;
    const del = await call('/sys/role/delete', { ids: [adminRole.id] });
    expect(del.status).toBe(409);
    expect(del.body.msg).toMatch(/built-in administrator role cannot be deleted/);
    const rename = await call('/sys/role/update', { id: adminRole.id, code: 'root', name: '超级管理员', nameEn: 'Administrator', type: 'function' });
    expect(rename.status).toBe(400);
    expect(rename.body.msg).toMatch(/^code: The built-in administrator role/);
    const relabel = await call('/sys/role/update', { id: adminRole.id, code: 'admin', name: '系统管理员', nameEn: 'Administrator', type: 'function' });
    expect(relabel.status).toBe(200);
    const grant = await call('/sys/role/grantResources', { id: adminRole.id, resourceIds: [] });
    expect(grant.status).toBe(400);
    const rules = await call('/sys/role/saveDataRules', { id: adminRole.id, regionIds: [1] });
    expect(rules.status).toBe(400);
    expect(await roleByCode('admin')).toMatchObject({ code: 'admin', name: '系统管理员' });
    expect((await db().select({ n: count() }).from(roleResources).where(eq(roleResources.roleId, adminRole.id)))[0].n).toBe(grantsBefore);
    expect((await db().select({ n: count() }).from(roleDataRules).where(eq(roleDataRules.roleId, adminRole.id)))[0].n).toBe(0);
  });

  it('refuses to delete a role users hold (roleInUse); deletes a free one with its grants and rules, audited', async () => {
    const held = await call('/sys/role/delete', { ids: [(await roleByCode('staff')).id] });
    expect(held.status).toBe(409);
    expect(held.body.msg).toBe('The role is assigned to users and cannot be deleted');
    expect(await roleByCode('staff')).toBeDefined();

    const id = await createRole('SHORT_LIVED');
    await call('/sys/role/grantResources', { id, resourceIds: [await resourceId('basedata:brokerInfo')] });
    await call('/sys/role/saveDataRules', { id, regionIds: [(await db().select().from(regions))[0].id] });
    const res = await call<{ deleted: number }>('/sys/role/delete', { ids: [id] });
    expect(res.status, res.body.msg).toBe(200);
    expect(await roleByCode('SHORT_LIVED')).toBeUndefined();
    expect((await db().select({ n: count() }).from(roleResources).where(eq(roleResources.roleId, id)))[0].n).toBe(0);
    expect((await db().select({ n: count() }).from(roleDataRules).where(eq(roleDataRules.roleId, id)))[0].n).toBe(0);
    expect((await auditOf('role', id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('exports roles as xlsx and imports all rows of a good file or none of a bad one', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/sys/role/export?lang=en-US`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'function' }),
    });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, 'Code', 'Name (Chinese)', 'Name (English)', 'Type', 'Remark']);
    expect(wb.worksheets[0].getRow(2).values).toEqual([undefined, 'admin', '系统管理员', 'Administrator', 'function']);

    const upload = async (rows: string[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Sheet1');
      rows.forEach((r) => sheet.addRow(r));
      const body = new Uint8Array(Buffer.from(await book.xlsx.writeBuffer()));
      const answer = await fetch(`${server.url}/fms/api/v1/sys/role/import?lang=en-US`, { method: 'POST', headers: { token: admin, 'content-type': 'application/octet-stream' }, body });
      return { status: answer.status, body: (await answer.json()) as { msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } } };
    };
    const header = ['Code', 'Name (Chinese)', 'Name (English)', 'Type', 'Remark'];
    const good = await upload([header, ['IMP_A', '导入甲', 'Imported A', 'Data role', ''], ['IMP_B', '导入乙', 'Imported B', 'special', 'b']]);
    expect(good.status, good.body.msg).toBe(200);
    expect(good.body.data.imported).toBe(2);
    expect(await roleByCode('IMP_A')).toMatchObject({ type: 'data', remark: null });
    const bad = await upload([header, ['IMP_C', '导入丙', 'Imported C', 'function', ''], ['staff', '重复', 'Dup', 'function', ''], ['9X', '坏', 'Bad', 'function', '']]);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors!.map((e) => e.row)).toEqual([3, 4]);
    expect(await roleByCode('IMP_C')).toBeUndefined();
  });
});

describe('what a role grants', () => {
  it('answers the whole resource tree, sections > groups > pages > buttons, in the caller\'s language', async () => {
    const en = await call<GrantNode[]>('/sys/role/resourceTree', {});
    expect(en.status).toBe(200);
    const all = flatten(en.body.data);
    expect(all.length).toBe((await db().select({ n: count() }).from(resources))[0].n);
    const system = en.body.data[0];
    expect(system).toMatchObject({ type: 'section', label: 'System', perm: 'system', parentId: null });
    const rolePage = system.children[0].children.find((p) => p.perm === 'system:role')!;
    expect(rolePage.type).toBe('page');
    expect(rolePage.children.map((b) => b.perm)).toEqual(['add', 'edit', 'delete', 'export', 'import'].map((a) => `system:role:${a}`));
    expect(rolePage.children.every((b) => b.type === 'button' && b.children.length === 0)).toBe(true);
    const zh = await call<GrantNode[]>('/sys/role/resourceTree', {}, admin, 'zh-CN');
    expect(zh.body.data[0].label).toBe('系统管理');
  });

  it('grantResources replaces the grants; a holder sees the new menu and buttons at the next getCurrentUserInfo', async () => {
    const roleId = await createRole('TWO_PAGES');
    const dealersPage = await resourceId('basedata:brokerInfo');
    const warehousePage = await resourceId('basedata:warehouse');
    const warehouseExport = await resourceId('basedata:warehouse:export');
    // Pages and a button only: the server adds their group and section.
    const grant = await call<{ resourceIds: number[] }>('/sys/role/grantResources', { id: roleId, resourceIds: [dealersPage, warehousePage, warehouseExport] });
    expect(grant.status, grant.body.msg).toBe(200);
    const granted = await call<number[]>('/sys/role/resources', { id: roleId });
    expect(granted.body.data).toEqual([await resourceId('basedata'), await resourceId('basedata:base'), dealersPage, warehousePage, warehouseExport].sort((a, b) => a - b));

    await addUserWithRoles('two_pages_user', [roleId]);
    const token = await server.login('two_pages_user');
    const me = async () => (await server.call<CurrentUserInfo>('/sys/user/getCurrentUserInfo', { body: {}, token })).body.data;
    let info = await me();
    expect(paths(info.menuTree)).toEqual(['/basedata', '/basedata/base', '/basedata/base/brokerInfo', '/basedata/base/warehouse']);
    expect(info.buttonList).toEqual(['basedata:warehouse:export']);
    expect((await server.call('/sys/role/selectByPage', { body: {}, token })).status).toBe(403);

    // Same session, new grants: the dictionary page with its add button instead of the dealers page.
    const dictPage = await resourceId('system:dictionary');
    const dictAdd = await resourceId('system:dictionary:add');
    expect((await call('/sys/role/grantResources', { id: roleId, resourceIds: [warehousePage, dictPage, dictAdd] })).status).toBe(200);
    info = await me();
    expect(paths(info.menuTree)).toEqual(['/system', '/system/permission', '/system/permission/dictionary', '/basedata', '/basedata/base', '/basedata/base/warehouse']);
    expect(info.buttonList).toEqual(['system:dictionary:add']);
    expect((await server.call('/system/dict/type/selectByPage', { body: {}, token })).status).toBe(200);

    const audit = await auditOf('role_resources', roleId);
    expect(audit).toHaveLength(2);
    expect(audit[1].action).toBe('grant');
    expect(JSON.parse(audit[1].before!).perms).toEqual(['basedata', 'basedata:base', 'basedata:brokerInfo', 'basedata:warehouse', 'basedata:warehouse:export']);
    expect(JSON.parse(audit[1].after!).perms).toEqual(['basedata', 'basedata:base', 'basedata:warehouse', 'system', 'system:dictionary', 'system:dictionary:add', 'system:permission']);
  });

  it('refuses unknown resources and bad bodies with 400 naming the field, changing nothing', async () => {
    const roleId = await createRole('GRANT_CHECK');
    const page = await resourceId('basedata:material');
    await call('/sys/role/grantResources', { id: roleId, resourceIds: [page] });
    const grantsOf = async () => (await db().select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, roleId))).map((r) => r.id).sort();
    const before = await grantsOf();
    const cases: [unknown, string][] = [
      [{ id: roleId, resourceIds: [page, 999999] }, 'resourceIds.1: Invalid value'],
      [{ id: roleId, resourceIds: 'all' }, 'resourceIds: Invalid value'],
      [{ id: roleId, resourceIds: [-1] }, 'resourceIds.0: Invalid value'],
      [{ id: roleId }, 'resourceIds: This input item is mandatory'],
      [{ resourceIds: [page] }, 'id: This input item is mandatory'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/sys/role/grantResources', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await grantsOf()).toEqual(before);
    expect((await call('/sys/role/grantResources', { id: 999999, resourceIds: [] })).status).toBe(404);
    expect((await call('/sys/role/resources', { id: 999999 })).status).toBe(404);
    expect((await auditOf('role_resources', roleId))).toHaveLength(1);
  });
});

describe('data rules', () => {
  it('answers the dealers, regions and warehouses a rule can name, in the caller\'s language', async () => {
    const en = await call<RoleOptions>('/sys/role/options', {});
    expect(en.body.data.dealers.length).toBe((await db().select({ n: count() }).from(dealers))[0].n);
    expect(en.body.data.warehouses.length).toBe((await db().select({ n: count() }).from(warehouses))[0].n);
    expect(en.body.data.regions[0]).toEqual({ id: expect.any(Number), name: 'East China' });
    expect(en.body.data.dealers[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String) });
    const zh = await call<RoleOptions>('/sys/role/options', {}, admin, 'zh-CN');
    expect(zh.body.data.regions[0].name).toBe('华东');
  });

  it('saves and reads rules, audited, and refuses unknown ids naming the field', async () => {
    const roleId = await createRole('RULES', 'data');
    const [dealerRow] = await db().select().from(dealers).limit(1);
    const [warehouseRow] = await db().select().from(warehouses).limit(1);
    const [regionRow] = await db().select().from(regions).limit(1);
    const save = await call('/sys/role/saveDataRules', { id: roleId, dealerIds: [dealerRow.id], regionIds: [regionRow.id], warehouseIds: [warehouseRow.id, warehouseRow.id] });
    expect(save.status, save.body.msg).toBe(200);
    const read = await call<RoleDataRules>('/sys/role/dataRules', { id: roleId });
    expect(read.body.data).toEqual({ dealerIds: [dealerRow.id], regionIds: [regionRow.id], warehouseIds: [warehouseRow.id] });

    for (const [body, msg] of [
      [{ id: roleId, dealerIds: [dealerRow.id, 999999] }, 'dealerIds.1: Invalid value'],
      [{ id: roleId, regionIds: [999999] }, 'regionIds.0: Invalid value'],
      [{ id: roleId, warehouseIds: ['x'] }, 'warehouseIds.0: Invalid value'],
      [{ dealerIds: [] }, 'id: This input item is mandatory'],
    ] as const) {
      const res = await call('/sys/role/saveDataRules', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await call<RoleDataRules>('/sys/role/dataRules', { id: roleId })).body.data).toEqual(read.body.data);
    expect((await call('/sys/role/saveDataRules', { id: 999999 })).status).toBe(404);

    const clear = await call('/sys/role/saveDataRules', { id: roleId });
    expect(clear.status).toBe(200);
    expect((await call<RoleDataRules>('/sys/role/dataRules', { id: roleId })).body.data).toEqual({ dealerIds: [], regionIds: [], warehouseIds: [] });
    const audit = await auditOf('role_data_rules', roleId);
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[1].before!)).toEqual(read.body.data);
    expect(JSON.parse(audit[1].after!)).toEqual({ dealerIds: [], regionIds: [], warehouseIds: [] });
  });

  it('a staff user given a data role with one region sees only that region\'s dealers (dataScopeOf)', async () => {
    const [south] = await db().select().from(regions).where(eq(regions.code, 'SOUTH'));
    const roleId = await createRole('SOUTH_ONLY', 'data');
    expect((await call('/sys/role/saveDataRules', { id: roleId, regionIds: [south.id] })).status).toBe(200);
    const userId = await addUserWithRoles('south_staff', [(await roleByCode('staff')).id, roleId]);

    const southDealers = (await db().select({ id: dealers.id }).from(dealers).where(eq(dealers.regionId, south.id))).map((d) => d.id).sort((a, b) => a - b);
    expect(southDealers.length).toBeGreaterThan(0);
    expect(southDealers.length).toBeLessThan((await db().select({ n: count() }).from(dealers))[0].n);
    const southWarehouses = (await db().select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.dealerId, southDealers))).map((w) => w.id).sort((a, b) => a - b);

    const scope = await dataScopeOf(db(), { id: userId, dealerId: null });
    expect([...scope.dealerIds!].sort((a, b) => a - b)).toEqual(southDealers);
    expect([...scope.warehouseIds!].sort((a, b) => a - b)).toEqual(southWarehouses);
    // The plain staff account holds no data role and still sees the whole channel.
    const [plain] = await db().select().from(users).where(eq(users.userName, 'staff'));
    expect(await dataScopeOf(db(), { id: plain.id, dealerId: null })).toEqual({ dealerIds: null, warehouseIds: null });
  });
});

describe('who may call the role page', () => {
  it('staff and dealer users get 403 on every role call, and nothing is written', async () => {
    const routes = server.routes.filter((r) => r.url.startsWith('/sys/role/'));
    expect(routes.length).toBe(14);
    const before = await roleCount();
    const staffRole = (await roleByCode('staff')).id;
    for (const token of [staff, dealer]) {
      for (const route of routes) {
        const res = await server.call(route.url, {
          method: route.method, token,
          body: route.method === 'POST' ? { id: staffRole, ids: [staffRole], code: 'HACK', name: 'x', nameEn: 'x', resourceIds: [] } : undefined,
        });
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
      }
    }
    expect(await roleCount()).toBe(before);
    expect((await db().select({ n: count() }).from(roleResources).where(eq(roleResources.roleId, staffRole)))[0].n).toBeGreaterThan(0);
  });
});
