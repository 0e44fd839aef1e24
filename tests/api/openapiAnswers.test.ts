import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server';

/**
 * openapi.json says what every call answers (docs/views-and-subscriptions.md, The API document):
 * a JSON envelope with its data's schema, or, for a call that writes its answer itself, the
 * media type and a schema of the body: an xlsx file as binary of its type, named by
 * content-disposition; a dashboard's NDJSON with the schema of one line; a page as text. And what
 * the document says is what the server sends.
 */
type Media = { schema?: Record<string, unknown> };
type Op = { responses: Record<string, { content?: Record<string, Media>; headers?: Record<string, unknown> }> };
let server: TestServer;
let admin: string;
let doc: { paths: Record<string, Record<string, Op>> };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  doc = (await (await fetch(`${server.url}/fms/api/v1/openapi.json`)).json()) as typeof doc;
});
afterAll(async () => { await server?.stop(); });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
const mediaOf = (path: string, method: string) => Object.keys(doc.paths[`/fms/api/v1${path}`][method].responses[200].content ?? {});

/** Whether a success answer has a body schema that says something. */
function described(op: Op): boolean {
  const content = op.responses[200]?.content;
  if (!content || !Object.keys(content).length) return false;
  return Object.values(content).every(({ schema }) => {
    if (!schema || !Object.keys(schema).length) return false;
    const data = (schema.properties as { data?: object } | undefined)?.data;
    // The envelope: its data must be described too.
    return data === undefined || Object.keys(data).length > 0;
  });
}

describe('what openapi.json says every call answers', () => {
  it('describes the success answer of every operation, downloads included', () => {
    const ops = operations();
    const without = ops.filter(({ op }) => !described(op)).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    // The share the report quotes; every one is the goal.
    console.info(`answers described: ${ops.length - without.length} of ${ops.length}`);
    expect(ops.length).toBeGreaterThan(400);
    expect(without).toEqual([]);
    // Nothing is labelled a mere octet stream: every body names its real type.
    expect(ops.filter(({ op }) => op.responses[200].content?.['application/octet-stream'])).toEqual([]);
  });

  it('gives a file its media type, a binary schema and its name\'s header; a stream of JSON lines the schema of a line', () => {
    const files = operations().filter(({ op }) => op.responses[200].content?.[XLSX]);
    console.info(`xlsx files: ${files.length}`);
    expect(files.length).toBeGreaterThan(100);
    for (const { path, op } of files) {
      expect(op.responses[200].content![XLSX].schema, path).toMatchObject({ type: 'string', contentMediaType: XLSX });
      expect(op.responses[200].headers?.['content-disposition'], path).toBeDefined();
    }
    const streams = operations().filter(({ op }) => op.responses[200].content?.['application/x-ndjson']);
    expect(streams.length).toBeGreaterThan(0);
    for (const { path, op } of streams) {
      const line = op.responses[200].content!['application/x-ndjson'].schema!['x-ndjson-line'] as { anyOf: { required: string[] }[] };
      expect(line.anyOf.map((a) => a.required), path).toEqual([['panel', 'answer'], ['panel', 'error']]);
    }
  });

  it('lists the calls made outside the module routes too: the document itself, health, an export ticket\'s download, the unsubscribe link', () => {
    expect(mediaOf('/openapi.json', 'get')).toEqual(['application/json']);
    expect(mediaOf('/health', 'get')).toEqual(['application/json']);
    expect(mediaOf('/analysis/report/export', 'get')).toEqual([XLSX]);
    expect(mediaOf('/views/unsubscribe-link', 'get')).toEqual(['text/html']);
  });
});

describe('the server sends what the document says', () => {
  const fetchRaw = (path: string, method: string, body?: unknown) => fetch(`${server.url}/fms/api/v1${path}?lang=en-US`, {
    method, headers: { token: admin, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  const sameType = (res: Response, path: string, method: string) => {
    const [said] = mediaOf(path, method);
    expect(res.headers.get('content-type')?.split(';')[0], path).toBe(said);
  };

  it('an export, an import template, the departments\' sheet: xlsx, named', async () => {
    for (const [path, method, body] of [
      ['/system/dict/type/export', 'post', {}], ['/system/dict/type/template', 'get'], ['/sys/dept/export', 'post', {}], ['/analysis/report/scanDetail/export', 'post', {}],
    ] as const) {
      const res = await fetchRaw(path, method.toUpperCase(), body);
      expect(res.status, path).toBe(200);
      sameType(res, path, method);
      expect(res.headers.get('content-disposition'), path).toMatch(/^attachment; filename\*=UTF-8''.+\.xlsx$/);
      // A zip: an xlsx workbook.
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 2).toString(), path).toBe('PK');
    }
  });

  it('an export ticket\'s download, a dashboard\'s batch, the unsubscribe link and the document', async () => {
    const link = await server.call<{ url: string }>('/analysis/report/scanDetail/exportLink', { body: {}, token: admin });
    const download = await fetch(`${server.url}/fms/api/v1${link.body.data.url}`);
    expect(download.status).toBe(200);
    sameType(download, '/analysis/report/export', 'get');
    await download.arrayBuffer();

    const batch = await fetchRaw('/analysis/dashboard/home/batch', 'POST', {});
    sameType(batch, '/analysis/dashboard/home/batch', 'post');
    const lines = (await batch.text()).trim().split('\n').map((l) => JSON.parse(l) as { panel: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => typeof l.panel === 'string')).toBe(true);

    const page = await fetch(`${server.url}/fms/api/v1/views/unsubscribe-link?token=forged.token-of-no-one`);
    sameType(page, '/views/unsubscribe-link', 'get');
    await page.text();

    const self = await fetchRaw('/openapi.json', 'GET');
    sameType(self, '/openapi.json', 'get');
    await self.json();
  });
});
