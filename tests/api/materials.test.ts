import ExcelJS from 'exceljs';
import { and, eq, inArray, like as sqlLike, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerMaterialRow, MatchSuggestionRow, MaterialRelationRow, MaterialRow } from '../../src/shared/api/basedata/catalogue';
import { auditLogs, brands, dealerMaterials, dealers, materialRelations, materials, resources, roleResources, roles } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let dealer1: string;
let dealer2: string;
let dealer1Id: number;
let dealer2Id: number;
let brandId: number;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: '1000' });
  const db = server.services.db;
  // The demo grants dealers the relation pages; make sure of every button of them too.
  const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  const pages = await db.select({ id: resources.id }).from(resources).where(or(
    sqlLike(resources.perm, 'basedata:materialRelation%'), eq(resources.perm, 'basedata:goods'), sqlLike(resources.perm, 'basedata:goods:%'),
  ));
  await db.insert(roleResources).values(pages.map((p) => ({ roleId: dealerRole.id, resourceId: p.id }))).onConflictDoNothing();
  admin = await server.login('admin');
  dealer1 = await server.login('dealer1');
  dealer2 = await server.login('dealer2');
  dealer1Id = (await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.code, 'SH0001')))[0].id;
  dealer2Id = (await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.code, 'GZ0005')))[0].id;
  brandId = (await db.select({ id: brands.id }).from(brands).where(eq(brands.code, 'EP')))[0].id;
});
afterAll(async () => { await server?.stop(); });

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type ImportAnswer = { code: number; msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } };
const upload = (path: string, body: Buffer | string, token = admin) =>
  fetch(`${server.url}/fms/api/v1${path}?lang=en-US`, {
    method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, body: typeof body === 'string' ? body : new Uint8Array(body),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as ImportAnswer }));

const material = (over: Record<string, unknown> = {}) => ({
  code: 'TST20555R16X1', name: 'Everpeak 205/55R16 91V Test X1', brandId, specification: '205/55R16 91V', pattern: 'Test X1',
  loadIndex: '91', speedIndex: 'V', unit: '条', price: 499.5, source: 'factory', ...over,
});
const HEADER = ['Material code', 'Material name', 'Brand', 'Specification', 'Pattern', 'Load index', 'Speed index', 'Unit', 'Price', 'Source', 'ERP code', 'Status'];

describe('materials', () => {
  it('pages the seeded master with brand and source filters and a spec/pattern search', async () => {
    const all = await server.call<{ list: MaterialRow[]; total: number }>('/basedata/material/selectByPage', { token: admin, body: { pageSize: 5 } });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(299);
    const erp = await server.call<{ list: MaterialRow[]; total: number }>('/basedata/material/selectByPage', { token: admin, body: { source: 'erp', pageSize: 500 } });
    expect(erp.body.data.total).toBe(100);
    expect(erp.body.data.list.every((m) => m.source === 'erp' && m.erpCode)).toBe(true);
    const byBrand = await server.call<{ list: MaterialRow[]; total: number }>('/basedata/material/selectByPage', {
      token: admin, body: { brandId, keyword: '205/55R16', pattern: 'comfort', pageSize: 50 },
    });
    expect(byBrand.body.data.total).toBeGreaterThan(0);
    expect(byBrand.body.data.list.every((m) => m.brandCode === 'EP' && m.specification.startsWith('205/55R16') && /comfort/i.test(m.pattern))).toBe(true);
  });

  it('creates, reads, changes and deletes a material, with each write audited', async () => {
    const saved = await server.call<{ id: number }>('/basedata/material/save', { token: admin, body: material() });
    expect(saved.status, saved.body.msg).toBe(200);
    const id = saved.body.data.id;
    const detail = await server.call<MaterialRow>('/basedata/material/detail', { token: admin, body: { id } });
    expect(detail.body.data).toMatchObject({ code: 'TST20555R16X1', price: '499.50', brandCode: 'EP', source: 'factory', status: 'normal' });
    const changed = await server.call('/basedata/material/update', { token: admin, body: { ...material({ price: '520', status: 'disabled' }), id } });
    expect(changed.status).toBe(200);
    expect((await server.call<MaterialRow>('/basedata/material/detail', { token: admin, body: { id } })).body.data).toMatchObject({ price: '520.00', status: 'disabled' });
    const removed = await server.call('/basedata/material/delete', { token: admin, body: { ids: [id] } });
    expect(removed.status).toBe(200);
    expect((await server.call('/basedata/material/detail', { token: admin, body: { id } })).status).toBe(404);
    const audit = await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'material'), eq(auditLogs.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses a duplicate code with 409 naming the field, and writes nothing', async () => {
    const [seeded] = await server.services.db.select({ code: materials.code }).from(materials).limit(1);
    const res = await server.call('/basedata/material/save', { token: admin, lang: 'en-US', body: material({ code: seeded.code, name: 'Dup' }) });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('code: This value already exists');
    expect(await server.services.db.select().from(materials).where(eq(materials.name, 'Dup'))).toHaveLength(0);
  });

  it('checks the field rules in the caller\'s language', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '' }, 'code: Material code cannot be empty'],
      [{ code: 'ab12' }, 'code: Please enter uppercase letters'],
      [{ code: 'AB-12' }, 'code: Please enter uppercase letters'],
      [{ specification: 'big tyre' }, 'specification: Please enter a tyre size such as 205/55R16 91V'],
      [{ price: -1 }, 'price: The price must be a number of at least 0 with at most 2 decimals'],
      [{ price: '12.345' }, 'price: The price must be a number of at least 0 with at most 2 decimals'],
      [{ price: null }, 'price: This input item is mandatory'],
      [{ source: 'mars' }, 'source: Invalid value'],
      [{ brandId: 99999 }, 'brandId: Invalid value'],
      [{ name: '' }, 'name: This input item is mandatory'],
    ];
    for (const [over, msg] of cases) {
      const res = await server.call('/basedata/material/save', { token: admin, lang: 'en-US', body: material({ code: 'RULE1', ...over }) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const zh = await server.call('/basedata/material/save', { token: admin, lang: 'zh-CN', body: material({ code: 'lower' }) });
    expect(zh.body.msg).toBe('code: 请输入大写字母');
    for (const spec of ['11R22.5 146/143M', '7.00R16LT 118/114L', '225/45ZR17', '195/75R16C 107/105R']) {
      const ok = await server.call('/basedata/material/save', { token: admin, body: material({ code: `SPEC${spec.replace(/\W/g, '')}`.slice(0, 32), specification: spec }) });
      expect(ok.status, `${spec}: ${ok.body.msg}`).toBe(200);
    }
  });

  it('refuses to delete a material a relation or a dealer material references', async () => {
    const db = server.services.db;
    const [rel] = await db.select({ materialId: materialRelations.materialId }).from(materialRelations).where(eq(materialRelations.dealerId, dealer1Id)).limit(1);
    const res = await server.call('/basedata/material/delete', { token: admin, lang: 'en-US', body: { ids: [rel.materialId] } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('The record is in use and cannot be deleted');
    const carried = await db.select({ materialId: dealerMaterials.materialId }).from(dealerMaterials)
      .where(eq(dealerMaterials.dealerId, dealer2Id)).limit(1);
    expect((await server.call('/basedata/material/delete', { token: admin, body: { ids: [carried[0].materialId] } })).status).toBe(409);
    expect(await db.select().from(materials).where(eq(materials.id, rel.materialId!))).toHaveLength(1);
  });

  it('dealers have no access to the material master', async () => {
    expect((await server.call('/basedata/material/selectByPage', { token: dealer1, body: {} })).status).toBe(403);
    expect((await server.call('/basedata/material/save', { token: dealer1, body: material({ code: 'DLR1' }) })).status).toBe(403);
  });
});

describe('material import and export', () => {
  it('imports every row of a good file and exports them back', async () => {
    const good = await upload('/basedata/material/import', await workbook([
      HEADER,
      ['IMPA1', 'Everpeak 205/55R16 91V Import A1', 'Everpeak', '205/55R16 91V', 'Import A1', '91', 'V', '条', 480, 'factory', '', 'normal'],
      ['IMPA2', 'Roadlux 11R22.5 146/143M Import A2', 'RL', '11R22.5 146/143M', 'Import A2', '146/143', 'M', '条', '2150.5', 'erp', '1000999', ''],
    ]));
    expect(good.status, good.body.msg).toBe(200);
    expect(good.body.data.imported).toBe(2);
    const rows = await server.services.db.select().from(materials).where(inArray(materials.code, ['IMPA1', 'IMPA2']));
    expect(rows.map((r) => [r.code, r.price, r.source, r.erpCode]).sort()).toEqual([['IMPA1', '480.00', 'factory', null], ['IMPA2', '2150.50', 'erp', '1000999']]);

    const res = await fetch(`${server.url}/fms/api/v1/basedata/material/export?lang=en-US`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify({ keyword: 'Import A' }),
    });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(3).values as unknown[]).slice(1, 10)).toEqual(['IMPA2', 'Roadlux 11R22.5 146/143M Import A2', 'Roadlux', '11R22.5 146/143M', 'Import A2', '146/143', 'M', '条', 2150.5]);
  });

  it('imports nothing from a file with bad rows and lists each row and field', async () => {
    const bad = await upload('/basedata/material/import', await workbook([
      HEADER,
      ['IMPB1', 'Good row', 'EP', '205/55R16 91V', 'B1', '91', 'V', '条', 480, 'factory', '', ''],
      ['', 'No code', 'EP', '205/55R16 91V', 'B1', '91', 'V', '条', 480, '', '', ''],
      ['impb3', 'Lower case', 'EP', '205/55R16 91V', 'B1', '91', 'V', '条', 480, '', '', ''],
      ['IMPB4', 'Bad brand', 'Nobrand', '205/55R16 91V', 'B1', '91', 'V', '条', 480, '', '', ''],
      ['IMPB5', 'Bad size', 'EP', 'huge', 'B1', '91', 'V', '条', 480, '', '', ''],
      ['IMPB6', 'Bad price', 'EP', '205/55R16 91V', 'B1', '91', 'V', '条', -3, '', '', ''],
      ['IMPA1', 'Taken code', 'EP', '205/55R16 91V', 'B1', '91', 'V', '条', 480, '', '', ''],
      ['IMPB1', 'Twice in the file', 'EP', '205/55R16 91V', 'B1', '91', 'V', '条', 480, '', '', ''],
    ]));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Rows with errors: 7; nothing was imported');
    expect(bad.body.data.errors).toEqual([
      { row: 3, message: 'code: Material code cannot be empty' },
      { row: 4, message: 'code: Please enter uppercase letters' },
      { row: 5, message: 'brand: Invalid value' },
      { row: 6, message: 'specification: Please enter a tyre size such as 205/55R16 91V' },
      { row: 7, message: 'price: The price must be a number of at least 0 with at most 2 decimals' },
      { row: 8, message: 'code: This value already exists' },
      { row: 9, message: 'code: This value already exists (2)' },
    ]);
    expect(await server.services.db.select().from(materials).where(eq(materials.code, 'IMPB1'))).toHaveLength(0);
  });

  it('refuses a file that is not xlsx, and an empty one', async () => {
    const csv = await upload('/basedata/material/import', 'code,name\nA,B');
    expect(csv.status).toBe(400);
    expect(csv.body.msg).toBe('file: Only xls or xlsx files can be uploaded');
    expect((await upload('/basedata/material/import', Buffer.alloc(0))).body.msg).toBe('file: The file holds no rows');
    const headersOnly = await upload('/basedata/material/import', await workbook([HEADER]));
    expect(headersOnly.status).toBe(400);
    expect(headersOnly.body.msg).toBe('file: The file holds no rows');
  });

  it('gives the template with the import headers', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/basedata/material/template?lang=zh-CN`, { headers: { token: admin } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1, 3)).toEqual(['物料编码', '物料名称']);
  });

  it('imports a 20,000-row file in one go', async () => {
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 20_000; i++) {
      const width = 155 + (i % 14) * 10;
      rows.push([`BULK${String(i).padStart(6, '0')}`, `Everpeak ${width}/65R15 88H Bulk ${i}`, 'EP', `${width}/65R15 88H`, `Bulk ${i % 50}`, '88', 'H', '条', 300 + (i % 700), 'factory', '', 'normal']);
    }
    const file = await workbook(rows);
    const started = performance.now();
    const res = await upload('/basedata/material/import', file);
    const seconds = (performance.now() - started) / 1000;
    console.log(`20,000-row material import on ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${seconds.toFixed(1)} s`);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.imported).toBe(20_000);
    const [{ n }] = await server.services.db.$count ? [{ n: await server.services.db.$count(materials, sqlLike(materials.code, 'BULK%')) }] : [{ n: 0 }];
    expect(n).toBe(20_000);
  }, 120_000);
});

describe('material relations', () => {
  const page = (token: string, body: Record<string, unknown> = {}) =>
    server.call<{ list: MaterialRelationRow[]; total: number }>('/basedata/materialRelation/selectByPage', { token, body: { pageSize: 500, ...body } });

  it('staff see every dealer\'s relations; a dealer only its own', async () => {
    const all = await page(admin);
    expect(new Set(all.body.data.list.map((r) => r.dealerId))).toEqual(new Set([dealer1Id, dealer2Id]));
    const own = await page(dealer1);
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBeGreaterThan(0);
    expect(own.body.data.list.every((r) => r.dealerId === dealer1Id)).toBe(true);
    const unmatched = await page(admin, { matched: 'unmatched', dealerId: dealer1Id });
    expect(unmatched.body.data.list.length).toBeGreaterThan(0);
    expect(unmatched.body.data.list.every((r) => r.materialId === null)).toBe(true);
  });

  it('creates relations, forcing a dealer user\'s own dealer, unique per dealer and dealer code', async () => {
    const [m] = await server.services.db.select({ id: materials.id }).from(materials).limit(1);
    const made = await server.call<{ id: number }>('/basedata/materialRelation/save', {
      token: dealer1, body: { dealerId: dealer2Id, dealerMaterialCode: 'OWN-1', dealerMaterialName: '自编 205/55R16', materialId: m.id },
    });
    expect(made.status, made.body.msg).toBe(200);
    const [row] = await server.services.db.select().from(materialRelations).where(eq(materialRelations.id, made.body.data.id));
    expect(row.dealerId).toBe(dealer1Id);
    const dup = await server.call('/basedata/materialRelation/save', {
      token: dealer1, lang: 'en-US', body: { dealerMaterialCode: 'OWN-1', dealerMaterialName: 'again' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('dealerMaterialCode: This value already exists');
    // The same dealer code at another dealer is fine.
    const other = await server.call('/basedata/materialRelation/save', { token: dealer2, body: { dealerMaterialCode: 'OWN-1', dealerMaterialName: 'x' } });
    expect(other.status).toBe(200);
    // Staff name the dealer, and only one they may see.
    expect((await server.call('/basedata/materialRelation/save', { token: admin, body: { dealerMaterialCode: 'S-1', dealerMaterialName: 'x' } })).body.msg)
      .toMatch(/^dealerId: /);
    expect((await server.call('/basedata/materialRelation/save', { token: admin, body: { dealerId: dealer2Id, dealerMaterialCode: 'S-1', dealerMaterialName: 'x', materialId: 999999 } })).status)
      .toBe(400);
  });

  it('answers 404 and writes nothing when a dealer guesses another dealer\'s relation', async () => {
    const [theirs] = await server.services.db.select().from(materialRelations).where(eq(materialRelations.dealerId, dealer2Id)).limit(1);
    expect((await server.call('/basedata/materialRelation/detail', { token: dealer1, body: { id: theirs.id } })).status).toBe(404);
    expect((await server.call('/basedata/materialRelation/update', {
      token: dealer1, body: { id: theirs.id, dealerMaterialCode: 'HACK', dealerMaterialName: 'hack' },
    })).status).toBe(404);
    expect((await server.call('/basedata/materialRelation/delete', { token: dealer1, body: { ids: [theirs.id] } })).status).toBe(404);
    expect((await server.call('/basedata/materialRelation/match', { token: dealer1, body: { id: theirs.id, materialId: 1 } })).status).toBe(404);
    expect((await server.call('/basedata/materialRelation/autoMatch', { token: dealer1, body: { ids: [theirs.id] } })).status).toBe(404);
    const [after] = await server.services.db.select().from(materialRelations).where(eq(materialRelations.id, theirs.id));
    expect(after).toEqual(theirs);
  });

  it('imports relations of the dealer\'s own scope, all or nothing', async () => {
    const [m] = await server.services.db.select({ code: materials.code }).from(materials).limit(1);
    const header = ['Dealer code', 'Dealer material code', 'Dealer material name', 'Material code'];
    const good = await upload('/basedata/materialRelation/import', await workbook([header, ['', 'IMP-1', '导入一', m.code], ['GZ0005', 'IMP-2', '导入二', '']]), dealer1);
    expect(good.status, good.body.msg).toBe(200);
    const rows = await server.services.db.select().from(materialRelations).where(sqlLike(materialRelations.dealerMaterialCode, 'IMP-%'));
    expect(rows.map((r) => r.dealerId)).toEqual([dealer1Id, dealer1Id]);
    const bad = await upload('/basedata/materialRelation/import', await workbook([header, ['SH0001', 'IMP-3', 'x', 'NOPE'], ['SH0001', 'IMP-1', 'again', '']]), admin);
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([{ row: 2, message: 'materialCode: Invalid value' }, { row: 3, message: 'dealerMaterialCode: This value already exists' }]);
  });
});

describe('relation matching', () => {
  it('lists a dealer\'s unmatched relations with suggestions that agree on size and pattern', async () => {
    const res = await server.call<{ list: MatchSuggestionRow[]; total: number }>('/basedata/materialRelation/unmatched', { token: dealer1, body: { pageSize: 100 } });
    expect(res.status, res.body.msg).toBe(200);
    const list = res.body.data.list;
    expect(list.every((r) => r.dealerId === dealer1Id && r.materialId === null)).toBe(true);
    const suggested = list.filter((r) => r.suggestion);
    expect(suggested.length).toBeGreaterThanOrEqual(6);
    for (const r of suggested.filter((x) => x.dealerMaterialCode.startsWith('SH-2'))) {
      const digits = r.suggestion!.specification.split(' ')[0].replace(/\D/g, '');
      expect(r.dealerMaterialName.replace(/\D/g, '')).toContain(digits.slice(0, 3));
      expect(r.suggestion!.score).toBeGreaterThanOrEqual(16);
    }
    expect(list.find((r) => r.dealerMaterialCode === 'SH-9001')!.suggestion).toBeNull();
  });

  it('accepts a pick and the best suggestions, audited; staff need the page\'s edit button', async () => {
    const res = await server.call<{ list: MatchSuggestionRow[] }>('/basedata/materialRelation/unmatched', { token: admin, body: { pageSize: 100, dealerId: dealer2Id } });
    const [first, ...rest] = res.body.data.list.filter((r) => r.suggestion);
    const picked = await server.call('/basedata/materialRelation/match', { token: admin, body: { id: first.id, materialId: first.suggestion!.id } });
    expect(picked.status, picked.body.msg).toBe(200);
    const none = res.body.data.list.find((r) => !r.suggestion)!;
    const auto = await server.call<{ matched: number; skipped: number }>('/basedata/materialRelation/autoMatch', {
      token: admin, body: { ids: [...rest.map((r) => r.id), none.id] },
    });
    expect(auto.body.data).toEqual({ matched: rest.length, skipped: 1 });
    const db = server.services.db;
    const rows = await db.select().from(materialRelations).where(inArray(materialRelations.id, rest.map((r) => r.id)));
    expect(rows.every((r) => r.materialId === rest.find((x) => x.id === r.id)!.suggestion!.id)).toBe(true);
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.entity, 'material_relation'));
    expect(audit.filter((a) => a.action === 'autoMatch')).toHaveLength(rest.length);
    expect(audit.some((a) => a.action === 'match' && a.entityId === String(first.id))).toBe(true);
    expect((await server.call('/basedata/materialRelation/match', { token: admin, body: { id: first.id, materialId: 999999 } })).status).toBe(400);
  });
});

describe('dealer materials', () => {
  const page = (token: string, body: Record<string, unknown> = {}) =>
    server.call<{ list: DealerMaterialRow[]; total: number }>('/basedata/dealerMaterial/selectByPage', { token, body: { pageSize: 500, ...body } });

  it('lists only the dealer\'s own rows for a dealer user', async () => {
    const own = await page(dealer2);
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBeGreaterThan(0);
    expect(own.body.data.list.every((r) => r.dealerId === dealer2Id)).toBe(true);
    const filtered = await page(dealer2, { dealerId: dealer1Id });
    expect(filtered.body.data.total).toBe(0);
  });

  it('creates with the dealer forced to the user\'s own; unique per dealer and material; 404 on another dealer\'s row', async () => {
    const db = server.services.db;
    const carried = (await db.select({ m: dealerMaterials.materialId }).from(dealerMaterials).where(eq(dealerMaterials.dealerId, dealer1Id))).map((r) => r.m);
    const [free] = await db.select({ id: materials.id }).from(materials).where(sqlLike(materials.code, 'SPEC%')).limit(1);
    expect(carried).not.toContain(free.id);
    const made = await server.call<{ id: number }>('/basedata/dealerMaterial/save', {
      token: dealer1, body: { dealerId: dealer2Id, materialId: free.id, price: '455.5', safetyStock: 8 },
    });
    expect(made.status, made.body.msg).toBe(200);
    const [row] = await db.select().from(dealerMaterials).where(eq(dealerMaterials.id, made.body.data.id));
    expect(row).toMatchObject({ dealerId: dealer1Id, price: '455.50', safetyStock: 8 });
    const dup = await server.call('/basedata/dealerMaterial/save', { token: dealer1, lang: 'en-US', body: { materialId: free.id } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('materialId: This value already exists');
    expect((await server.call('/basedata/dealerMaterial/save', { token: dealer1, lang: 'en-US', body: { materialId: carried[0], price: -1 } })).body.msg)
      .toBe('price: The price must be a number of at least 0 with at most 2 decimals');

    const [theirs] = await db.select().from(dealerMaterials).where(eq(dealerMaterials.dealerId, dealer2Id)).limit(1);
    expect((await server.call('/basedata/dealerMaterial/detail', { token: dealer1, body: { id: theirs.id } })).status).toBe(404);
    expect((await server.call('/basedata/dealerMaterial/update', { token: dealer1, body: { id: theirs.id, materialId: theirs.materialId, safetyStock: 999 } })).status).toBe(404);
    expect((await server.call('/basedata/dealerMaterial/delete', { token: dealer1, body: { ids: [theirs.id] } })).status).toBe(404);
    const [after] = await db.select().from(dealerMaterials).where(eq(dealerMaterials.id, theirs.id));
    expect(after).toEqual(theirs);
    // The dealer's own row changes and goes.
    expect((await server.call('/basedata/dealerMaterial/update', { token: dealer1, body: { id: row.id, materialId: free.id, safetyStock: 12 } })).status).toBe(200);
    expect((await server.call('/basedata/dealerMaterial/delete', { token: dealer1, body: { ids: [row.id] } })).status).toBe(200);
  });

  it('offers a dealer user only its own dealer and lets it pick factory materials', async () => {
    const opts = await server.call<{ dealers: { id: number }[] }>('/basedata/dealerMaterial/options', { token: dealer1, body: {} });
    expect(opts.body.data.dealers.map((d) => d.id)).toEqual([dealer1Id]);
    const pick = await server.call<{ code: string }[]>('/basedata/dealerMaterial/materials', { token: dealer1, body: { keyword: '205/55R16' } });
    expect(pick.body.data.length).toBeGreaterThan(0);
  });
});
