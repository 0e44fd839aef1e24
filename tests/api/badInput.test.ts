import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { API_BASE } from '../../src/shared/api/envelope';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { addUser, expectErrorEnvelope, loginLogCount, userRow } from './sessionSupport';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('staff');
});
afterAll(async () => { await server?.stop(); });

const MALFORMED_EN = 'The request body is not valid JSON';
const MALFORMED_ZH = '请求体不是合法的 JSON';

/** Sends the raw bytes given, so bodies the harness would not build (wrong type, no type) can be tried. */
async function send(path: string, init: { method?: string; body?: string; headers?: Record<string, string> }) {
  const res = await fetch(server.url + API_BASE + path, { method: init.method ?? 'POST', body: init.body, headers: init.headers });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as { code: number; msg: string; data: unknown }, headers: res.headers };
}

describe('malformed bodies', () => {
  it('malformed JSON is refused with 400 "The request body is not valid JSON" in the caller\'s language, and no attempt is logged', async () => {
    const before = await loginLogCount(server);
    for (const rawBody of ['{"userName": "admin", "passWord": ', '{userName: admin}', "{'userName':'admin'}", '{"userName":"admin"}}']) {
      const en = await server.call('/sys/login', { rawBody, lang: 'en-US' });
      expectErrorEnvelope(en, 400);
      expect(en.body.msg, rawBody).toBe(MALFORMED_EN);
    }
    const zh = await server.call('/sys/login', { rawBody: '{"userName"' });
    expectErrorEnvelope(zh, 400);
    expect(zh.body.msg).toBe(MALFORMED_ZH);
    expect(await loginLogCount(server)).toBe(before);
  });

  it('an empty JSON body is refused like malformed JSON', async () => {
    const res = await server.call('/sys/login', { rawBody: '', lang: 'en-US' });
    expectErrorEnvelope(res, 400);
    expect(res.body.msg).toBe(MALFORMED_EN);
  });

  it('a body that is not JSON (text/plain, form data) is refused with 400, not a 415 or 500', async () => {
    const before = await loginLogCount(server);
    const text = await send('/sys/login', { body: 'userName=admin&passWord=x', headers: { 'content-type': 'text/plain', 'accept-language': 'en-US' } });
    expectErrorEnvelope(text, 400);
    expect(text.body.msg).toBe('body: Invalid value');
    const form = await send('/sys/login', {
      body: `userName=admin&passWord=${encodeURIComponent(DEMO_PASSWORD)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' },
    });
    expectErrorEnvelope(form, 400);
    expect(await loginLogCount(server)).toBe(before);
  });

  it('JSON that is not an object is refused with 400 and changes nothing', async () => {
    const before = await loginLogCount(server);
    for (const rawBody of ['[]', '"admin"', '42', '[{"userName":"admin"}]']) {
      const res = await server.call('/sys/login', { rawBody, lang: 'en-US' });
      expectErrorEnvelope(res, 400);
    }
    expect(await loginLogCount(server)).toBe(before);
  });

  it('a __proto__ key (prototype poisoning) is refused with 400 and does not reach the handler', async () => {
    const before = (await userRow(server, 'staff')).settings;
    const res = await server.call('/sys/user/editCurrentUser', {
      rawBody: '{"theme":"{}","__proto__":{"isAdmin":true}}', token, lang: 'en-US',
    });
    expectErrorEnvelope(res, 400);
    expect((await userRow(server, 'staff')).settings).toBe(before);
  });

  it('malformed JSON to a session call changes nothing: the saved theme stays', async () => {
    const saved = JSON.stringify({ theme: '#1890ff', customTheme: 'dark' });
    expect((await server.call('/sys/user/editCurrentUser', { body: { theme: saved }, token })).status).toBe(200);
    const res = await server.call('/sys/user/editCurrentUser', { rawBody: '{"theme": "{\\"a\\":1}"', token, lang: 'en-US' });
    expectErrorEnvelope(res, 400);
    expect(res.body.msg).toBe(MALFORMED_EN);
    expect((await userRow(server, 'staff')).settings).toBe(saved);
  });
});

describe('no answer leaks internals', () => {
  it('unknown paths and wrong methods answer the 404 envelope in the caller\'s language', async () => {
    const unknown = await server.call('/sys/no-such-call', { body: {}, lang: 'en-US' });
    expectErrorEnvelope(unknown, 404);
    expect(unknown.body.msg).toBe('Not found');
    const wrongMethod = await server.call('/sys/login', { method: 'GET' });
    expectErrorEnvelope(wrongMethod, 404);
    expect(wrongMethod.body.msg).toBe('资源不存在');
  });

  it('a failure inside the server answers 500 "Internal server error" with no stack, SQL or error text', async () => {
    // A password hash no code could have written: verifying it throws deep inside node:crypto.
    const userId = await addUser(server, 'broken_hash');
    await server.services.db.update(users).set({ passwordHash: 'scrypt$3$8$1$c2FsdA==$aGFzaA==' }).where(eq(users.id, userId));
    const en = await server.call('/sys/login', { body: { userName: 'broken_hash', passWord: DEMO_PASSWORD }, lang: 'en-US' });
    expectErrorEnvelope(en, 500);
    expect(en.body.msg).toBe('Internal server error, please contact the administrator');
    const zh = await server.call('/sys/login', { body: { userName: 'broken_hash', passWord: DEMO_PASSWORD } });
    expectErrorEnvelope(zh, 500);
    expect(zh.body.msg).toBe('服务器内部错误，请联系管理员');
    expect(JSON.stringify(en.body)).not.toMatch(/scrypt|crypto|Invalid scrypt/i);
  });

  it('every error answer of this slice is the bare envelope, JSON, with no stack frames, SQL or paths in msg', async () => {
    const answers = [
      await server.call('/sys/login', { rawBody: '{"a":', lang: 'en-US' }),
      await server.call('/sys/login', { body: { userName: "admin' --", passWord: "' or 1=1 --" }, lang: 'en-US' }),
      await server.call('/sys/login', { body: { userName: 'admin\u0000', passWord: DEMO_PASSWORD }, lang: 'en-US' }),
      await server.call('/sys/login', { body: { userName: 'x'.repeat(100), passWord: 'y' } }),
      await server.call('/sys/user/getCurrentUserInfo', { body: {} }),
      await server.call('/sys/user/getCurrentUserInfo', { body: {}, token: 'x'.repeat(64) }),
      await server.call('/sys/user/editCurrentUser', { body: { theme: '{' }, token }),
      await server.call('/sys/user/editCurrentUser', { body: { nickName: 7 }, token }),
      await server.call('/sys/user/editCurrentUser', { body: { unknownField: 1 }, token }),
      await server.call('/sys/user/changePassword', { body: { oldPassword: 'x', newPassword: 'y', confirmPassword: 'y' }, token }),
      await server.call('/sys/user/changePassword', { body: { oldPassword: 1 }, token }),
      await server.call('/system/dict/data/groupByType', { rawBody: '[', token }),
      await server.call('/tms/getTmsToken'),
      await server.call('/nothing/here'),
    ];
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expectErrorEnvelope(res, res.status);
    }
    // A NUL byte in a user name is bad input, not a database error.
    expect(answers[2].body.msg).toBe('userName: Invalid value');
  });
});
