import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, dictData } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let staff: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  staff = await server.login('staff');
});
afterAll(async () => { await server?.stop(); });

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (path: string, body: Buffer | string, token = admin, type = 'application/octet-stream') =>
  fetch(`${server.url}/fms/api/v1${path}?lang=en-US`, { method: 'POST', headers: { token, 'content-type': type }, body: typeof body === 'string' ? body : new Uint8Array(body) })
    .then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } } }));

describe('dictionary types and entries through the list-page calls', () => {
  it('pages, filters and sorts entries of one type', async () => {
    const res = await server.call<{ list: { value: string }[]; total: number }>('/system/dict/data/selectByPage', {
      token: admin, body: { pageNum: 1, pageSize: 2, dictType: 'order_type', orderBy: [{ field: 'value', order: 'desc' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(9);
    expect(res.body.data.list.map((r) => r.value)).toEqual(['WL', 'WI']);
  });

  it('creates a type and an entry, records both in the audit trail, and bumps the dictionary version', async () => {
    const version = (await server.call('/health')).headers.get('x-dict-version');
    const type = await server.call<{ id: number }>('/system/dict/type/save', { token: admin, body: { type: 'tyre_season', name: '季节', nameEn: 'Season' } });
    expect(type.status).toBe(200);
    const entry = await server.call<{ id: number }>('/system/dict/data/save', {
      token: admin, body: { dictType: 'tyre_season', value: 'W', label: '冬季胎', labelEn: 'Winter', sort: 1 },
    });
    expect(entry.status).toBe(200);
    const after = (await server.call('/health')).headers.get('x-dict-version');
    expect(after).not.toBe(version);
    const groups = await server.call<Record<string, { dictLabel: string; dictValue: string }[]>>('/system/dict/data/groupByType', { token: staff, body: {}, lang: 'en-US' });
    expect(groups.body.data.tyre_season).toEqual([{ dictLabel: 'Winter', dictValue: 'W' }]);
    const audit = await server.services.db.select().from(auditLogs).where(eq(auditLogs.entity, 'dict_data'));
    expect(audit.some((a) => a.action === 'create' && a.entityId === String(entry.body.data.id) && a.userName === 'admin')).toBe(true);
  });

  it('refuses a duplicate value within a type with 409 naming the field, and writes nothing', async () => {
    const res = await server.call('/system/dict/data/save', {
      token: admin, lang: 'en-US', body: { dictType: 'order_type', value: 'PR', label: '重复', labelEn: 'Dup' },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('value: This value already exists');
    const rows = await server.services.db.select().from(dictData).where(eq(dictData.label, '重复'));
    expect(rows).toHaveLength(0);
  });

  it('refuses to delete a type that still has entries', async () => {
    const page = await server.call<{ list: { id: number; type: string }[] }>('/system/dict/type/selectByPage', { token: admin, body: { keyword: 'invoice_class' } });
    const id = page.body.data.list.find((t) => t.type === 'invoice_class')!.id;
    const res = await server.call('/system/dict/type/delete', { token: admin, lang: 'en-US', body: { ids: [id] } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('The type still has entries and cannot be deleted');
  });

  it('staff without the dictionary page get 403 on every call of it', async () => {
    for (const path of ['/system/dict/type/selectByPage', '/system/dict/data/save', '/system/dict/data/delete', '/system/dict/data/export']) {
      expect((await server.call(path, { token: staff, body: {} })).status, path).toBe(403);
    }
  });

  it('exports the filtered entries as an xlsx file with localized headers', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/system/dict/data/export?lang=en-US`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify({ dictType: 'order_type' }),
    });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Type', 'Value', 'Label (Chinese)', 'Label (English)', 'Sort', 'Status']);
    expect(sheet.rowCount).toBe(10);
  });

  it('imports all rows of a good file, and none of a file with a bad row, listing each bad row', async () => {
    const header = ['Type', 'Value', 'Label (Chinese)', 'Label (English)', 'Sort'];
    const good = await upload('/system/dict/data/import', await workbook([header, ['source', 'EDI', 'EDI 对接', 'EDI link', 10], ['source', 'API', '接口', 'API', 11]]));
    expect(good.status).toBe(200);
    expect(good.body.data.imported).toBe(2);

    const bad = await upload('/system/dict/data/import', await workbook([
      header, ['source', 'MAIL', '邮件', 'Mail', 12], ['source', '', '空值', 'Empty', 13], ['no_such_type', 'X', 'x', 'x', 1], ['source', 'EDI', '重复', 'Dup', 14],
    ]));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Rows with errors: 3; nothing was imported');
    expect(bad.body.data.errors!.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(bad.body.data.errors![0].message).toBe('value: This input item is mandatory');
    const mail = await server.services.db.select().from(dictData).where(eq(dictData.value, 'MAIL'));
    expect(mail).toHaveLength(0);
  });

  it('refuses files that are not xlsx, and empty files', async () => {
    expect((await upload('/system/dict/data/import', 'just,some,csv')).body.msg).toBe('file: Only xls or xlsx files can be uploaded');
    expect((await upload('/system/dict/data/import', Buffer.alloc(0))).body.msg).toBe('file: The file holds no rows');
    expect((await upload('/system/dict/data/import', await workbook([['Type', 'Value']])))).toMatchObject({ status: 400 });
  });
});
