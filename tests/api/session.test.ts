import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, sessions, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import {
  EXPIRED_EN, EXPIRED_ZH, WRONG_PASSWORD_EN, WRONG_PASSWORD_ZH, addUser, expectErrorEnvelope, loginLogCount, loginLogsOf,
  sessionRowOf, sha256, userRow,
} from './sessionSupport';

let server: TestServer;
/** A dealer1 session for tests that only read; kept under the login rate limit (30 a minute) of one server. */
let dealerToken: string;
beforeAll(async () => {
  server = await startTestServer();
  dealerToken = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

const login = (userName: string, passWord: string, lang?: string) =>
  server.call<{ token: string; expiresInMinutes: number }>('/sys/login', { body: { userName, passWord }, lang });

const userInfo = (token?: string, lang?: string) =>
  server.call<{ userName: string; theme: string }>('/sys/user/getCurrentUserInfo', { body: {}, token, lang });

const activeSessionsOf = async (userId: number) =>
  server.services.db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

describe('login', () => {
  it('a right user name and password answer a token for a new session, stored only as its hash', async () => {
    const res = await login('admin', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.msg).toBe('操作成功');
    const { token, expiresInMinutes } = res.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresInMinutes).toBe(120);

    const admin = await userRow(server, 'admin');
    const session = await sessionRowOf(server, token);
    expect(session).toMatchObject({ userId: admin.id, revokedAt: null });
    expect(session.tokenHash).toBe(sha256(token));
    const [{ n }] = await server.services.db.select({ n: sql<number>`count(*)::int` }).from(sessions)
      .where(eq(sessions.tokenHash, token));
    expect(n).toBe(0);

    const info = await userInfo(token);
    expect(info.status).toBe(200);
    expect(info.body.data.userName).toBe('admin');
  });

  it('each login opens its own session with a different token', async () => {
    const a = await login('admin', DEMO_PASSWORD);
    const b = await login('admin', DEMO_PASSWORD);
    expect(a.body.data.token).not.toBe(b.body.data.token);
    expect((await sessionRowOf(server, a.body.data.token)).id).not.toBe((await sessionRowOf(server, b.body.data.token)).id);
  });

  it('the user name is trimmed: "  dealer1  " signs in as dealer1 and is logged as dealer1', async () => {
    const res = await login('  dealer1\t ', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const info = await userInfo(res.body.data.token);
    expect(info.body.data.userName).toBe('dealer1');
    const logs = await loginLogsOf(server, 'dealer1');
    expect(logs.at(-1)).toMatchObject({ userName: 'dealer1', success: true, reason: 'ok' });
  });

  it('a wrong password is refused with 400 "用户名或密码错误" by default and in zh-CN, and opens no session', async () => {
    const userId = await addUser(server, 'wrongpw_zh');
    for (const lang of [undefined, 'zh-CN', 'zh-CN,zh;q=0.9,en;q=0.8']) {
      const res = await login('wrongpw_zh', 'Not-the-password1', lang);
      expectErrorEnvelope(res, 400);
      expect(res.body.msg).toBe(WRONG_PASSWORD_ZH);
    }
    expect(await activeSessionsOf(userId)).toHaveLength(0);
    expect((await userRow(server, 'wrongpw_zh')).failedLogins).toBe(3);
  });

  it('a wrong password is refused with 400 "Wrong user name or password" in en-US (header or lang query)', async () => {
    const userId = await addUser(server, 'wrongpw_en');
    const res = await login('wrongpw_en', 'Not-the-password1', 'en-US');
    expectErrorEnvelope(res, 400);
    expect(res.body.msg).toBe(WRONG_PASSWORD_EN);

    const byQuery = await server.call('/sys/login?lang=en-US', { body: { userName: 'wrongpw_en', passWord: 'Not-the-password1' } });
    expectErrorEnvelope(byQuery, 400);
    expect(byQuery.body.msg).toBe(WRONG_PASSWORD_EN);
    expect(await activeSessionsOf(userId)).toHaveLength(0);
  });

  it('an unknown user gets exactly the answer a wrong password gets, so user names cannot be discovered', async () => {
    await addUser(server, 'enum_known');
    for (const lang of ['zh-CN', 'en-US']) {
      const known = await login('enum_known', 'Not-the-password1', lang);
      const unknown = await login('enum_nobody', 'Not-the-password1', lang);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(unknown.body.msg).toBe(lang === 'en-US' ? WRONG_PASSWORD_EN : WRONG_PASSWORD_ZH);
    }
    const logs = await loginLogsOf(server, 'enum_nobody');
    expect(logs).toHaveLength(2);
    for (const log of logs) expect(log).toMatchObject({ success: false, reason: 'badCredentials', userId: null });
  });

  it('every attempt is recorded in login_logs with its outcome, reason, user id and client', async () => {
    const userId = await addUser(server, 'logged_user');
    const before = await loginLogCount(server);
    await login('logged_user', 'Not-the-password1');
    await server.call('/sys/login', { body: { userName: 'logged_user', passWord: DEMO_PASSWORD }, headers: { 'user-agent': 'PDA-Scanner/2.1' } });
    await login('logged_nobody', DEMO_PASSWORD);
    expect(await loginLogCount(server)).toBe(before + 3);

    const logs = await loginLogsOf(server, 'logged_user');
    expect(logs.map((l) => [l.success, l.reason, l.userId])).toEqual([[false, 'badCredentials', userId], [true, 'ok', userId]]);
    expect(logs[1].userAgent).toBe('PDA-Scanner/2.1');
    expect(logs[1].ip).toBeTruthy();
    expect(logs[1].createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('frozen accounts', () => {
  it('a frozen account is refused at login with 403, even with the right password, and the attempt is logged', async () => {
    const userId = await addUser(server, 'frozen_login');
    await server.services.db.update(users).set({ status: 'frozen' }).where(eq(users.id, userId));

    const zh = await login('frozen_login', DEMO_PASSWORD);
    expectErrorEnvelope(zh, 403);
    expect(zh.body.msg).toBe('账号已冻结，请联系管理员');
    const en = await login('frozen_login', DEMO_PASSWORD, 'en-US');
    expectErrorEnvelope(en, 403);
    expect(en.body.msg).toBe('The account is frozen, please contact the administrator');

    expect(await activeSessionsOf(userId)).toHaveLength(0);
    const logs = await loginLogsOf(server, 'frozen_login');
    expect(logs.map((l) => l.reason)).toEqual(['accountFrozen', 'accountFrozen']);
    expect(logs.every((l) => !l.success)).toBe(true);
  });

  it('an existing session of a user frozen afterwards gets 401, and works again when the account is unfrozen', async () => {
    const userId = await addUser(server, 'frozen_later');
    const token = (await login('frozen_later', DEMO_PASSWORD)).body.data.token;
    expect((await userInfo(token)).status).toBe(200);

    await server.services.db.update(users).set({ status: 'frozen' }).where(eq(users.id, userId));
    const refused = await userInfo(token, 'en-US');
    expectErrorEnvelope(refused, 401);
    expect(refused.body.msg).toBe(EXPIRED_EN);
    expectErrorEnvelope(await server.call('/tms/getTmsToken', { token }), 401);

    await server.services.db.update(users).set({ status: 'normal' }).where(eq(users.id, userId));
    expect((await userInfo(token)).status).toBe(200);
  });
});

describe('logout', () => {
  it('after /sys/loginOut the same token gets 401, sessions.revoked_at is set and the logout is logged', async () => {
    const token = (await login('staff', DEMO_PASSWORD)).body.data.token;
    expect((await userInfo(token)).status).toBe(200);

    const out = await server.call('/sys/loginOut', { body: {}, token });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ code: 200, data: null });
    const row = await sessionRowOf(server, token);
    expect(row.revokedAt).toBeInstanceOf(Date);
    expect(row.revokedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const staff = await userRow(server, 'staff');
    expect((await loginLogsOf(server, 'staff')).at(-1)).toMatchObject({ userId: staff.id, success: true, reason: 'logout' });

    const after = await userInfo(token);
    expectErrorEnvelope(after, 401);
    expect(after.body.msg).toBe(EXPIRED_ZH);
    expectErrorEnvelope(await server.call('/sys/loginOut', { body: {}, token }), 401);
  });

  it('logging out ends only that session: the same user signed in elsewhere stays signed in', async () => {
    const here = (await login('dealer2', DEMO_PASSWORD)).body.data.token;
    const elsewhere = (await login('dealer2', DEMO_PASSWORD)).body.data.token;
    expect((await server.call('/sys/loginOut', { body: {}, token: here })).status).toBe(200);
    expectErrorEnvelope(await userInfo(here), 401);
    expect((await userInfo(elsewhere)).status).toBe(200);
    expect((await sessionRowOf(server, elsewhere)).revokedAt).toBeNull();
  });
});

describe('tokens', () => {
  const sessionCalls: { path: string; method: 'GET' | 'POST' }[] = [
    { path: '/sys/user/getCurrentUserInfo', method: 'POST' },
    { path: '/sys/loginOut', method: 'POST' },
    { path: '/sys/user/editCurrentUser', method: 'POST' },
    { path: '/sys/user/changePassword', method: 'POST' },
    { path: '/system/dict/data/groupByType', method: 'POST' },
    { path: '/tms/getTmsToken', method: 'GET' },
  ];

  it('a call without a token is refused with 401 and code 401 in the envelope, on every session call', async () => {
    for (const { path, method } of sessionCalls) {
      const res = await server.call(path, { method, ...(method === 'POST' ? { body: {} } : {}), lang: 'en-US' });
      expectErrorEnvelope(res, 401);
      expect(res.body.msg, path).toBe(EXPIRED_EN);
    }
  });

  it('a forged, empty, over-long or hash-as-token value is refused with 401', async () => {
    const real = dealerToken;
    const forged = [
      randomBytes(32).toString('base64url'),
      `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      sha256(real),
      'x'.repeat(129),
      `${real}${'x'.repeat(200)}`,
      "' or '1'='1",
    ];
    for (const token of forged) {
      const res = await userInfo(token);
      expectErrorEnvelope(res, 401);
      expect(res.body.msg).toBe(EXPIRED_ZH);
    }
    const empty = await server.call('/sys/user/getCurrentUserInfo', { body: {}, headers: { token: '' } });
    expectErrorEnvelope(empty, 401);
    expect((await userInfo(real)).status).toBe(200);
  });

  it('a session in use restarts its idle clock (last_seen_at moves forward)', async () => {
    const token = dealerToken;
    const row = await sessionRowOf(server, token);
    await server.services.db.update(sessions).set({ lastSeenAt: sql`now() - interval '90 minutes'` }).where(eq(sessions.id, row.id));
    expect((await userInfo(token)).status).toBe(200);
    const after = await sessionRowOf(server, token);
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after.revokedAt).toBeNull();
  });
});

describe('captcha when CAPTCHA=off', () => {
  it('GET /sys/captcha answers enabled:false with no key and no image, and stores no captcha', async () => {
    const res = await server.call<{ enabled: boolean; verKey: string; image: string }>('/sys/captcha');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enabled: false, verKey: '', image: '' });
    // Every other login of this file sends neither verCode nor verKey.
    expect(await server.services.db.select().from(captchas)).toEqual([]);
  });
});

describe('dictionaries', () => {
  type Groups = Record<string, { dictLabel: string; dictValue: string }[]>;

  it('groupByType answers receive_order_status, invoice_class and source as dictLabel/dictValue, labelled in the caller\'s language', async () => {
    const token = dealerToken;
    const zh = await server.call<Groups>('/system/dict/data/groupByType', { body: {}, token });
    const en = await server.call<Groups>('/system/dict/data/groupByType', { body: {}, token, lang: 'en-US' });
    expect(zh.status).toBe(200);
    expect(en.status).toBe(200);
    for (const type of ['receive_order_status', 'invoice_class', 'source']) {
      expect(zh.body.data[type]?.length, type).toBeGreaterThan(0);
      for (const entry of zh.body.data[type]) expect(Object.keys(entry).sort()).toEqual(['dictLabel', 'dictValue']);
      expect(en.body.data[type].map((e) => e.dictValue)).toEqual(zh.body.data[type].map((e) => e.dictValue));
    }
    expect(zh.body.data.receive_order_status).toEqual([
      { dictLabel: '新建', dictValue: '0' }, { dictLabel: '扫描中', dictValue: '1' },
      { dictLabel: '已完成', dictValue: '2' }, { dictLabel: '已取消', dictValue: '3' },
    ]);
    expect(en.body.data.receive_order_status.map((e) => e.dictLabel)).toEqual(['Created', 'Scanning', 'Completed', 'Cancelled']);
    expect(zh.body.data.invoice_class.find((e) => e.dictValue === '1')?.dictLabel).toBe('增值税专用发票');
    expect(en.body.data.invoice_class.find((e) => e.dictValue === '1')?.dictLabel).toBe('VAT special invoice');
    expect(en.body.data.source.map((e) => e.dictValue)).toEqual(['ERP', 'PDA', 'WEB', 'IMPORT']);
  });
});

describe('TMS token', () => {
  it('GET /tms/getTmsToken needs a session: 401 without a token', async () => {
    const res = await server.call('/tms/getTmsToken');
    expectErrorEnvelope(res, 401);
  });

  it('GET /tms/getTmsToken is for those who may report stops: a dealer of the demo may not', async () => {
    expectErrorEnvelope(await server.call('/tms/getTmsToken', { token: dealerToken }), 403);
  });

  it('GET /tms/getTmsToken answers a signed token naming the user and dealer, and its expiry about 30 minutes ahead', async () => {
    const token = await server.login('staff');
    const staff = await userRow(server, 'staff');
    const res = await server.call<{ token: string; expiresAt: string }>('/tms/getTmsToken', { token });
    expect(res.status).toBe(200);
    const { token: tms, expiresAt } = res.body.data;
    const [payload, signature] = tms.split('.');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { uid: number; dealerId: number | null; exp: number };
    expect(claims.uid).toBe(staff.id);
    expect(claims.dealerId).toBe(staff.dealerId);
    const expires = Date.parse(expiresAt);
    expect(expires).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(expires).toBeLessThan(Date.now() + 31 * 60_000);
    expect(claims.exp).toBe(Math.floor(expires / 1000));
  });
});

describe('idle expiry (SESSION_IDLE_MINUTES=1)', () => {
  let idle: TestServer;
  beforeAll(async () => { idle = await startTestServer({ SESSION_IDLE_MINUTES: '1' }); });
  afterAll(async () => { await idle?.stop(); });

  const idleLogin = async (userName: string) => {
    const res = await idle.call<{ token: string; expiresInMinutes: number }>('/sys/login', { body: { userName, passWord: DEMO_PASSWORD } });
    expect(res.body.data.expiresInMinutes).toBe(1);
    return res.body.data.token;
  };
  const moveLastSeen = (token: string, seconds: number) =>
    idle.services.db.update(sessions).set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sessions.tokenHash, sha256(token)));

  it('a session unused for longer than the idle limit gets 401 and is revoked', async () => {
    const token = await idleLogin('staff');
    expect((await idle.call('/sys/user/getCurrentUserInfo', { body: {}, token })).status).toBe(200);
    await moveLastSeen(token, 120);
    const res = await idle.call('/sys/user/getCurrentUserInfo', { body: {}, token, lang: 'en-US' });
    expectErrorEnvelope(res, 401);
    expect(res.body.msg).toBe(EXPIRED_EN);
    const [row] = await idle.services.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
    expect(row.revokedAt).toBeInstanceOf(Date);

    // Expired for good: a later call, even right after, does not bring it back.
    await idle.services.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.id));
    expectErrorEnvelope(await idle.call('/sys/user/getCurrentUserInfo', { body: {}, token }), 401);
  });

  it('a session unused for less than the idle limit still works', async () => {
    const token = await idleLogin('dealer1');
    await moveLastSeen(token, 30);
    expect((await idle.call('/sys/user/getCurrentUserInfo', { body: {}, token })).status).toBe(200);
  });

  it('a session used more often than the idle limit never expires: each use 40 s apart restarts the clock', async () => {
    const token = await idleLogin('dealer2');
    for (let use = 1; use <= 3; use++) {
      // 40 s pass (of a 60 s limit) since the session was last seen, then the user clicks again.
      await idle.services.db.update(sessions).set({ lastSeenAt: sql`${sessions.lastSeenAt} - interval '40 seconds'` })
        .where(eq(sessions.tokenHash, sha256(token)));
      const res = await idle.call('/sys/user/getCurrentUserInfo', { body: {}, token });
      expect(res.status, `use ${use}`).toBe(200);
    }
  });
});

describe('wall screens ride out an outage (SESSION_IDLE_MINUTES=1, WALL_SESSION_IDLE_MINUTES=600)', () => {
  let wall: TestServer;
  beforeAll(async () => { wall = await startTestServer({ SESSION_IDLE_MINUTES: '1', WALL_SESSION_IDLE_MINUTES: '600' }); });
  afterAll(async () => { await wall?.stop(); });

  const wallLogin = async (userName: string) => (await wall.call<{ token: string }>('/sys/login', { body: { userName, passWord: DEMO_PASSWORD } })).body.data.token;
  const unusedFor = (token: string, minutes: number) =>
    wall.services.db.update(sessions).set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(sessions.tokenHash, sha256(token)));
  const dashboard = (token: string) => wall.call('/analysis/query/stock.byBrand', { body: {}, token });

  it('the display account (the dashboards page alone) comes back signed in after three hours away; its clock restarts', async () => {
    const token = await wallLogin('display');
    await unusedFor(token, 180);
    expect((await dashboard(token)).status).toBe(200);
    expect((await sessionRowOf(wall, token)).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await wall.call('/sys/user/getCurrentUserInfo', { body: {}, token })).status).toBe(200);
  });

  it('every other account keeps the normal limit, the staff holding the dashboards page among others too', async () => {
    const token = await wallLogin('staff');
    expect((await dashboard(token)).status).toBe(200);
    await unusedFor(token, 180);
    expectErrorEnvelope(await dashboard(token), 401);
  });

  it('a wall screen away longer than its own limit signs in again', async () => {
    const token = await wallLogin('display');
    await unusedFor(token, 601);
    expectErrorEnvelope(await dashboard(token), 401);
    expect((await sessionRowOf(wall, token)).revokedAt).toBeInstanceOf(Date);
  });
});
