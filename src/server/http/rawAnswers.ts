import type { z } from 'zod';

/** The media type of an xlsx workbook: what every export and import template is sent as. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What a raw route (one that writes its reply itself, without the envelope) answers, for the API
 * document: its media type, whether it is a file to save (named by `content-disposition`), and for
 * a stream of JSON lines the schema of one line.
 */
export interface RawAnswer {
  mediaType: string;
  /** A download: the answer carries `content-disposition: attachment` with the file's name. */
  file?: boolean;
  /** NDJSON: what each line is. */
  line?: z.ZodType;
  description: string;
}

/** An xlsx workbook streamed as a download (`streamXlsx`, `sendTemplate`). */
export const XLSX_FILE: RawAnswer = { mediaType: XLSX_TYPE, file: true, description: 'The xlsx workbook, named by content-disposition' };

/** A page for a browser (a mail's link). */
export const HTML_PAGE: RawAnswer = { mediaType: 'text/html', description: 'A page for the browser that followed the link' };

/** JSON lines, each one `line`, written as each is ready. */
export const ndjsonOf = (line: z.ZodType, description: string): RawAnswer => ({ mediaType: 'application/x-ndjson', line, description });

/** The document itself. */
export const JSON_DOCUMENT: RawAnswer = { mediaType: 'application/json', description: 'The OpenAPI 3.1 document' };
