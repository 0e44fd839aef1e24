import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { formatDateTime } from '../../shared/dates';
import type { Language } from '../../shared/i18n/languages';
import { XLSX_TYPE } from './rawAnswers';

export interface SheetColumn<Row> {
  key: string;
  header: { 'zh-CN': string; 'en-US': string };
  width?: number;
  /** Other headers an import also reads as this column (the spellings of older files), in either language. */
  aliases?: string[];
  /** The cell; `lang` is the export's language, for cells that are names rather than data. */
  value(row: Row, lang: Language): string | number | boolean | Date | null | undefined;
}

/** A cell of a value read from the database: text, a number, a flag or a moment as it is, anything else as text. */
export const sheetCell = (v: unknown): string | number | boolean | Date | null =>
  (v === null || v === undefined ? null : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date ? v : String(v));

/** A moment as sheets show it (`formatDateTime`), in the server's time zone. */
export const sheetStamp = (d: Date | null | undefined) => (d ? formatDateTime(d) : null);

/** A streamed workbook writing to `out`, its one sheet headed by the columns in the language. */
function sheetOn<Row>(out: PassThrough, lang: Language, columns: SheetColumn<Row>[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header[lang], key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  return { workbook, sheet };
}

/**
 * The same file as `streamXlsx` sends, in memory (a mail's attachment), written batch by batch and
 * given up once it passes `maxBytes`: null then, and the source is closed.
 */
export async function xlsxBuffer<Row>(lang: Language, columns: SheetColumn<Row>[], rows: AsyncIterable<Row[]>, maxBytes: number): Promise<{ file: Buffer; rows: number } | null> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  let size = 0;
  out.on('data', (chunk: Buffer) => { chunks.push(chunk); size += chunk.length; });
  const ended = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });
  const { workbook, sheet } = sheetOn(out, lang, columns);
  let count = 0;
  const batches = rows[Symbol.asyncIterator]();
  try {
    for (let next = await batches.next(); !next.done; next = await batches.next()) {
      for (const row of next.value) sheet.addRow(columns.map((c) => c.value(row, lang) ?? null)).commit();
      count += next.value.length;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (size > maxBytes) {
        await batches.return?.();
        out.destroy();
        return null;
      }
    }
    sheet.commit();
    await workbook.commit();
    await ended;
  } catch (err) {
    await batches.return?.();
    throw err;
  }
  return size > maxBytes ? null : { file: Buffer.concat(chunks), rows: count };
}

/** Rows written between two turns of the event loop: about a millisecond of this thread's work. */
const ROWS_BETWEEN_TURNS = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Streams an xlsx file: rows are written as the source yields them and flushed to the
 * socket, so an export of a million rows never holds the whole file in memory.
 */
export async function streamXlsx<Row>(
  reply: FastifyReply, fileName: string, lang: Language, columns: SheetColumn<Row>[], rows: AsyncIterable<Row[]>,
  /** After each batch, the rows written so far; answering false stops the export (a cancel): the source's query is closed. */
  onBatch?: (written: number) => Promise<boolean>,
  /** After every ROWS_BETWEEN_TURNS rows and each batch: a turn of the event loop (on the embedded database, `longWorkTurn` of its gate). */
  turn: () => Promise<void> = nextTurn,
): Promise<boolean> {
  const out = new PassThrough();
  const { workbook, sheet } = sheetOn(out, lang, columns);
  // The first batch is read before anything is sent: a query that fails at once is answered as an
  // error in the envelope, not as a download broken off.
  const batches = rows[Symbol.asyncIterator]();
  let next = await batches.next();
  reply.header('content-type', XLSX_TYPE);
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  reply.send(out);
  try {
    let written = 0;
    for (; !next.done; next = await batches.next()) {
      // Fifty rows at a time, the event loop run between: writing a batch's XML is this thread's
      // work, and scans waiting on it beside an export took 4 ms at p50 alone, 95 ms beside.
      for (let i = 0; i < next.value.length; i++) {
        if (i > 0 && i % ROWS_BETWEEN_TURNS === 0) await turn();
        sheet.addRow(columns.map((c) => c.value(next.value[i], lang) ?? null)).commit();
      }
      written += next.value.length;
      if (onBatch && !(await onBatch(written))) {
        out.destroy();
        return false;
      }
      // Let the event loop run once per batch: the zip's compressed bytes come back through
      // zlib callbacks, and an in-process database (PGlite) never yields between batches, so
      // without this nothing reached the socket until the last row (first byte after 10 s for
      // 213k rows) and the whole file piled up in memory. Then wait while the socket is behind.
      await turn();
      if (out.writableNeedDrain) await drained(out);
      if (out.destroyed) return false; // the client went away
    }
    sheet.commit();
    await workbook.commit();
    return true;
  } catch (err) {
    // The headers are out: the download is broken off (the client sees an incomplete file), and the cause logged.
    reply.log.error({ err }, 'export broken off');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    return false;
  } finally {
    // Stopped early (the client went away, or an error): the source closes what it holds (a cursor).
    if (!next.done) await batches.return?.();
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

/** A workbook with just the header row: the template users fill in before importing. */
export async function sendTemplate<Row>(reply: FastifyReply, fileName: string, lang: Language, columns: SheetColumn<Row>[]) {
  async function* none(): AsyncIterable<Row[]> {}
  await streamXlsx(reply, fileName, lang, columns, none());
}
