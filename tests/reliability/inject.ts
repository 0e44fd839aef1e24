import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../src/shared/api/envelope';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** One answer as the reliability tests read it: the status, the envelope when JSON, and the answer as searchable text. */
export interface Answer {
  status: number;
  contentType: string;
  /** The parsed envelope of a JSON answer; null for files and streams. */
  json: { code: number; msg: string; data: unknown } | null;
  /** JSON as sent, NDJSON as sent, an xlsx file as its cells (one line per row, cells tab-separated). */
  text: string;
  /** The bytes as sent (an export's workbook, to import again). */
  bytes: Buffer;
}

/**
 * Calls a route in-process (Fastify's inject: no socket, no HTTP parser between test and server).
 * `body` is sent as JSON; `raw` as bytes of `rawType` (an import's workbook).
 */
export async function inject(
  app: FastifyInstance,
  opts: { method?: 'GET' | 'POST'; url: string; token?: string; body?: unknown; raw?: Buffer | string; rawType?: string; lang?: string },
): Promise<Answer> {
  const method = opts.method ?? 'POST';
  const payload = opts.raw ?? (method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined);
  const res = await app.inject({
    method,
    url: API_BASE + opts.url,
    headers: {
      ...(opts.token ? { token: opts.token } : {}),
      ...(payload !== undefined ? { 'content-type': opts.raw !== undefined ? opts.rawType ?? 'application/octet-stream' : 'application/json' } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload,
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const buf = res.rawPayload;
  let json: Answer['json'] = null;
  let text: string;
  if (contentType.startsWith('application/json')) {
    text = buf.toString('utf8');
    json = JSON.parse(text) as Answer['json'];
  } else if (buf.subarray(0, 4).equals(ZIP_MAGIC)) {
    // An xlsx file, whatever its label says.
    text = await sheetText(buf);
  } else {
    text = buf.toString('utf8');
  }
  return { status: res.statusCode, contentType, json, text, bytes: buf };
}

/** Every cell of every sheet of an xlsx file, as text. */
export async function sheetText(buf: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  const lines: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell((cell) => cells.push(cell.text));
      lines.push(cells.join('\t'));
    });
  });
  return lines.join('\n');
}
