import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Workbooks built byte by byte for the upload tests: a zip writer small enough to read, so a
 * test can make files no spreadsheet program would (a bomb, a directory that lies about its
 * sizes) and 200,000 rows in a second. Parts are given as chunks, deflated as they come, so a
 * gigabyte of sheet XML never sits in memory.
 */
export interface Part {
  name: string;
  chunks: Iterable<string>;
  /** Already deflated (a bomb's sheet): the raw deflate data, and what it unpacks to. */
  packed?: { data: Buffer; size: number; crc: number };
}

async function deflate(chunks: Iterable<string>): Promise<{ data: Buffer; size: number; crc: number }> {
  const zip = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  zip.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve, reject) => { zip.on('end', resolve); zip.on('error', reject); });
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    const bytes = Buffer.from(chunk, 'utf8');
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!zip.write(bytes)) await new Promise((resolve) => zip.once('drain', resolve));
  }
  zip.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of the parts; `claimedSize` overrides what the headers say a part unpacks to (a forged directory). */
export async function zipOf(parts: Part[], claimedSize?: (name: string, size: number) => number): Promise<Buffer> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = part.packed ?? await deflate(part.chunks);
    const claimed = claimedSize ? claimedSize(part.name, size) : size;
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(claimed, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    offset += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => String.fromCharCode(65 + i);

/** A row of inline-string and number cells, as sheet XML. */
export function rowXml(r: number, cells: (string | number)[]): string {
  return `<row r="${r}">${cells.map((v, i) => (typeof v === 'number'
    ? `<c r="${column(i)}${r}"><v>${v}</v></c>`
    : `<c r="${column(i)}${r}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`)).join('')}</row>`;
}

/** The parts of a one-sheet workbook around the sheet's rows (each chunk a run of `<row>` elements). */
export function workbookParts(rows: Iterable<string>): Part[] {
  const ns = 'http://schemas.openxmlformats.org/';
  return [
    { name: '[Content_Types].xml', chunks: [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}package/2006/content-types">`
      + `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>`
      + `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`
      + `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`] },
    { name: '_rels/.rels', chunks: [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}package/2006/relationships">`
      + `<Relationship Id="rId1" Type="${ns}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`] },
    { name: 'xl/workbook.xml', chunks: [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}spreadsheetml/2006/main" xmlns:r="${ns}officeDocument/2006/relationships">`
      + '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'] },
    { name: 'xl/_rels/workbook.xml.rels', chunks: [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}package/2006/relationships">`
      + `<Relationship Id="rId1" Type="${ns}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`] },
    { name: 'xl/worksheets/sheet1.xml', chunks: (function* () {
      yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}spreadsheetml/2006/main"><sheetData>`;
      yield* rows;
      yield '</sheetData></worksheet>';
    })() },
  ];
}

/** A workbook of the given rows, the first being the header. */
export function workbookOf(rows: (string | number)[][]): Promise<Buffer> {
  return zipOf(workbookParts((function* () {
    // Rows are joined a thousand at a time: fewer, larger chunks deflate faster.
    for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000).map((r, k) => rowXml(i + k + 1, r)).join('');
  })()));
}

/** A workbook of a header and `count` rows made by `rowOf` (row numbers from 2), built a thousand rows at a time. */
export function generatedWorkbook(header: string[], count: number, rowOf: (n: number) => (string | number)[]): Promise<Buffer> {
  return zipOf(workbookParts((function* () {
    yield rowXml(1, header);
    for (let first = 2; first < count + 2; first += 1000) {
      let chunk = '';
      for (let n = first; n < Math.min(first + 1000, count + 2); n++) chunk += rowXml(n, rowOf(n));
      yield chunk;
    }
  })()));
}

/**
 * A zip bomb: a valid workbook whose sheet XML is `megabytes` MB of one row repeated, about a
 * thousand times smaller packed. The header row matches the dictionary import. The megabyte is
 * deflated once, flushed to a byte boundary, and its packed bytes repeated: a raw deflate
 * stream may be a run of such independent pieces, closed by an empty final block.
 */
export function bombOf(megabytes: number, claimedSize?: (name: string, size: number) => number): Promise<Buffer> {
  const filler = rowXml(2, ['source', 'X'.repeat(1000), '', '', 1]);
  const megabyte = Buffer.from(filler.repeat(Math.ceil((1024 * 1024) / filler.length)));
  const head = Buffer.from(rowXml(1, ['Type', 'Value', 'Label (Chinese)', 'Label (English)', 'Sort']));
  const parts = workbookParts([]);
  const [sheetStart, sheetEnd] = [...parts[4].chunks];
  const start = Buffer.concat([Buffer.from(sheetStart), head]);
  const end = Buffer.from(sheetEnd);
  const piece = (b: Buffer) => deflateRawSync(b, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const packedMegabyte = piece(megabyte);
  let crc = crc32(start);
  for (let i = 0; i < megabytes; i++) crc = crc32(megabyte, crc);
  crc = crc32(end, crc);
  const data = Buffer.concat([piece(start), ...Array.from({ length: megabytes }, () => packedMegabyte), deflateRawSync(end)]);
  parts[4] = { name: parts[4].name, chunks: [], packed: { data, size: start.length + megabytes * megabyte.length + end.length, crc } };
  return zipOf(parts, claimedSize);
}
