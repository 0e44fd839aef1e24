import ExcelJS from 'exceljs';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealers, laborFactors, logisticsProviders, resources, roleResources, roles, userRoles, warehouseCoefficients, warehouses } from '../../src/server/db/schema';
import { addUser } from './sessionSupport';
import { startTestServer, type TestServer } from './server';

/** The /other lists, made from their manifest entries alone (src/shared/pages/other.ts). */
let server: TestServer;
let admin: string;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  staff = await server.login('staff');
});
afterAll(async () => { await server?.stop(); });

type Page<T> = { list: T[]; total: number };
const call = <T = unknown>(path: string, body: unknown, token = admin, lang = 'en-US') => server.call<T>(`/other/${path}`, { token, body, lang });
const page = <T>(entity: string, filters: Record<string, unknown> = {}, token = admin) =>
  call<Page<T>>(`${entity}/selectByPage`, { pageNum: 1, pageSize: 100, ...filters }, token);
const rowsOf = async (table: typeof laborFactors | typeof logisticsProviders | typeof warehouseCoefficients) =>
  (await server.services.db.select({ n: count() }).from(table))[0].n;

async function upload(path: string, rows: (string | number)[][], token = admin) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  const res = await fetch(`${server.url}/fms/api/v1/other/${path}?lang=en-US`, {
    method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, body: new Uint8Array(await wb.xlsx.writeBuffer()),
  });
  return { status: res.status, body: (await res.json()) as { msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } } };
}

describe('logistics providers', () => {
  it('creates, lists by keyword, changes and deletes a provider; the code stays as created', async () => {
    const created = await call<{ id: number }>('logistics/save', { code: 'SF01', name: ' 顺丰速运 ', phone: '13912345678' });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    expect((await call('logistics/detail', { id })).body.data).toMatchObject({ code: 'SF01', name: '顺丰速运', contact: null, status: 'normal' });
    const listed = await page<{ id: number; code: string }>('logistics', { keyword: '顺丰' });
    expect(listed.body.data.list.map((r) => r.code)).toEqual(['SF01']);
    const updated = await call('logistics/update', { id, code: 'XX99', name: 'SF Express', status: 'disabled' });
    expect(updated.status, updated.body.msg).toBe(200);
    expect((await call('logistics/detail', { id })).body.data).toMatchObject({ code: 'SF01', name: 'SF Express', phone: null, status: 'disabled' });
    // The demo has providers of its own: the filter and the keyword narrow to this one.
    expect((await page('logistics', { status: 'disabled', keyword: 'SF Express' })).body.data.total).toBe(1);
    expect((await call('logistics/delete', { ids: [id] })).status).toBe(200);
    expect((await call('logistics/detail', { id })).status).toBe(404);
  });

  it('says which field cannot be empty, in the caller\'s language, and refuses bad codes, phones and duplicates', async () => {
    const before = await rowsOf(logisticsProviders);
    const blankCode = await call('logistics/save', { code: '  ', name: 'X' });
    expect(blankCode.status).toBe(400);
    expect(blankCode.body.msg).toBe('code: Provider code cannot be empty');
    expect((await call('logistics/save', { code: 'A1' }, admin, 'zh-CN')).body.msg).toBe('name: 物流商名称不能为空');
    expect((await call('logistics/save', { code: 'a1', name: 'X' })).body.msg).toBe('code: Please enter uppercase letters');
    expect((await call('logistics/save', { code: 'A1', name: 'X', phone: '123' })).body.msg).toBe('phone: Please enter the right phone number');
    expect((await call('logistics/save', { code: 'A1', name: 'X', isAdmin: true })).status).toBe(400);
    expect(await rowsOf(logisticsProviders)).toBe(before);
    expect((await call('logistics/save', { code: 'DUP1', name: 'X' })).status).toBe(200);
    const dup = await call('logistics/save', { code: 'DUP1', name: 'Y' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
  });

  it('imports all rows or none, by the export\'s headers; a status by its label', async () => {
    const header = ['Provider code', 'Provider name', 'Contact', 'Phone', 'Address', 'Status'];
    const bad = await upload('logistics/import', [header, ['IMP1', 'One', '', '', '', 'Normal'], ['IMP2', '', '', '', '', '']]);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([{ row: 3, message: 'name: Provider name cannot be empty' }]);
    expect(await server.services.db.select().from(logisticsProviders).where(eq(logisticsProviders.code, 'IMP1'))).toEqual([]);
    const good = await upload('logistics/import', [header, ['IMP1', 'One', 'Li', '13800000000', '', 'Disabled'], ['IMP2', 'Two', '', '', '', '']]);
    expect(good.status, good.body.msg).toBe(200);
    expect(good.body.data.imported).toBe(2);
    const rows = await page<{ code: string; status: string }>('logistics', { keyword: 'IMP' });
    expect(rows.body.data.list.map((r) => [r.code, r.status]).sort()).toEqual([['IMP1', 'disabled'], ['IMP2', 'normal']]);
  });

  it('exports the list with the manifest\'s labels as headers', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/other/logistics/export?lang=zh-CN`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: '{}',
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, '物流商编码', '物流商名称', '联系人', '联系电话', '地址', '状态']);
  });
});

describe('labour factors', () => {
  it('keeps one factor per company and work type, and checks the numbers', async () => {
    const body = { companyName: '申通劳务', workType: 'loading', unitFee: 1.5, factor: 1.2 };
    const created = await call<{ id: number }>('laborFactor/save', body);
    expect(created.status, created.body.msg).toBe(200);
    expect((await call('laborFactor/detail', { id: created.body.data.id })).body.data).toMatchObject({ unitFee: 1.5, factor: 1.2, status: 'normal' });
    expect((await call('laborFactor/save', body)).status).toBe(409);
    expect((await call('laborFactor/save', { ...body, workType: 'unloading' })).status).toBe(200);
    expect((await call('laborFactor/save', { ...body, companyName: '' })).body.msg).toBe('companyName: Labour company cannot be empty');
    expect((await call('laborFactor/save', { ...body, workType: '' })).body.msg).toBe('workType: Work type cannot be empty');
    expect((await call('laborFactor/save', { ...body, workType: 'flying', companyName: 'B' })).status).toBe(400);
    expect((await call('laborFactor/save', { ...body, factor: -1, companyName: 'B' })).status).toBe(400);
    expect((await page('laborFactor', { workType: 'unloading', keyword: '申通' })).body.data.total).toBe(1);
  });
});

describe('warehouse coefficients', () => {
  it('is reached under /other and /monitoringManage: a role holding only the monitoring page may use it', async () => {
    const db = server.services.db;
    const userId = await addUser(server, 'monitor1', 'display');
    const [role] = await db.insert(roles).values({ code: 'monitorOnly', name: '监控', nameEn: 'Monitor', type: 'function' }).returning();
    const perms = await db.select({ id: resources.id, perm: resources.perm }).from(resources);
    const grant = perms.filter((r) => ['monitoringManage', 'monitoringManage:monitoring', 'monitoringManage:warehouseCoefficient'].includes(r.perm));
    await db.insert(roleResources).values(grant.map((r) => ({ roleId: role.id, resourceId: r.id })));
    await db.insert(userRoles).values({ userId, roleId: role.id });
    const monitor = await server.login('monitor1');
    // staff holds /monitoringManage but not /other: the same calls answer it.
    expect((await page('warehouseCoefficient', {}, staff)).status).toBe(200);
    expect((await page('warehouseCoefficient', {}, monitor)).status).toBe(200);
    expect((await page('logistics', {}, monitor)).status).toBe(403);
    expect((await call('warehouseCoefficient/save', { warehouseId: 1, coefficient: 1 }, monitor)).status).toBe(403);
  });

  it('a warehouse has one coefficient, chosen within the caller\'s scope; a dealer sees and sets only its own', async () => {
    const db = server.services.db;
    const [sh] = await db.select({ warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
    const [otherWh] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, (await db.select({ code: warehouses.code }).from(warehouses).orderBy(warehouses.id).limit(1).offset(8))[0].code));
    const own = sh.warehouseId!;
    // The demo gives coefficients to warehouses of its recent outbound orders, which vary by day: start from none on these two.
    await db.delete(warehouseCoefficients).where(inArray(warehouseCoefficients.warehouseId, [own, otherWh.id]));
    // dealer1 is given the page for this test: its data scope must still hold.
    const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
    const perms = await db.select({ id: resources.id, perm: resources.perm }).from(resources);
    await db.insert(roleResources).values(perms.filter((r) => r.perm === 'other' || r.perm === 'other:otherConfig' || r.perm.startsWith('other:warehouseCoefficient'))
      .map((r) => ({ roleId: dealerRole.id, resourceId: r.id }))).onConflictDoNothing();
    const dealerToken = await server.login('dealer1');

    const options = await call<{ warehouseId: { value: number; label: string }[] }>('warehouseCoefficient/options', {}, dealerToken);
    expect(options.status, options.body.msg).toBe(200);
    expect(options.body.data.warehouseId.map((o) => o.value)).toContain(own);
    expect(options.body.data.warehouseId.map((o) => o.value)).not.toContain(otherWh.id);

    expect((await call('warehouseCoefficient/save', { warehouseId: otherWh.id, coefficient: 1.1 }, dealerToken)).body.msg).toBe('warehouseId: The record is outside your data scope');
    const mine = await call<{ id: number }>('warehouseCoefficient/save', { warehouseId: own, coefficient: 1.25 }, dealerToken);
    expect(mine.status, mine.body.msg).toBe(200);
    expect((await call('warehouseCoefficient/save', { warehouseId: own, coefficient: 2 }, dealerToken)).status).toBe(409);
    const theirs = await call<{ id: number }>('warehouseCoefficient/save', { warehouseId: otherWh.id, coefficient: 0.9 });
    expect(theirs.status, theirs.body.msg).toBe(200);

    const seen = await page<{ id: number; warehouseLabel: string }>('warehouseCoefficient', {}, dealerToken);
    expect(seen.body.data.list.map((r) => r.id)).toEqual([mine.body.data.id]);
    expect(seen.body.data.list[0].warehouseLabel).toMatch(/^\S+ \S+/);
    expect((await call('warehouseCoefficient/detail', { id: theirs.body.data.id }, dealerToken)).status).toBe(404);
    expect((await call('warehouseCoefficient/delete', { ids: [theirs.body.data.id] }, dealerToken)).status).toBe(404);
    // Locked on edit: the warehouse of a coefficient does not change.
    expect((await call('warehouseCoefficient/update', { id: mine.body.data.id, warehouseId: own, coefficient: 1.5 }, dealerToken)).status).toBe(200);
    expect((await call('warehouseCoefficient/detail', { id: mine.body.data.id }, dealerToken)).body.data).toMatchObject({ warehouseId: own, coefficient: 1.5 });
    expect((await page('warehouseCoefficient', { warehouseId: otherWh.id })).body.data.total).toBe(1);
  });
});
