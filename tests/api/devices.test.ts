import ExcelJS from 'exceljs';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchRow, DeviceOptions, InboxRow, MailDetail, MailUser, PalletRow, PdaRow, SentRow } from '../../src/shared/api/basedata/devices';
import { accountSets, auditLogs, batches, materials, pallets, pdaDevices, scenes, storageLocations, users, warehouses } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let staff: string;
let dealer1: string;
let dealer2: string;
let dealer1Id: number;
let dealer2Id: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  staff = await server.login('staff');
  dealer1 = await server.login('dealer1');
  dealer2 = await server.login('dealer2');
  const db = server.services.db;
  dealer1Id = (await db.select({ id: users.dealerId }).from(users).where(eq(users.userName, 'dealer1')))[0].id!;
  dealer2Id = (await db.select({ id: users.dealerId }).from(users).where(eq(users.userName, 'dealer2')))[0].id!;
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(path, { token, body, lang: 'en-US' });
const db = () => server.services.db;
const warehouseOf = async (dealerId: number) => (await db().select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.dealerId, dealerId)))[0].id;
const rows = async (table: typeof pdaDevices | typeof accountSets | typeof batches | typeof pallets | typeof scenes) =>
  (await db().select({ n: count() }).from(table))[0].n;

/** Posts rows as an xlsx file to an import call. */
async function upload(path: string, rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  const res = await fetch(`${server.url}/fms/api/v1${path}?lang=en-US`, {
    method: 'POST', headers: { token: admin, 'content-type': 'application/octet-stream' }, body: new Uint8Array(await wb.xlsx.writeBuffer()),
  });
  return { status: res.status, body: (await res.json()) as { msg: string; data: { imported?: number } } };
}

describe('PDA devices', () => {
  it('registers a device for a dealer and lists it with its dealer and warehouse, status 0', async () => {
    const warehouseId = await warehouseOf(dealer1Id);
    const res = await call<{ id: number }>('/basedata/pda/save', { serialNo: 'SN-T-0001', name: 'Test 1', model: 'MC3300', dealerId: dealer1Id, warehouseId });
    expect(res.status, res.body.msg).toBe(200);
    const detail = await call<PdaRow>('/basedata/pda/detail', { id: res.body.data.id });
    expect(detail.body.data).toMatchObject({ serialNo: 'SN-T-0001', status: '0', dealerId: dealer1Id, warehouseId, activatedAt: null });
    expect(detail.body.data.dealerCode).toBeTruthy();
    const page = await call<{ list: PdaRow[]; total: number }>('/basedata/pda/selectByPage', { pageNum: 1, pageSize: 50, keyword: 'SN-T-0001' });
    expect(page.body.data.total).toBe(1);
  });

  it('refuses a duplicate serial number with 409 naming the field, and writes nothing', async () => {
    const before = await rows(pdaDevices);
    const res = await call('/basedata/pda/save', { serialNo: 'SN-T-0001', name: 'Again' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('serialNo');
    expect(await rows(pdaDevices)).toBe(before);
  });

  it('refuses bad fields with 400 naming them, and writes nothing', async () => {
    const before = await rows(pdaDevices);
    const blank = await call('/basedata/pda/save', { serialNo: 'SN-T-0002', name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toMatch(/^name: /);
    const badSerial = await call('/basedata/pda/save', { serialNo: 'SN T/2', name: 'x' });
    expect(badSerial.status).toBe(400);
    expect(badSerial.body.msg).toMatch(/^serialNo: /);
    // A warehouse of another dealer than the one chosen.
    const mismatch = await call('/basedata/pda/save', { serialNo: 'SN-T-0003', name: 'x', dealerId: dealer1Id, warehouseId: await warehouseOf(dealer2Id) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toContain('warehouseId');
    expect(await rows(pdaDevices)).toBe(before);
  });

  it('activates from 0 or 2 and freezes from 1; illegal transitions are refused and change nothing; each move is audited', async () => {
    const { body } = await call<{ id: number }>('/basedata/pda/save', { serialNo: 'SN-T-FLOW', name: 'Flow' });
    const id = body.data.id;
    const status = async () => (await call<PdaRow>('/basedata/pda/detail', { id })).body.data;

    const freezeNew = await call('/basedata/pda/freeze', { ids: [id] });
    expect(freezeNew.status).toBe(409);
    expect((await status()).status).toBe('0');

    expect((await call('/basedata/pda/activate', { ids: [id] })).status).toBe(200);
    const active = await status();
    expect(active.status).toBe('1');
    expect(active.activatedAt).toBeTruthy();
    expect((await call('/basedata/pda/activate', { ids: [id] })).status).toBe(409);

    expect((await call('/basedata/pda/freeze', { ids: [id] })).status).toBe(200);
    expect((await status()).status).toBe('2');
    expect((await call('/basedata/pda/freeze', { ids: [id] })).status).toBe(409);
    expect((await call('/basedata/pda/activate', { ids: [id] })).status).toBe(200);
    expect((await status()).status).toBe('1');

    const audit = await db().select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.entity, 'pda_device'), eq(auditLogs.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'activate', 'freeze']));
    expect(audit.filter((a) => a.action === 'activate')).toHaveLength(2);
  });

  it('a mixed selection is refused as a whole', async () => {
    const a = (await call<{ id: number }>('/basedata/pda/save', { serialNo: 'SN-T-MIX-A', name: 'A' })).body.data.id;
    const b = (await call<{ id: number }>('/basedata/pda/save', { serialNo: 'SN-T-MIX-B', name: 'B' })).body.data.id;
    await call('/basedata/pda/activate', { ids: [a] });
    expect((await call('/basedata/pda/activate', { ids: [a, b] })).status).toBe(409);
    const [row] = await db().select({ status: pdaDevices.status }).from(pdaDevices).where(eq(pdaDevices.id, b));
    expect(row.status).toBe('0');
  });

  it('keeps dealer users to their own dealer\'s devices: list, detail, change and transitions of another dealer\'s device answer 404', async () => {
    const theirs = (await call<{ id: number }>('/basedata/pda/save', { serialNo: 'SN-T-D2', name: 'Dealer 2 device', dealerId: dealer2Id })).body.data.id;
    const list = await call<{ list: PdaRow[] }>('/basedata/pda/selectByPage', { pageNum: 1, pageSize: 500 }, dealer1);
    expect(list.status).toBe(200);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((r) => r.dealerId === dealer1Id)).toBe(true);
    expect((await call('/basedata/pda/detail', { id: theirs }, dealer1)).status).toBe(404);
    expect((await call('/basedata/pda/update', { id: theirs, serialNo: 'SN-T-D2', name: 'mine now' }, dealer1)).status).toBe(404);
    expect((await call('/basedata/pda/activate', { ids: [theirs] }, dealer1)).status).toBe(404);
    expect((await call('/basedata/pda/delete', { ids: [theirs] }, dealer1)).status).toBe(404);
    expect((await call<PdaRow>('/basedata/pda/detail', { id: theirs }, dealer2)).status).toBe(200);

    // A dealer user registers for its own dealer; another dealer is refused.
    const own = await call<{ id: number }>('/basedata/pda/save', { serialNo: 'SN-T-D1-OWN', name: 'Mine' }, dealer1);
    expect(own.status, own.body.msg).toBe(200);
    expect((await call<PdaRow>('/basedata/pda/detail', { id: own.body.data.id }, dealer1)).body.data.dealerId).toBe(dealer1Id);
    const foreign = await call('/basedata/pda/save', { serialNo: 'SN-T-D1-X', name: 'x', dealerId: dealer2Id }, dealer1);
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain('dealerId');
    const options = await call<DeviceOptions>('/basedata/pda/options', {}, dealer1);
    expect(options.body.data.dealers.map((d) => d.id)).toEqual([dealer1Id]);
  });

  it('deletes a device', async () => {
    const id = (await call<{ id: number }>('/basedata/pda/save', { serialNo: 'SN-T-DEL', name: 'gone' })).body.data.id;
    expect((await call('/basedata/pda/delete', { ids: [id] })).status).toBe(200);
    expect((await call('/basedata/pda/detail', { id })).status).toBe(404);
  });
});

describe('account sets', () => {
  it('creates, changes and deletes; codes are unique and upper-case', async () => {
    const res = await call<{ id: number }>('/basedata/accountSet/save', { code: 'TSET1', name: 'Test set', dealerId: dealer1Id, erpCompanyCode: '3000' });
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    expect((await call('/basedata/accountSet/update', { id, code: 'TSET1', name: 'Renamed', status: 'disabled' })).status).toBe(200);
    const [row] = await db().select().from(accountSets).where(eq(accountSets.id, id));
    expect(row).toMatchObject({ name: 'Renamed', status: 'disabled', dealerId: null });

    const before = await rows(accountSets);
    const dup = await call('/basedata/accountSet/save', { code: 'TSET1', name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
    const lower = await call('/basedata/accountSet/save', { code: 'tset2', name: 'lower' });
    expect(lower.status).toBe(400);
    expect(lower.body.msg).toBe('code: Please enter uppercase letters');
    expect(await rows(accountSets)).toBe(before);
    expect((await call('/basedata/accountSet/delete', { ids: [id] })).status).toBe(200);
  });
});

describe('batches and batch generation', () => {
  let material: { id: number; code: string };
  beforeAll(async () => {
    [material] = await db().select({ id: materials.id, code: materials.code }).from(materials).where(eq(materials.source, 'factory')).limit(1);
  });
  const tail = () => material.code.replace(/[^A-Z0-9]/g, '').slice(-4);

  it('creates a batch by hand; duplicate codes and bad dates are refused', async () => {
    const ok = await call<{ id: number }>('/basedata/batch/save', { code: 'BTEST001', materialId: material.id, productionDate: '2026-05-01', remark: 'r' });
    expect(ok.status, ok.body.msg).toBe(200);
    const before = await rows(batches);
    const dup = await call('/basedata/batch/save', { code: 'BTEST001', materialId: material.id, productionDate: '2026-05-01' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
    const badDate = await call('/basedata/batch/save', { code: 'BTEST002', materialId: material.id, productionDate: '2026-13-01' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.msg).toMatch(/^productionDate: /);
    const noMaterial = await call('/basedata/batch/save', { code: 'BTEST003', materialId: 999999, productionDate: '2026-05-01' });
    expect(noMaterial.status).toBe(400);
    expect(noMaterial.body.msg).toMatch(/^materialId: /);
    expect(await rows(batches)).toBe(before);
  });

  it('generates codes B + yyMMdd + material tail + sequence, continuing after the highest used', async () => {
    const prefix = `B260520${tail()}`;
    const first = await call<{ codes: string[] }>('/basedata/batch/generate', { materialId: material.id, productionDate: '2026-05-20', count: 3 });
    expect(first.status, first.body.msg).toBe(200);
    expect(first.body.data.codes).toEqual([`${prefix}001`, `${prefix}002`, `${prefix}003`]);
    // A code typed by hand further up: generation continues after it.
    expect((await call('/basedata/batch/save', { code: `${prefix}010`, materialId: material.id, productionDate: '2026-05-20' })).status).toBe(200);
    const next = await call<{ codes: string[] }>('/basedata/batch/generate', { materialId: material.id, productionDate: '2026-05-20', count: 2, dealerId: dealer1Id });
    expect(next.body.data.codes).toEqual([`${prefix}011`, `${prefix}012`]);
    const made = await db().select({ code: batches.code, dealerId: batches.dealerId, productionDate: batches.productionDate })
      .from(batches).where(like(batches.code, `${prefix}%`));
    expect(made).toHaveLength(6);
    expect(made.find((m) => m.code === `${prefix}012`)).toMatchObject({ dealerId: dealer1Id, productionDate: '2026-05-20' });
    const audit = await db().select({ n: count() }).from(auditLogs).where(and(eq(auditLogs.entity, 'batch'), eq(auditLogs.action, 'generate')));
    expect(audit[0].n).toBe(2);
    const listed = await call<{ list: BatchRow[] }>('/basedata/batch/selectByPage', { pageNum: 1, pageSize: 10, keyword: prefix });
    expect(listed.body.data.list[0].materialCode).toBe(material.code);
  });

  it('refuses a bad generation request and writes nothing', async () => {
    const before = await rows(batches);
    const res = await call('/basedata/batch/generate', { materialId: material.id, productionDate: '20260520', count: 2 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^productionDate: /);
    const tooMany = await call('/basedata/batch/generate', { materialId: material.id, productionDate: '2026-05-21', count: 0 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toMatch(/^count: /);
    expect(await rows(batches)).toBe(before);
  });
});

describe('pallets', () => {
  it('codes are unique within a warehouse only; the storage location must be of that warehouse', async () => {
    const w1 = await warehouseOf(dealer1Id);
    const w2 = await warehouseOf(dealer2Id);
    const [loc1] = await db().select({ id: storageLocations.id, code: storageLocations.code }).from(storageLocations).where(eq(storageLocations.warehouseId, w1)).limit(1);
    const [loc2] = await db().select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, w2)).limit(1);
    // The location is chosen by id since the page's move onto the manifest (a select of the warehouse's locations, not a typed code).
    const res = await call<{ id: number }>('/basedata/pallet/save', { warehouseId: w1, code: 'PT01', name: 'Shelf', storageLocationId: loc1.id, capacity: 30 });
    expect(res.status, res.body.msg).toBe(200);
    expect((await call('/basedata/pallet/save', { warehouseId: w2, code: 'PT01', name: 'Shelf elsewhere' })).status).toBe(200);
    const before = await rows(pallets);
    const dup = await call('/basedata/pallet/save', { warehouseId: w1, code: 'PT01', name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
    const badLoc = await call('/basedata/pallet/save', { warehouseId: w1, code: 'PT02', name: 'x', storageLocationId: loc2.id });
    expect(badLoc.status).toBe(400);
    expect(badLoc.body.msg).toBe('storageLocationId: Invalid value');
    const negative = await call('/basedata/pallet/save', { warehouseId: w1, code: 'PT03', name: 'x', capacity: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.msg).toMatch(/^capacity: /);
    const lower = await call('/basedata/pallet/save', { warehouseId: w1, code: 'pt04', name: 'x' });
    expect(lower.body.msg).toBe('code: Please enter uppercase letters');
    expect(await rows(pallets)).toBe(before);
    const [row] = await db().select().from(pallets).where(eq(pallets.id, res.body.data.id));
    expect(row.storageLocationId).toBe(loc1.id);
    // Rows keep the codes they answered before the move, beside the list's labels.
    const detail = await call<PalletRow>('/basedata/pallet/detail', { id: res.body.data.id });
    expect(detail.body.data).toMatchObject({ storageLocationCode: loc1.code, capacity: 30, status: 'normal' });
    expect(detail.body.data.warehouseLabel).toBe(`${detail.body.data.warehouseCode} ${detail.body.data.warehouseName}`);
    const blank = await call<{ id: number }>('/basedata/pallet/save', { warehouseId: w1, code: 'PT05', name: 'No capacity', capacity: '' });
    expect((await call<PalletRow>('/basedata/pallet/detail', { id: blank.body.data.id })).body.data).toMatchObject({ capacity: 0, storageLocationId: null });
  });

  it('imports a file of before the manifest: the location by its code within the row\'s warehouse', async () => {
    const w1 = await warehouseOf(dealer1Id);
    const [w] = await db().select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.id, w1));
    const [loc] = await db().select({ id: storageLocations.id, code: storageLocations.code }).from(storageLocations).where(eq(storageLocations.warehouseId, w1)).limit(1);
    const res = await upload('/basedata/pallet/import', [['Warehouse code', 'Code', 'Name', 'Storage location', 'Capacity', 'Status'], [w.code, 'PTIMP1', 'Imported', loc.code, 12, 'normal']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await db().select().from(pallets).where(and(eq(pallets.warehouseId, w1), eq(pallets.code, 'PTIMP1')));
    expect(row).toMatchObject({ storageLocationId: loc.id, capacity: 12, name: 'Imported' });
  });
});

describe('scenes', () => {
  it('creates a scene for an order type; duplicate codes and unknown order types are refused', async () => {
    const res = await call<{ id: number }>('/basedata/scene/save', { code: 'TSCENE', name: 'Test scene', orderType: 'PR', scanRequired: false, postToErp: true });
    expect(res.status, res.body.msg).toBe(200);
    const [row] = await db().select().from(scenes).where(eq(scenes.id, res.body.data.id));
    expect(row).toMatchObject({ orderType: 'PR', scanRequired: false, postToErp: true, status: 'normal' });
    const before = await rows(scenes);
    const dup = await call('/basedata/scene/save', { code: 'TSCENE', name: 'dup', orderType: 'WL' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
    const badType = await call('/basedata/scene/save', { code: 'TSCENE2', name: 'x', orderType: 'XX' });
    expect(badType.status).toBe(400);
    expect(badType.body.msg).toMatch(/^orderType: /);
    expect(await rows(scenes)).toBe(before);
    const seeded = await call<{ list: { orderType: string }[] }>('/basedata/scene/selectByPage', { pageNum: 1, pageSize: 100 });
    expect(new Set(seeded.body.data.list.map((s) => s.orderType))).toEqual(new Set(['PR', 'WI', 'WL', 'LR', 'TR', 'WC', 'LC', 'PB', 'LB']));
  });
});

describe('scenes in sheets', () => {
  const sheetOf = async (rows: string[][]) => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Sheet1');
    rows.forEach((r) => sheet.addRow(r));
    return new Uint8Array(await wb.xlsx.writeBuffer());
  };
  const post = (path: string, body: BodyInit, lang = 'en-US', type = 'application/octet-stream') =>
    fetch(`${server.url}/fms/api/v1/basedata/scene/${path}?lang=${lang}`, { method: 'POST', headers: { token: admin, 'content-type': type }, body });

  it('reads yes and no as 是/否, Yes/No, true/false or 1/0, a blank as the default, and writes them as 是/否 or Yes/No', async () => {
    const header = ['场景编码', '场景名称', '单据类型', '需要扫码', '过账 ERP', '备注', '状态'];
    const bad = await post('import', await sheetOf([header, ['SHEETA', 'A', 'PR', '也许', '', '', '']]), 'zh-CN');
    expect(bad.status).toBe(400);
    const file = await sheetOf([header, ['SHEETA', 'A', 'PR', '否', '是', '', ''], ['SHEETB', 'B', 'WL 销售出库', 'false', '1', '', ''], ['SHEETC', 'C', 'TR', '', '', '', '']]);
    const good = await post('import', file, 'zh-CN');
    expect(good.status, await good.clone().text()).toBe(200);
    const imported = await db().select().from(scenes).where(like(scenes.code, 'SHEET%')).orderBy(scenes.code);
    expect(imported.map((r) => [r.code, r.orderType, r.scanRequired, r.postToErp])).toEqual([
      ['SHEETA', 'PR', false, true], ['SHEETB', 'WL', false, true], ['SHEETC', 'TR', true, false],
    ]);
    const exported = await post('export', JSON.stringify({ ids: imported.map((r) => r.id) }), 'en-US', 'application/json');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await exported.arrayBuffer());
    const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).slice(1).map((r) => r.slice(1));
    expect(rows[0]).toEqual(['Code', 'Name', 'Order type', 'Scan required', 'Post to ERP', 'Remark', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([['SHEETA', 'No', 'Yes'], ['SHEETB', 'No', 'Yes'], ['SHEETC', 'Yes', 'No']]);
    await call('/basedata/scene/delete', { ids: imported.map((r) => r.id) });
  });
});

describe('mail', () => {
  const userId = async (userName: string) => (await db().select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0].id;
  const unread = async (token: string) => (await call<{ count: number }>('/basedata/mail/unreadCount', {}, token)).body.data.count;

  it('lists whom a user may write to: everyone for staff; own dealer and operator staff for a dealer user', async () => {
    const forStaff = await call<MailUser[]>('/basedata/mail/recipients', {}, staff);
    expect(forStaff.body.data.map((u) => u.userName)).toEqual(expect.arrayContaining(['admin', 'dealer1', 'dealer2']));
    expect(forStaff.body.data.map((u) => u.userName)).not.toContain('staff');
    const forDealer = await call<MailUser[]>('/basedata/mail/recipients', {}, dealer1);
    const names = forDealer.body.data.map((u) => u.userName);
    expect(names).toEqual(expect.arrayContaining(['admin', 'staff']));
    expect(names).not.toContain('dealer2');
    // Writing to another dealer's user is refused.
    const res = await call('/basedata/mail/send', { subject: 'hi', body: 'x', recipientIds: [await userId('dealer2')] }, dealer1);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('recipientIds');
  });

  it('sends a mail; the recipient sees it unread, opening it marks it read; a third user gets 404', async () => {
    const staffId = await userId('staff');
    const unreadBefore = await unread(staff);
    const sent = await call<{ id: number }>('/basedata/mail/send', { subject: 'Stock check', body: 'Please count shelf A.\n<b>not html</b>', recipientIds: [staffId] }, dealer1);
    expect(sent.status, sent.body.msg).toBe(200);
    const id = sent.body.data.id;
    expect(await unread(staff)).toBe(unreadBefore + 1);

    const inbox = await call<{ list: InboxRow[]; total: number }>('/basedata/mail/inbox', { pageNum: 1, pageSize: 20, unread: true }, staff);
    expect(inbox.body.data.list.find((m) => m.id === id)).toMatchObject({ subject: 'Stock check', readAt: null });

    const opened = await call<MailDetail>('/basedata/mail/read', { id }, staff);
    expect(opened.status).toBe(200);
    expect(opened.body.data.body).toBe('Please count shelf A.\n<b>not html</b>');
    expect(opened.body.data.recipients[0].readAt).toBeTruthy();
    expect(await unread(staff)).toBe(unreadBefore);

    // The sender reads it too (without becoming a reader), and sees the read count in the sent box.
    expect((await call('/basedata/mail/read', { id }, dealer1)).status).toBe(200);
    const sentBox = await call<{ list: SentRow[] }>('/basedata/mail/sent', { pageNum: 1, pageSize: 20 }, dealer1);
    expect(sentBox.body.data.list.find((m) => m.id === id)).toMatchObject({ readCount: 1, recipients: [expect.any(String)] });

    expect((await call('/basedata/mail/read', { id }, dealer2)).status).toBe(404);
    expect((await call('/basedata/mail/read', { id }, admin)).status).toBe(404);
    const theirInbox = await call<{ list: InboxRow[] }>('/basedata/mail/inbox', { pageNum: 1, pageSize: 100 }, dealer2);
    expect(theirInbox.body.data.list.some((m) => m.id === id)).toBe(false);
  });

  it('refuses an empty subject with 400 naming it', async () => {
    const res = await call('/basedata/mail/send', { subject: ' ', body: 'x', recipientIds: [await userId('admin')] }, staff);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^subject: /);
  });
});

describe('permissions', () => {
  it('a dealer user without the batch page is refused (403)', async () => {
    expect((await call('/basedata/batch/selectByPage', { pageNum: 1, pageSize: 10 }, dealer1)).status).toBe(403);
  });
  it('staff without delete buttons cannot delete a device', async () => {
    const [d] = await db().select({ id: pdaDevices.id }).from(pdaDevices).limit(1);
    expect((await call('/basedata/pda/delete', { ids: [d.id] }, staff)).status).toBe(403);

  });
});
