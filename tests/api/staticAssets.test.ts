import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server';

/** The console's build, served: hashed assets from memory with the build's own .br and .gz, index.html fresh. */
let server: TestServer;
let webDir: string;
const SCRIPT = 'export const answer = 42;\n'.repeat(50);

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'tyre-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(webDir, 'assets', 'entry-Ab12.js'), SCRIPT);
  writeFileSync(path.join(webDir, 'assets', 'entry-Ab12.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webDir, 'assets', 'entry-Ab12.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(webDir, 'assets', 'tiny-Cd34.css'), 'a{}');
  server = await startTestServer({ WEB_DIR: webDir });
});
afterAll(async () => {
  await server?.stop();
  rmSync(webDir, { recursive: true, force: true });
});

const statusOf = (rawPath: string) => new Promise<number>((resolve, reject) => {
  http.get({ host: '127.0.0.1', port: new URL(server.url).port, path: rawPath }, (res) => {
    res.resume();
    resolve(res.statusCode ?? 0);
  }).on('error', reject);
});
const get = (url: string, headers: Record<string, string> = {}) => fetch(server.url + url, { headers });

describe('the console build', () => {
  it('sends an asset as the build compressed it, for as long as a year, and 304 to a cache that holds it', async () => {
    for (const [accepts, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const res = await get('/assets/entry-Ab12.js', { 'accept-encoding': accepts });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // fetch undoes the encoding: the body is the script whichever was sent.
      expect(await res.text()).toBe(SCRIPT);
    }
    const etag = (await get('/assets/entry-Ab12.js')).headers.get('etag')!;
    expect((await get('/assets/entry-Ab12.js', { 'if-none-match': etag })).status).toBe(304);
    // A file the build did not compress goes as it is.
    const css = await get('/assets/tiny-Cd34.css', { 'accept-encoding': 'br' });
    expect([css.status, css.headers.get('content-encoding'), await css.text()]).toEqual([200, null, 'a{}']);
  });

  it('answers 404 to a name not in the assets folder, and nothing outside it', async () => {
    expect((await get('/assets/missing-Zz99.js')).status).toBe(404);
    // As sent, not as a browser would tidy the path first.
    for (const raw of ['/assets/..%2Findex.html', '/assets/%2e%2e/index.html', '/assets/../index.html', '/assets/%2e%2e%2f%2e%2e%2fpackage.json']) {
      expect(await statusOf(raw), raw).toBe(404);
    }
  });

  it('sends index.html fresh each time, and the dictionary version only with the API\'s answers', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-dict-version')).toBeNull();
    expect((await get('/assets/entry-Ab12.js')).headers.get('x-dict-version')).toBeNull();
    expect((await server.call('/health')).headers.get('x-dict-version')).toMatch(/^\d+$/);
  });
});
