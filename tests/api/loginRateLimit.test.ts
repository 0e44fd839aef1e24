import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { expectErrorEnvelope, loginLogCount } from './sessionSupport';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('staff');
});
afterAll(async () => { await server?.stop(); });

describe('login rate limit', () => {
  it('after 30 login calls in a minute from one address the next is refused with 429, even with the right password', async () => {
    // The login above was the 1st; 29 more bodies that fail validation still count.
    // A made-up X-Forwarded-For does not give a fresh allowance: no proxy is trusted by default.
    for (let i = 2; i <= 30; i++) {
      const res = await server.call('/sys/login', { body: { userName: 'staff' }, lang: 'en-US', headers: { 'x-forwarded-for': `10.9.${i}.1` } });
      expect(res.status, `call ${i}`).toBe(400);
    }
    const before = await loginLogCount(server);
    const refused = await server.call('/sys/login', {
      body: { userName: 'staff', passWord: DEMO_PASSWORD }, lang: 'en-US', headers: { 'x-forwarded-for': '10.9.99.1' },
    });
    expectErrorEnvelope(refused, 429);
    expect(refused.body.msg).toBe('Too many requests, please try again later');
    const zh = await server.call('/sys/login', { body: { userName: 'staff', passWord: DEMO_PASSWORD } });
    expectErrorEnvelope(zh, 429);
    expect(zh.body.msg).toBe('请求过于频繁，请稍后再试');
    expect(await loginLogCount(server)).toBe(before);

    // Only the login call is limited: a signed-in user goes on working.
    expect((await server.call('/sys/user/getCurrentUserInfo', { body: {}, token })).status).toBe(200);
  });
});
