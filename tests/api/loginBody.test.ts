import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { expectErrorEnvelope, loginLogCount, userRow } from './sessionSupport';

// Apart from badInput.test.ts: one server takes 30 logins a minute, and these are many.
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('staff');
});
afterAll(async () => { await server?.stop(); });

const TOO_LARGE_EN = 'The request body is too large';

describe('login body validation', () => {
  it('a userName over 64 characters is refused with 400 "userName: ..." and no attempt is logged', async () => {
    const before = await loginLogCount(server);
    const en = await server.call('/sys/login', { body: { userName: 'a'.repeat(65), passWord: DEMO_PASSWORD }, lang: 'en-US' });
    expectErrorEnvelope(en, 400);
    expect(en.body.msg).toBe('userName: At most 64 characters');
    const zh = await server.call('/sys/login', { body: { userName: 'a'.repeat(1000), passWord: DEMO_PASSWORD } });
    expectErrorEnvelope(zh, 400);
    expect(zh.body.msg).toBe('userName: 不能超过 64 个字符');
    expect(await loginLogCount(server)).toBe(before);

    // 64 characters are still a user name: the attempt is made (and fails) and is logged.
    const edge = await server.call('/sys/login', { body: { userName: 'a'.repeat(64), passWord: DEMO_PASSWORD }, lang: 'en-US' });
    expectErrorEnvelope(edge, 400);
    expect(edge.body.msg).toBe('Wrong user name or password');
    expect(await loginLogCount(server)).toBe(before + 1);
  });

  it('missing, blank or non-string credentials are refused with 400 naming the field, and no attempt is logged', async () => {
    const before = await loginLogCount(server);
    const cases: [unknown, string][] = [
      [{ passWord: DEMO_PASSWORD }, 'userName: This input item is mandatory'],
      [{ userName: '   ', passWord: DEMO_PASSWORD }, 'userName: This input item is mandatory'],
      [{ userName: 'staff' }, 'passWord: This input item is mandatory'],
      [{ userName: 'staff', passWord: '' }, 'passWord: This input item is mandatory'],
      [{ userName: 'staff', passWord: 'x'.repeat(129) }, 'passWord: At most 128 characters'],
      [{ userName: 42, passWord: DEMO_PASSWORD }, 'userName: Invalid value'],
      [{ userName: ['staff'], passWord: DEMO_PASSWORD }, 'userName: Invalid value'],
      [{ userName: 'staff', passWord: { $ne: '' } }, 'passWord: Invalid value'],
      [{ userName: 'staff', passWord: DEMO_PASSWORD, verCode: 'x'.repeat(17) }, 'verCode: At most 16 characters'],
      [{ userName: 'staff', passWord: DEMO_PASSWORD, verKey: 'k'.repeat(65) }, 'verKey: At most 64 characters'],
      [{}, 'userName: This input item is mandatory'],
    ];
    for (const [body, msg] of cases) {
      const res = await server.call('/sys/login', { body, lang: 'en-US' });
      expectErrorEnvelope(res, 400);
      expect(res.body.msg, JSON.stringify(body).slice(0, 80)).toBe(msg);
    }
    expect(await loginLogCount(server)).toBe(before);
  });

  it('a body over 2 MiB is refused with 413 and nothing is written', async () => {
    const before = await loginLogCount(server);
    const big = JSON.stringify({ userName: 'staff', passWord: DEMO_PASSWORD, pad: 'x'.repeat(2 * 1024 * 1024) });
    const res = await server.call('/sys/login', { rawBody: big, lang: 'en-US' });
    expectErrorEnvelope(res, 413);
    expect(res.body.msg).toBe(TOO_LARGE_EN);
    const zh = await server.call('/sys/user/editCurrentUser', { rawBody: JSON.stringify({ theme: 'x'.repeat(3 * 1024 * 1024) }), token });
    expectErrorEnvelope(zh, 413);
    expect(zh.body.msg).toBe('请求体过大');
    expect(await loginLogCount(server)).toBe(before);

    // Just under the limit is parsed, then refused by validation (a 400, not a 413).
    const under = JSON.stringify({ userName: 'staff', passWord: 'x'.repeat(2 * 1024 * 1024 - 100) });
    const ok = await server.call('/sys/login', { rawBody: under, lang: 'en-US' });
    expectErrorEnvelope(ok, 400);
    expect(ok.body.msg).toBe('passWord: At most 128 characters');
    expect(await loginLogCount(server)).toBe(before);
  });

  it('a string holding a NUL character (which PostgreSQL cannot store) is refused with 400 naming the field, not a 500', async () => {
    const before = await loginLogCount(server);
    const login = await server.call('/sys/login', { body: { userName: 'staff\u0000', passWord: DEMO_PASSWORD }, lang: 'en-US' });
    expectErrorEnvelope(login, 400);
    expect(login.body.msg).toBe('userName: Invalid value');
    const pass = await server.call('/sys/login', { body: { userName: 'staff', passWord: `${DEMO_PASSWORD}\u0000` }, lang: 'en-US' });
    expectErrorEnvelope(pass, 400);
    expect(pass.body.msg).toBe('passWord: Invalid value');
    expect(await loginLogCount(server)).toBe(before);

    const nick = (await userRow(server, 'staff')).nickName;
    const edit = await server.call('/sys/user/editCurrentUser', { body: { nickName: 'a\u0000b' }, token, lang: 'en-US' });
    expectErrorEnvelope(edit, 400);
    expect(edit.body.msg).toBe('nickName: Invalid value');
    const theme = await server.call('/sys/user/editCurrentUser', { body: { theme: JSON.stringify({ t: 'a\u0000' }) }, token, lang: 'en-US' });
    expect(theme.status).toBe(200);
    expect((await userRow(server, 'staff')).nickName).toBe(nick);
  });

  it('a field of the wrong type is reported as an invalid value, a missing one as mandatory', async () => {
    const wrongType = await server.call('/sys/user/changePassword', { body: { oldPassword: 1, newPassword: 'Tyre#2026', confirmPassword: 'Tyre#2026' }, token, lang: 'en-US' });
    expectErrorEnvelope(wrongType, 400);
    expect(wrongType.body.msg).toBe('oldPassword: Invalid value');
    const nullValue = await server.call('/sys/user/changePassword', { body: { oldPassword: null, newPassword: 'Tyre#2026', confirmPassword: 'Tyre#2026' }, token, lang: 'en-US' });
    expect(nullValue.body.msg).toBe('oldPassword: Invalid value');
    const missing = await server.call('/sys/user/changePassword', { body: { newPassword: 'Tyre#2026', confirmPassword: 'Tyre#2026' }, token, lang: 'en-US' });
    expect(missing.body.msg).toBe('oldPassword: This input item is mandatory');
  });

  it('extra keys in a login body are ignored and the login still works', async () => {
    const res = await server.call<{ token: string }>('/sys/login', { body: { userName: 'dealer2', passWord: DEMO_PASSWORD, remember: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBeTruthy();
  });
});
