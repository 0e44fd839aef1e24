import ExcelJS from 'exceljs';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs, brands, dealers, locationRules, locationRuleTargets, materials, regions, roleDataRules, roles, storageLocations, storehouses,
  userRoles, users, warehouses,
} from '../../src/server/db/schema';
import type {
  DealerRow, LocationRow, LocationRuleRow, StorehouseRow, SuggestLocationAnswer, WarehouseRow,
} from '../../src/shared/api/basedata/warehousing';
import type { RefOptions } from '../../src/shared/pages/schema';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let staff: string;
let dealer1: string;
let dealer2: string;
/** dealer1's and dealer2's dealer ids and main warehouses. */
let own: { dealerId: number; warehouseId: number };
let other: { dealerId: number; warehouseId: number; areaId: number; locationId: number };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  staff = await server.login('staff');
  dealer1 = await server.login('dealer1');
  dealer2 = await server.login('dealer2');
  const db = server.services.db;
  const mainOf = async (code: string) => {
    const [d] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, code));
    return { dealerId: d.id, warehouseId: d.warehouseId! };
  };
  own = await mainOf('SH0001');
  const o = await mainOf((await db.select({ code: dealers.code }).from(dealers).orderBy(dealers.id).limit(1).offset(4))[0].code);
  const [area] = await db.select({ id: storehouses.id }).from(storehouses).where(eq(storehouses.warehouseId, o.warehouseId)).limit(1);
  const [location] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, o.warehouseId)).limit(1);
  other = { ...o, areaId: area.id, locationId: location.id };
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(`/basedata/${path}`, { token, body, lang: 'en-US' });
const page = <T>(entity: string, filters: Record<string, unknown> = {}, token = admin) =>
  call<{ list: T[]; total: number }>(`${entity}/selectByPage`, { pageNum: 1, pageSize: 100, ...filters }, token);
const countOf = async (table: Parameters<ReturnType<TestServer['services']['db']['select']>['from']>[0]) =>
  (await server.services.db.select({ n: count() }).from(table))[0].n;

/** Posts rows as an xlsx file to an import call. */
const upload = async (path: string, rows: (string | number)[][], token = admin) => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  const res = await fetch(`${server.url}/fms/api/v1/basedata/${path}?lang=en-US`, {
    method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, body: new Uint8Array(await wb.xlsx.writeBuffer()),
  });
  return { status: res.status, body: (await res.json()) as { msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } } };
};

describe('dealers', () => {
  it('creates, reads, updates and deletes a dealer, with an audit trail', async () => {
    const created = await call<{ id: number }>('dealer/save', {
      code: 'TEST01', name: 'Test Tyres Ltd', nickname: 'Test', phone: '13912345678', erpCall: true, batchEnabled: true,
    });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    const detail = await call<DealerRow>('dealer/detail', { id });
    expect(detail.body.data).toMatchObject({ code: 'TEST01', erpCall: true, batchEnabled: true, barcodeEnabled: true, tmsEnabled: false });
    const listed = await page<DealerRow>('dealer', { keyword: 'TEST01' });
    expect(listed.body.data.list.map((d) => d.code)).toEqual(['TEST01']);
    const updated = await call('dealer/update', { id, code: 'TEST01', name: 'Test Tyres Co', erpCall: false, tmsEnabled: true });
    expect(updated.status, updated.body.msg).toBe(200);
    expect((await call<DealerRow>('dealer/detail', { id })).body.data).toMatchObject({ name: 'Test Tyres Co', erpCall: false, tmsEnabled: true });
    const removed = await call('dealer/delete', { ids: [id] });
    expect(removed.status).toBe(200);
    expect((await call('dealer/detail', { id })).status).toBe(404);
    const audit = await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'dealer'), eq(auditLogs.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses a duplicate code with 409 naming the field', async () => {
    const before = await countOf(dealers);
    const res = await call('dealer/save', { code: 'SH0001', name: 'Copy' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('code: This value already exists');
    expect(await countOf(dealers)).toBe(before);
  });

  it('says which rule an empty code or name, a lower-case code or a bad phone breaks, and writes nothing', async () => {
    const before = await countOf(dealers);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '', name: 'X' }, 'code: Dealer code cannot be empty'],
      [{ code: 'ABC1', name: '  ' }, 'name: Dealer name cannot be empty'],
      [{ code: 'abc1', name: 'X' }, 'code: Please enter uppercase letters'],
      [{ code: 'ABC1', name: 'X', phone: '12345' }, 'phone: Please enter the right phone number'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('dealer/save', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await countOf(dealers)).toBe(before);
  });

  it('accepts only one of the dealer\'s own warehouses as its default', async () => {
    const res = await call('dealer/update', { id: own.dealerId, code: 'SH0001', name: 'X', defaultWarehouseId: other.warehouseId });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('defaultWarehouseId: Invalid value');
  });

  it('refuses to delete a dealer its warehouses and users still use', async () => {
    const res = await call('dealer/delete', { ids: [own.dealerId] });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('The record is in use and cannot be deleted');
  });

  it('gives a dealer user no dealers page, and staff no delete button', async () => {
    expect((await page('dealer', {}, dealer1)).status).toBe(403);
    expect((await call('dealer/save', { code: 'NOPE1', name: 'No' }, dealer1)).status).toBe(403);
    expect((await call('dealer/delete', { ids: [own.dealerId] }, staff)).status).toBe(403);
  });
});

describe('warehouses', () => {
  it('creates, updates and deletes a warehouse; a duplicate code is 409', async () => {
    const created = await call<{ id: number }>('warehouse/save', { code: 'TESTW1', name: 'Test warehouse', dealerId: own.dealerId });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    expect((await call<WarehouseRow>('warehouse/detail', { id })).body.data).toMatchObject({ code: 'TESTW1', dealerCode: 'SH0001' });
    const dup = await call('warehouse/save', { code: 'TESTW1', name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('code: This value already exists');
    expect((await call('warehouse/update', { id, code: 'TESTW1', name: 'Renamed', dealerId: null })).status).toBe(200);
    expect((await call<WarehouseRow>('warehouse/detail', { id })).body.data).toMatchObject({ name: 'Renamed', dealerId: null });
    expect((await call('warehouse/delete', { ids: [id] })).status).toBe(200);
  });

  it('refuses an empty name or a lower-case code and writes nothing', async () => {
    const before = await countOf(warehouses);
    const empty = await call('warehouse/save', { code: 'W9', name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('name: Warehouse name cannot be empty');
    const lower = await call('warehouse/save', { code: 'w9', name: 'W' });
    expect(lower.body.msg).toBe('code: Please enter uppercase letters');
    expect(await countOf(warehouses)).toBe(before);
  });

  it('refuses to delete a warehouse with areas and locations', async () => {
    const res = await call('warehouse/delete', { ids: [other.warehouseId] });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('The record is in use and cannot be deleted');
  });

  it('keeps a dealer user to its own dealer\'s warehouses', async () => {
    const list = await page<WarehouseRow>('warehouse', {}, dealer1);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
    expect(list.body.data.list.every((w) => w.dealerId === own.dealerId)).toBe(true);
    expect((await call('warehouse/detail', { id: other.warehouseId }, dealer1)).status).toBe(404);
    const before = await server.services.db.select().from(warehouses).where(eq(warehouses.id, other.warehouseId));
    expect((await call('warehouse/update', { id: other.warehouseId, code: 'HIJACK1', name: 'Mine' }, dealer1)).status).toBe(404);
    expect((await call('warehouse/delete', { ids: [other.warehouseId] }, dealer1)).status).toBe(404);
    expect(await server.services.db.select().from(warehouses).where(eq(warehouses.id, other.warehouseId))).toEqual(before);
    // A dealer user's new warehouse is its own dealer's, whatever the body says.
    const created = await call<{ id: number }>('warehouse/save', { code: 'SH0001W9', name: 'Extra', dealerId: other.dealerId }, dealer1);
    expect(created.status, created.body.msg).toBe(200);
    expect((await call<WarehouseRow>('warehouse/detail', { id: created.body.data.id }, dealer1)).body.data.dealerId).toBe(own.dealerId);
    expect((await call('warehouse/delete', { ids: [created.body.data.id] }, dealer1)).status).toBe(200);
  });
});

describe('import and export', () => {
  const header = ['Code', 'Name', 'Dealer code', 'Address', 'Contact', 'Phone', 'Status'];

  it('imports warehouses by dealer code, all rows or none', async () => {
    const bad = await upload('warehouse/import', [header, ['IMPW1', 'Imported 1', 'SH0001'], ['impw2', 'Imported 2', 'NOSUCH']]);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([{ row: 3, message: 'dealerCode: Invalid value' }]);
    expect(await server.services.db.select().from(warehouses).where(eq(warehouses.code, 'IMPW1'))).toEqual([]);
    const lower = await upload('warehouse/import', [header, ['impw2', 'Imported 2', 'SH0001']]);
    expect(lower.body.data.errors).toEqual([{ row: 2, message: 'code: Please enter uppercase letters' }]);
    const good = await upload('warehouse/import', [header, ['IMPW1', 'Imported 1', 'SH0001'], ['IMPW2', 'Imported 2', '']]);
    expect(good.status, good.body.msg).toBe(200);
    expect(good.body.data.imported).toBe(2);
    const rows = await page<WarehouseRow>('warehouse', { keyword: 'IMPW' });
    expect(rows.body.data.list.map((w) => [w.code, w.dealerCode])).toEqual([['IMPW1', 'SH0001'], ['IMPW2', null]]);
    await call('warehouse/delete', { ids: rows.body.data.list.map((w) => w.id) });
  });

  it('reads a file of before the manifest (Chinese headers too), and refuses one whose dealer column it cannot find', async () => {
    const zh = await upload('warehouse/import', [['仓库编码', '仓库名称', '经销商编码'], ['IMPW3', 'Imported 3', 'SH0001']]);
    expect(zh.status, zh.body.msg).toBe(200);
    const misspelt = await upload('warehouse/import', [['Code', 'Name', 'Dealer kode'], ['IMPW4', 'Imported 4', 'SH0001']]);
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.msg).toBe('dealerCode: Unknown column \'Dealer kode\': the file has no \'Dealer\' column');
    const rows = await page<WarehouseRow>('warehouse', { keyword: 'IMPW' });
    expect(rows.body.data.list.map((w) => [w.code, w.dealerCode])).toEqual([['IMPW3', 'SH0001']]);
    await call('warehouse/delete', { ids: rows.body.data.list.map((w) => w.id) });
  });

  it('imports dealers from a file of before the manifest: the region by its name, flags as Yes/No, a blank flag as its default', async () => {
    const [region] = await server.services.db.select().from(regions).limit(1);
    const res = await upload('dealer/import', [['Code', 'Name', 'Region', 'ERP call', 'Barcodes enabled'], ['IMPD1', 'Imported dealer', region.name, 'Yes', '']]);
    expect(res.status, res.body.msg).toBe(200);
    const [row] = (await page<DealerRow>('dealer', { keyword: 'IMPD1' })).body.data.list;
    expect(row).toMatchObject({ regionId: region.id, regionName: region.name, erpCall: true, barcodeEnabled: true, tmsEnabled: false });
    await call('dealer/delete', { ids: [row.id] });
  });

  it('exports the caller\'s own rows only', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/basedata/warehouse/export?lang=en-US`, {
      method: 'POST', headers: { token: dealer1, 'content-type': 'application/json' }, body: '{}',
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const codes = wb.worksheets[0].getColumn(1).values.slice(2) as string[];
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c.startsWith('SH0001'))).toBe(true);
  });
});

describe('areas', () => {
  it('creates an area; the code is unique within its warehouse only', async () => {
    const created = await call<{ id: number }>('storehouse/save', { warehouseId: own.warehouseId, code: 'Z', name: 'Z area' });
    expect(created.status, created.body.msg).toBe(200);
    const dup = await call('storehouse/save', { warehouseId: own.warehouseId, code: 'Z', name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('code: This value already exists');
    const elsewhere = await call<{ id: number }>('storehouse/save', { warehouseId: other.warehouseId, code: 'Z', name: 'Z there' });
    expect(elsewhere.status).toBe(200);
    expect((await call<StorehouseRow>('storehouse/detail', { id: created.body.data.id })).body.data).toMatchObject({ code: 'Z', warehouseId: own.warehouseId });
    expect((await call('storehouse/delete', { ids: [created.body.data.id, elsewhere.body.data.id] })).status).toBe(200);
  });

  it('requires the warehouse and refuses to delete an area with locations', async () => {
    const res = await call('storehouse/save', { code: 'Y', name: 'Y' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('warehouseId: Warehouse cannot be empty');
    const used = await call('storehouse/delete', { ids: [other.areaId] });
    expect(used.status).toBe(409);
  });

  it('keeps a dealer user to its own areas', async () => {
    const list = await page<StorehouseRow>('storehouse', {}, dealer1);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((a) => a.warehouseId === own.warehouseId || a.warehouseCode.startsWith('SH0001'))).toBe(true);
    expect((await call('storehouse/detail', { id: other.areaId }, dealer1)).status).toBe(404);
    expect((await call('storehouse/update', { id: other.areaId, warehouseId: own.warehouseId, code: 'Q', name: 'Q' }, dealer1)).status).toBe(404);
    expect((await call('storehouse/delete', { ids: [other.areaId] }, dealer1)).status).toBe(404);
    const into = await call('storehouse/save', { warehouseId: other.warehouseId, code: 'Q', name: 'Q' }, dealer1);
    expect(into.status).toBe(400);
    expect(into.body.msg).toBe('warehouseId: The record is outside your data scope');
    const [still] = await server.services.db.select().from(storehouses).where(eq(storehouses.id, other.areaId));
    expect(still.warehouseId).toBe(other.warehouseId);
  });
});

describe('storage locations', () => {
  it('creates a location in an area of its warehouse, unique code per warehouse, capacity >= 0', async () => {
    const [area] = await server.services.db.select({ id: storehouses.id }).from(storehouses).where(eq(storehouses.warehouseId, own.warehouseId)).limit(1);
    const created = await call<{ id: number }>('storagelocation/save', { warehouseId: own.warehouseId, storehouseId: area.id, code: 'X-99', name: 'X-99', capacity: 12 });
    expect(created.status, created.body.msg).toBe(200);
    expect((await call<LocationRow>('storagelocation/detail', { id: created.body.data.id })).body.data).toMatchObject({ capacity: 12, storehouseId: area.id });
    const dup = await call('storagelocation/save', { warehouseId: own.warehouseId, storehouseId: area.id, code: 'X-99', name: 'again' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('code: This value already exists');
    const wrongArea = await call('storagelocation/save', { warehouseId: own.warehouseId, storehouseId: other.areaId, code: 'X-98', name: 'X' });
    expect(wrongArea.status).toBe(400);
    expect(wrongArea.body.msg).toBe('storehouseId: Invalid value');
    const negative = await call('storagelocation/save', { warehouseId: own.warehouseId, storehouseId: area.id, code: 'X-97', name: 'X', capacity: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.msg).toMatch(/^capacity: /);
    expect((await call('storagelocation/delete', { ids: [created.body.data.id] })).status).toBe(200);
  });

  it('generates area-row-level codes, skipping those that exist, and audits it', async () => {
    const area = await call<{ id: number }>('storehouse/save', { warehouseId: own.warehouseId, code: 'G', name: 'G area' });
    const storehouseId = area.body.data.id;
    const first = await call<{ created: number; skipped: number }>('storagelocation/generate', { storehouseId, rows: 2, levels: 3, capacity: 20 });
    expect(first.status, first.body.msg).toBe(200);
    expect(first.body.data).toEqual({ created: 6, skipped: 0 });
    const again = await call<{ created: number; skipped: number }>('storagelocation/generate', { storehouseId, rows: 3, levels: 3, capacity: 20 });
    expect(again.body.data).toEqual({ created: 3, skipped: 6 });
    const list = await page<LocationRow>('storagelocation', { storehouseId, orderBy: [{ field: 'code', order: 'asc' }] });
    expect(list.body.data.list.map((l) => l.code)).toEqual(['G-01-01', 'G-01-02', 'G-01-03', 'G-02-01', 'G-02-02', 'G-02-03', 'G-03-01', 'G-03-02', 'G-03-03']);
    const audit = await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'storage_location'), eq(auditLogs.action, 'generate')));
    expect(audit.length).toBe(2);
    expect((await call('storagelocation/generate', { storehouseId: other.areaId, rows: 1, levels: 1 }, dealer1)).status).toBe(404);
  });

  it('offers each area with its warehouse, for the form to choose within; an edit keeps the record\'s warehouse whatever the body says', async () => {
    const options = await call<RefOptions>('storagelocation/options', {});
    expect(options.status, options.body.msg).toBe(200);
    const areas = options.body.data.storehouseId;
    expect(areas.find((a) => a.value === other.areaId)?.parent).toBe(other.warehouseId);
    expect(areas.every((a) => typeof a.parent === 'number')).toBe(true);
    // Warehouses lie within nothing: no parent.
    expect(options.body.data.warehouseId.some((w) => 'parent' in w)).toBe(false);

    const [area] = await server.services.db.select({ id: storehouses.id }).from(storehouses).where(eq(storehouses.warehouseId, own.warehouseId)).limit(1);
    const created = await call<{ id: number }>('storagelocation/save', { warehouseId: own.warehouseId, storehouseId: area.id, code: 'X-96', name: ' ', capacity: '' });
    expect(created.status, created.body.msg).toBe(200);
    // A blank name is the code, a blank capacity 0 (as generated and imported locations have).
    expect((await call<LocationRow>('storagelocation/detail', { id: created.body.data.id })).body.data).toMatchObject({ name: 'X-96', capacity: 0 });
    const moved = await call('storagelocation/update', { id: created.body.data.id, warehouseId: other.warehouseId, storehouseId: other.areaId, code: 'X-96', name: 'X' });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toBe('storehouseId: Invalid value');
    const renamed = await call('storagelocation/update', { id: created.body.data.id, warehouseId: other.warehouseId, storehouseId: area.id, code: 'X-96', name: 'Renamed' });
    expect(renamed.status, renamed.body.msg).toBe(200);
    expect((await call<LocationRow>('storagelocation/detail', { id: created.body.data.id })).body.data).toMatchObject({ warehouseId: own.warehouseId, name: 'Renamed' });
    expect((await call('storagelocation/delete', { ids: [created.body.data.id] })).status).toBe(200);
  });

  it('imports a file of before the manifest: the area by its code within the row\'s warehouse', async () => {
    const db = server.services.db;
    const [w] = await db.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.id, own.warehouseId));
    const [a] = await db.select({ id: storehouses.id, code: storehouses.code }).from(storehouses).where(eq(storehouses.warehouseId, own.warehouseId)).limit(1);
    // The same area code in another warehouse is not the one taken.
    await call('storehouse/save', { warehouseId: other.warehouseId, code: a.code, name: 'Same code elsewhere' });
    const header = ['Warehouse code', 'Area code', 'Location code', 'Location name', 'Capacity', 'Status'];
    const res = await upload('storagelocation/import', [header, [w.code, a.code, 'IMP-01', '', '', 'Disabled'], [w.code, a.code, 'IMP-02', 'Two', 8, '']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.imported).toBe(2);
    const rows = await db.select().from(storageLocations).where(and(eq(storageLocations.warehouseId, own.warehouseId), inArray(storageLocations.code, ['IMP-01', 'IMP-02'])))
      .orderBy(storageLocations.code);
    expect(rows.map((r) => [r.storehouseId, r.name, r.capacity, r.status])).toEqual([[a.id, 'IMP-01', 0, 'disabled'], [a.id, 'Two', 8, 'normal']]);
    const unknown = await upload('storagelocation/import', [header, [w.code, 'NOSUCHAREA', 'IMP-03', '', '', '']]);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('storehouseCode');
  });

  it('keeps a dealer user to its own locations', async () => {
    const list = await page<LocationRow>('storagelocation', {}, dealer1);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((l) => l.warehouseCode.startsWith('SH0001'))).toBe(true);
    expect((await call('storagelocation/detail', { id: other.locationId }, dealer1)).status).toBe(404);
    expect((await call('storagelocation/update', { id: other.locationId, warehouseId: own.warehouseId, storehouseId: 1, code: 'Q', name: 'Q' }, dealer1)).status).toBe(404);
    expect((await call('storagelocation/delete', { ids: [other.locationId] }, dealer1)).status).toBe(404);
    const [still] = await server.services.db.select().from(storageLocations).where(eq(storageLocations.id, other.locationId));
    expect(still.warehouseId).toBe(other.warehouseId);
  });
});

describe('location rules and suggestions', () => {
  it('creates a rule with target locations of its warehouse only, then updates and deletes it', async () => {
    const locs = await server.services.db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, own.warehouseId)).limit(2);
    const bad = await call('storagelocationRule/save', { warehouseId: own.warehouseId, name: 'Bad', locationIds: [other.locationId] });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('locationIds: Invalid value');
    const created = await call<{ id: number }>('storagelocationRule/save', { warehouseId: own.warehouseId, name: 'R1', pattern: 'EcoDrive', locationIds: locs.map((l) => l.id) });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    expect((await call<LocationRuleRow>('storagelocationRule/detail', { id })).body.data.locationIds.sort()).toEqual(locs.map((l) => l.id).sort());
    expect((await call('storagelocationRule/update', { id, warehouseId: own.warehouseId, name: 'R1b', locationIds: [locs[0].id] })).status).toBe(200);
    const after = await call<LocationRuleRow>('storagelocationRule/detail', { id });
    expect(after.body.data).toMatchObject({ name: 'R1b', pattern: null, locationIds: [locs[0].id] });
    expect((await call('storagelocationRule/delete', { ids: [id] })).status).toBe(200);
    expect((await server.services.db.select().from(locationRuleTargets).where(eq(locationRuleTargets.ruleId, id))).length).toBe(0);
  });

  it('imports rules with their target locations by code within the row\'s warehouse and the brand by name; exports them as listed', async () => {
    const db = server.services.db;
    const [w] = await db.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.id, own.warehouseId));
    const locs = await db.select({ code: storageLocations.code }).from(storageLocations).where(eq(storageLocations.warehouseId, own.warehouseId)).orderBy(storageLocations.code).limit(2);
    const [brand] = await db.select({ name: brands.name }).from(brands).limit(1);
    const header = ['Warehouse code', 'Rule name', 'Brand', 'Specification', 'Pattern', 'Priority', 'Target locations', 'Status'];
    // Location codes are unique only within a warehouse: the row's own warehouse's are taken.
    const res = await upload('storagelocationRule/import', [header, [w.code, 'IMP rule', brand.name, '', 'ImpPattern', 3, locs.map((l) => l.code).join(', '), '']]);
    expect(res.status, res.body.msg).toBe(200);
    const [rule] = await db.select({ id: locationRules.id, priority: locationRules.priority }).from(locationRules).where(eq(locationRules.name, 'IMP rule'));
    expect(rule.priority).toBe(3);
    const detail = await call<LocationRuleRow>('storagelocationRule/detail', { id: rule.id });
    expect(detail.body.data).toMatchObject({ warehouseId: own.warehouseId, brandName: brand.name, pattern: 'ImpPattern', locationCodes: locs.map((l) => l.code) });
    const targets = await db.select({ warehouseId: storageLocations.warehouseId }).from(locationRuleTargets)
      .innerJoin(storageLocations, eq(storageLocations.id, locationRuleTargets.locationId)).where(eq(locationRuleTargets.ruleId, rule.id));
    expect(targets.map((t) => t.warehouseId)).toEqual([own.warehouseId, own.warehouseId]);
    const unknown = await upload('storagelocationRule/import', [header, [w.code, 'IMP rule 2', '', '', '', '', 'NO-SUCH-LOC', '']]);
    expect(unknown.status).toBe(400);

    const file = await fetch(`${server.url}/fms/api/v1/basedata/storagelocationRule/export?lang=en-US`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify({ ids: [rule.id] }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Warehouse', ...header.slice(1)]);
    expect(String(sheet.getRow(2).getCell(7).value)).toContain(locs[0].code);
    await call('storagelocationRule/delete', { ids: [rule.id] });
  });

  it('suggests the most specific matching rule, then the higher priority', async () => {
    const db = server.services.db;
    const area = await call<{ id: number }>('storehouse/save', { warehouseId: own.warehouseId, code: 'S', name: 'Suggest' });
    await call('storagelocation/generate', { storehouseId: area.body.data.id, rows: 4, levels: 1 });
    const codeId = async (code: string) => (await db.select({ id: storageLocations.id }).from(storageLocations)
      .where(and(eq(storageLocations.warehouseId, own.warehouseId), eq(storageLocations.code, code))))[0].id;
    const [material] = await db.select().from(materials).where(eq(materials.code, 'EP20555R16C1'));
    const [otherBrand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.code, 'RL'));
    // Drop the demo catch-all so the test controls every rule of the warehouse.
    await db.delete(locationRules).where(eq(locationRules.warehouseId, own.warehouseId));
    const rule = async (name: string, extra: Record<string, unknown>, code: string) => {
      const res = await call<{ id: number }>('storagelocationRule/save', { warehouseId: own.warehouseId, name, locationIds: [await codeId(code)], ...extra });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data.id;
    };
    const suggest = (token = admin, warehouseId = own.warehouseId) =>
      call<SuggestLocationAnswer>('storagelocationRule/suggest', { warehouseId, materialId: material.id }, token);

    expect((await suggest()).body.data).toEqual({ ruleId: null, ruleName: null, locations: [] });
    await rule('any', { priority: 1 }, 'S-01-01');
    expect((await suggest()).body.data.locations.map((l) => l.code)).toEqual(['S-01-01']);
    await rule('brand', { brandId: material.brandId }, 'S-02-01');
    await rule('other brand', { brandId: otherBrand.id, specification: '205/55R16', pattern: material.pattern }, 'S-04-01');
    expect((await suggest()).body.data.ruleName).toBe('brand');
    const lowSpec = await rule('brand+size low', { brandId: material.brandId, specification: '205/55R16', priority: 1 }, 'S-03-01');
    await rule('brand+size high', { brandId: material.brandId, specification: material.specification, priority: 9 }, 'S-04-01');
    const best = await suggest(dealer1);
    expect(best.status).toBe(200);
    expect(best.body.data.ruleName).toBe('brand+size high');
    expect(best.body.data.locations.map((l) => l.code)).toEqual(['S-04-01']);
    expect(lowSpec).toBeGreaterThan(0);
    // Another dealer's warehouse is not found for dealer1.
    expect((await suggest(dealer1, other.warehouseId)).status).toBe(404);
    expect((await suggest(dealer2, other.warehouseId)).status).toBe(200);
  });
});

describe('staff narrowed by a data role', () => {
  it('sees and writes only the dealers and warehouses of its region', async () => {
    const db = server.services.db;
    const [east] = await db.select({ id: regions.id }).from(regions).where(eq(regions.code, 'EAST'));
    const [role] = await db.insert(roles).values({ code: 'east_only', name: '华东数据', nameEn: 'East only', type: 'data' }).returning();
    await db.insert(roleDataRules).values({ roleId: role.id, kind: 'region', refId: east.id });
    const [staffUser] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'staff'));
    await db.insert(userRoles).values({ userId: staffUser.id, roleId: role.id });
    try {
      const eastDealers = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.regionId, east.id));
      const list = await page<DealerRow>('dealer', {}, staff);
      expect(list.body.data.total).toBe(eastDealers.length);
      expect(list.body.data.list.every((d) => d.regionId === east.id)).toBe(true);
      const seen = await page<WarehouseRow>('warehouse', { pageSize: 100 }, staff);
      expect(seen.body.data.list.every((w) => w.dealerId !== null && eastDealers.some((d) => d.id === w.dealerId))).toBe(true);
      const [central] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC01'));
      expect((await call('warehouse/detail', { id: central.id }, staff)).status).toBe(404);
      const centralNew = await call('warehouse/save', { code: 'STAFFC1', name: 'Central?' }, staff);
      expect(centralNew.status).toBe(400);
      expect(centralNew.body.msg).toBe('dealerId: The record is outside your data scope');
      expect((await call('dealer/save', { code: 'STAFF01', name: 'New dealer' }, staff)).status).toBe(400);
    } finally {
      await db.delete(userRoles).where(eq(userRoles.roleId, role.id));
      await db.delete(roles).where(eq(roles.id, role.id));
    }
  });
});
