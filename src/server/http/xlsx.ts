import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Language } from '../../shared/i18n/languages';
import { badRequest } from './errors';

export interface SheetColumn<Row> {
  key: string;
  header: { 'zh-CN': string; 'en-US': string };
  width?: number;
  /** Other headers an import also reads as this column (the spellings of older files), in either language. */
  aliases?: string[];
  /** The cell; `lang` is the export's language, for cells that are names rather than data. */
  value(row: Row, lang: Language): string | number | boolean | Date | null | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as sheets show it (spec section 9: 'year-month-day hours:minutes:seconds'), in the server's time zone. */
export const sheetStamp = (d: Date | null | undefined) =>
  d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : null;

/**
 * Streams an xlsx file: rows are written as the source yields them and flushed to the
 * socket, so an export of a million rows never holds the whole file in memory.
 */
export async function streamXlsx<Row>(
  reply: FastifyReply, fileName: string, lang: Language, columns: SheetColumn<Row>[], rows: AsyncIterable<Row[]>,
): Promise<void> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header[lang], key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  reply.header('content-type', 'application/octet-stream');
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  reply.send(out);
  try {
    for await (const batch of rows) {
      for (const row of batch) sheet.addRow(columns.map((c) => c.value(row, lang) ?? null)).commit();
      // Let the event loop run once per batch: the zip's compressed bytes come back through
      // zlib callbacks, and an in-process database (PGlite) never yields between batches, so
      // without this nothing reached the socket until the last row (first byte after 10 s for
      // 213k rows) and the whole file piled up in memory. Then wait while the socket is behind.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await drained(out);
      if (out.destroyed) return; // the client went away
    }
    sheet.commit();
    await workbook.commit();
  } catch (err) {
    out.destroy(err as Error);
    throw err;
  }
}

/** Resolves when the stream can take more, or is closed. */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => { out.off('drain', done); out.off('close', done); resolve(); };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Reads rows in id order, a batch at a time, for streaming. */
export async function* inBatches<Row extends { id: number }>(fetch: (afterId: number, limit: number) => Promise<Row[]>, size = 2000): AsyncIterable<Row[]> {
  let after = 0;
  for (;;) {
    const batch = await fetch(after, size);
    if (!batch.length) return;
    yield batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1].id;
  }
}

export const MAX_IMPORT_ROWS = 50_000;

const isXlsx = (buf: Buffer) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b;
const isLegacyXls = (buf: Buffer) => buf.length > 8 && buf.readUInt32BE(0) === 0xd0cf11e0;

/**
 * The rows of an uploaded workbook's first sheet as objects keyed by column, matched by the
 * header text in either language. Only xlsx content is read; anything else is refused.
 */
export async function readXlsx<Row>(
  buf: unknown, columns: SheetColumn<Row>[],
  /** Sees the header row before any row is read: the column keys found and the non-empty headers no column takes; may throw. */
  checkHeaders?: (found: Set<string>, unknown: string[]) => void,
): Promise<{ row: number; values: Record<string, string> }[]> {
  if (!Buffer.isBuffer(buf) || buf.length === 0) throw badRequest('importEmpty', 'file');
  if (isLegacyXls(buf)) throw badRequest('importLegacyXls', 'file');
  if (!isXlsx(buf)) throw badRequest('xlsxOnly', 'file');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest('xlsxOnly', 'file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw badRequest('importEmpty', 'file');
  if (sheet.rowCount - 1 > MAX_IMPORT_ROWS) throw badRequest('importTooMany', 'file', { max: MAX_IMPORT_ROWS });
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    byHeader.set(c.header['zh-CN'].trim(), c.key);
    byHeader.set(c.header['en-US'].trim().toLowerCase(), c.key);
  }
  // An alias never takes a header a column already has.
  for (const c of columns) for (const a of c.aliases ?? []) if (!byHeader.has(a.trim().toLowerCase())) byHeader.set(a.trim().toLowerCase(), c.key);
  const keys: (string | undefined)[] = [];
  const unknown: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell.value).trim();
    keys[col] = byHeader.get(text) ?? byHeader.get(text.toLowerCase());
    if (text && !keys[col]) unknown.push(text);
  });
  checkHeaders?.(new Set(keys.filter((k): k is string => !!k)), unknown);
  const rows: { row: number; values: Record<string, string> }[] = [];
  sheet.eachRow((r, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    r.eachCell((cell, col) => {
      const key = keys[col];
      if (!key) return;
      const text = cellText(cell.value).trim();
      if (text) any = true;
      values[key] = text;
    });
    if (any) rows.push({ row: rowNumber, values });
  });
  if (!rows.length) throw badRequest('importEmpty', 'file');
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return value.result == null ? '' : String(value.result);
    return '';
  }
  return String(value);
}

/** A workbook with just the header row: the template users fill in before importing. */
export async function sendTemplate<Row>(reply: FastifyReply, fileName: string, lang: Language, columns: SheetColumn<Row>[]) {
  async function* none(): AsyncIterable<Row[]> {}
  await streamXlsx(reply, fileName, lang, columns, none());
}
