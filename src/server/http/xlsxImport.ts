import ExcelJS from 'exceljs';
import { AppError, badRequest } from './errors';
import type { SheetColumn } from './xlsx';
import { firstSheetRows } from './xlsxSheetReader';
import { checkInflatedSizes, zipEntries, ZipRefused, type ZipEntry } from './zipEntries';

export const MAX_IMPORT_ROWS = 50_000;
/**
 * What an uploaded workbook may unpack to, all its parts together. A 50,000-row sheet of a
 * dozen columns is about 30 MB of XML; a zip bomb (a few MB that unpack to gigabytes) is
 * refused before any of it is parsed.
 */
export const MAX_UNPACKED_MB = 100;
const MAX_PARTS = 2000;

const isZip = (buf: Buffer) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b;
const isLegacyXls = (buf: Buffer) => buf.length > 8 && buf.readUInt32BE(0) === 0xd0cf11e0;

/** The envelope's answer to a workbook refused before it is parsed. */
function refusal(problem: ZipRefused['problem']): AppError {
  if (problem === 'tooLarge') return badRequest('importTooLarge', 'file', { max: MAX_UNPACKED_MB });
  if (problem === 'corrupt') return badRequest('xlsxCorrupt', 'file');
  return badRequest('xlsxOnly', 'file');
}

/**
 * The rows of an uploaded workbook's first sheet as objects keyed by column, matched by the
 * header text in either language. Only xlsx content is read; anything else is refused.
 *
 * The workbook is checked before it is parsed (its parts' sizes, claimed and real, against
 * MAX_UNPACKED_MB), then streamed: rows are read as the sheet unpacks and reading stops at the
 * first row past MAX_IMPORT_ROWS, so memory stays bounded whatever the file holds and other
 * calls are answered meanwhile. The sheet read is the workbook's first tab.
 */
export async function readXlsx<Row>(
  buf: unknown, columns: SheetColumn<Row>[],
  /** Sees the header row before any row is read: the column keys found and the non-empty headers no column takes; may throw. */
  checkHeaders?: (found: Set<string>, unknown: string[]) => void,
  /** After each row read, the rows read so far (an import's progress). */
  onRead?: (rows: number) => Promise<void>,
): Promise<{ row: number; values: Record<string, string> }[]> {
  if (!Buffer.isBuffer(buf) || buf.length === 0) throw badRequest('importEmpty', 'file');
  if (isLegacyXls(buf)) throw badRequest('importLegacyXls', 'file');
  if (!isZip(buf)) throw badRequest('xlsxOnly', 'file');
  let entries: ZipEntry[];
  try {
    entries = zipEntries(buf, { maxSize: MAX_UNPACKED_MB * 1024 * 1024, maxEntries: MAX_PARTS });
    if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw new ZipRefused('notZip');
    await checkInflatedSizes(buf, entries);
  } catch (err) {
    if (err instanceof ZipRefused) throw refusal(err.problem);
    throw err;
  }

  const byHeader = new Map<string, string>();
  for (const c of columns) {
    byHeader.set(c.header['zh-CN'].trim(), c.key);
    byHeader.set(c.header['en-US'].trim().toLowerCase(), c.key);
  }
  // An alias never takes a header a column already has.
  for (const c of columns) for (const a of c.aliases ?? []) if (!byHeader.has(a.trim().toLowerCase())) byHeader.set(a.trim().toLowerCase(), c.key);

  const sheet = firstSheetRows(buf, entries, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit' });
  const keys: (string | undefined)[] = [];
  const unknown: string[] = [];
  let headersChecked = false;
  const rows: { row: number; values: Record<string, string> }[] = [];
  try {
    for await (const r of sheet) {
      if (r.number === 1) {
        r.eachCell((cell, col) => {
          const text = cellText(cell.value).trim();
          keys[col] = byHeader.get(text) ?? byHeader.get(text.toLowerCase());
          if (text && !keys[col]) unknown.push(text);
        });
        continue;
      }
      if (!headersChecked) {
        checkHeaders?.(new Set(keys.filter((k): k is string => !!k)), unknown);
        headersChecked = true;
      }
      const values: Record<string, string> = {};
      let any = false;
      r.eachCell((cell, col) => {
        const key = keys[col];
        if (!key) return;
        const text = cellText(cell.value).trim();
        if (text) any = true;
        values[key] = text;
      });
      if (!any) continue;
      if (rows.length === MAX_IMPORT_ROWS) throw badRequest('importTooMany', 'file', { max: MAX_IMPORT_ROWS });
      rows.push({ row: r.number, values });
      await onRead?.(rows.length);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ZipRefused) throw refusal(err.problem);
    // What the parser said goes to the log (the answer says only that the file cannot be read).
    throw Object.assign(badRequest('xlsxCorrupt', 'file'), { cause: err });
  } finally {
    await sheet.return(undefined);
  }
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
