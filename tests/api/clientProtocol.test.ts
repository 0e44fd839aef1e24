import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PROTOCOL, MIN_CLIENT_PROTOCOL } from '../../src/shared/api/protocol';
import { startTestServer, type TestServer } from './server';

/** The console's build speaks a protocol; a server that no longer speaks it says so (docs/offline-floor.md). */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(async () => { await server?.stop(); });

describe('the client protocol', () => {
  it('refuses a console older than the oldest protocol it speaks with 426 and a message to reload, in the caller\'s language', async () => {
    for (const old of [String(MIN_CLIENT_PROTOCOL - 1), 'x']) {
      const res = await server.call('/sys/user/getCurrentUserInfo', { body: {}, token: admin, lang: 'en-US', headers: { 'x-client-protocol': old } });
      expect(res.status).toBe(426);
      expect(res.body).toEqual({ code: 426, msg: 'This console is older than the server still speaks: reload the page to load the new version', data: null });
    }
    const zh = await server.call('/health', { lang: 'zh-CN', headers: { 'x-client-protocol': '0' } });
    expect(zh.status).toBe(426);
    expect(zh.body.msg).toContain('请刷新页面');
  });

  it('serves the current console, and callers that send no protocol (a PDA, scripts)', async () => {
    expect((await server.call('/sys/user/getCurrentUserInfo', { body: {}, token: admin, headers: { 'x-client-protocol': String(CLIENT_PROTOCOL) } })).status).toBe(200);
    expect((await server.call('/sys/user/getCurrentUserInfo', { body: {}, token: admin })).status).toBe(200);
  });

  it("lets the console's service worker and manifest load under its content security policy", async () => {
    const csp = (await server.call('/health')).headers.get('content-security-policy')!;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // The camera's barcode reader is WebAssembly.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  });
});
