import ExcelJS from 'exceljs';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictData } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

/**
 * Import progress (docs/views-and-subscriptions.md, Long imports): a large import read by its
 * ticket while it runs shows its rows read and checked rising, then done; a failed one still names
 * its rows and imports nothing; nobody else reads it.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(async () => { await server?.stop(); });

// Enough rows that checking them takes seconds (a lookup a row), read by a poll every 250 ms.
const ROWS = 6_000;
const HEADER = ['Type', 'Value', 'Label (Chinese)', 'Label (English)', 'Sort'];

async function workbook(prefix: string, rows: number, bad?: number): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(HEADER);
  for (let i = 1; i <= rows; i++) sheet.addRow(['source', i === bad ? '' : `${prefix}${i}`, `导入 ${i}`, `Import ${i}`, i % 100]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

interface Progress { read: number; checked: number; status: string }
const progressOf = async (ticket: string, token = admin) => server.call<Progress>('/import/progress', { body: { ticket }, token, lang: 'en-US' });

/** Sends the file with a new ticket and reads its progress until the import answers. */
async function importWatched(file: Uint8Array<ArrayBuffer>) {
  const { ticket } = (await server.call<{ ticket: string }>('/import/ticket', { body: {}, token: admin })).body.data;
  expect((await progressOf(ticket)).body.data).toEqual({ read: 0, checked: 0, status: 'ready' });
  let answered = false;
  const answer = fetch(`${server.url}/fms/api/v1/system/dict/data/import?lang=en-US&ticket=${ticket}`, {
    method: 'POST', headers: { token: admin, 'content-type': 'application/octet-stream' }, body: file,
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as { msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } } }))
    .finally(() => { answered = true; });
  const seen: Progress[] = [];
  while (!answered) {
    seen.push((await progressOf(ticket)).body.data);
    await new Promise((done) => setTimeout(done, 250));
  }
  return { ticket, seen, result: await answer };
}

describe('import progress', () => {
  it('a 6,000-row import shows its rows read and checked rising while it runs, then done', async () => {
    const { ticket, seen, result } = await importWatched(await workbook('IMP-P', ROWS));
    expect(result.status, result.body.msg).toBe(200);
    expect(result.body.data.imported).toBe(ROWS);
    // Seen mid-way: some rows read or checked, not all.
    const midway = seen.filter((p) => ['reading', 'checking'].includes(p.status) && (p.status === 'reading' ? p.read : p.checked) < ROWS);
    expect(midway.length, JSON.stringify(seen)).toBeGreaterThan(1);
    // Never going back: reading comes before checking, counts only rise.
    const steps = seen.map((p) => ['ready', 'reading', 'checking', 'writing', 'done'].indexOf(p.status) * 1e6 + (p.status === 'checking' ? p.checked : p.read));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect((await progressOf(ticket)).body.data).toEqual({ read: ROWS, checked: ROWS, status: 'done' });
    expect(await server.services.db.$count(dictData, like(dictData.value, 'IMP-P%'))).toBe(ROWS);
  }, 180_000);

  it('a file with a bad row still names it, imports nothing, and its ticket ends failed', async () => {
    const { ticket, result } = await importWatched(await workbook('IMP-Q', 3_000, 2_500));
    expect(result.status).toBe(400);
    expect(result.body.data.errors).toEqual([{ row: 2_501, message: 'value: This input item is mandatory' }]);
    expect((await progressOf(ticket)).body.data).toEqual({ read: 3_000, checked: 3_000, status: 'failed' });
    expect(await server.services.db.$count(dictData, like(dictData.value, 'IMP-Q%'))).toBe(0);
  }, 180_000);

  it('only the ticket\'s owner reads it; a ticket is used once', async () => {
    const { ticket } = (await server.call<{ ticket: string }>('/import/ticket', { body: {}, token: admin })).body.data;
    expect((await progressOf(ticket, await server.login('staff'))).status).toBe(404);
    expect((await server.call('/analysis/report/export?ticket=' + ticket, { token: admin })).status).toBe(404);
    expect((await progressOf(ticket)).body.data.status).toBe('ready');
  });
});
