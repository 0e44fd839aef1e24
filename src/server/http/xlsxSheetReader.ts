import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { entryStream, ZipRefused, type ZipEntry } from './zipEntries';

/** The parts of ExcelJS's streaming reader this file drives; they are not in its typings. */
interface ReaderParts {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(stream: Readable): Promise<void>;
  _parseWorkbook(stream: Readable): Promise<void>;
  _parseSharedStrings(stream: Readable): AsyncGenerator<unknown>;
  _parseStyles(stream: Readable): Promise<void>;
  _parseWorksheet(stream: Readable, sheetNo: string): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

type Options = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1];

/**
 * The rows of a workbook's first sheet (the first of the workbook's tabs), streamed: ExcelJS's own
 * parsers, fed from the archive's central directory instead of one pass over it.
 *
 * ExcelJS 4.4's reader makes one streaming pass and parses each part as it passes. A workbook
 * written by ExcelJS (this server's templates and exports) stores `xl/workbook.xml` last, and that
 * pass now and then ends without handing it over, so the sheet is read against no workbook and
 * the read fails (exceljs/exceljs#3064: about 1 read in 300 here, an import refused as corrupt).
 * Read by name, the workbook, its relations, shared strings and styles come first whatever the
 * order stored, and the sheet is still unpacked and parsed as it is read.
 */
export async function* firstSheetRows(buf: Buffer, entries: ZipEntry[], options: Options): AsyncGenerator<ExcelJS.Row> {
  // Fed part by part below: the reader opens no input of its own (no file name).
  const reader = new ExcelJS.stream.xlsx.WorkbookReader('', options) as unknown as ReaderParts;
  const part = (name: string) => entries.find((e) => e.name === name);
  const open = (name: string) => {
    const entry = part(name);
    return entry && entryStream(buf, entry);
  };

  const rels = open('xl/_rels/workbook.xml.rels');
  const workbook = open('xl/workbook.xml');
  if (!rels || !workbook) throw new ZipRefused('notZip');
  await reader._parseRels(rels);
  await reader._parseWorkbook(workbook);
  const sharedStrings = open('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings)) { /* cached on the reader */ }
  const styles = open('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);

  const first = reader.model?.sheets?.[0];
  const target = first && reader.workbookRels?.find((r) => r.Id === first.rId)?.Target;
  const name = target?.replace(/^\/?(xl\/)?/, 'xl/');
  const sheetNo = name?.match(/^xl\/worksheets\/sheet(\d+)\.xml$/)?.[1];
  const sheet = name && open(name);
  if (!sheetNo || !sheet) throw new ZipRefused('corrupt');
  for (const { eventType, value } of reader._parseWorksheet(sheet, sheetNo)) {
    if (eventType !== 'worksheet') continue;
    try {
      yield* value;
    } finally {
      sheet.destroy();
    }
    return;
  }
}
