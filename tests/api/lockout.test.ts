import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { addUser, expectErrorEnvelope, loginLogsOf, userRow } from './sessionSupport';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

const login = (s: TestServer, userName: string, passWord: string, lang = 'en-US') =>
  s.call<{ token: string }>('/sys/login', { body: { userName, passWord }, lang });

const openSessions = async (s: TestServer, userId: number) =>
  s.services.db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/**
 * An account locked as the 5th wrong password leaves it (that path is tested on its own
 * below): written directly so that each test stays within the login rate limit of one server.
 */
async function lockInDb(s: TestServer, userName: string, minutes: number): Promise<number> {
  const userId = await addUser(s, userName);
  await s.services.db.update(users).set({ lockedUntil: new Date(Date.now() + minutes * 60_000 - 1000) }).where(eq(users.id, userId));
  return userId;
}

const LOCKED_15 = 'Too many failed logins: the account is locked, try again in 15 minutes';

describe('lockout with the default limits (5 failures, 15 minutes)', () => {
  it('wrong old passwords in changePassword count towards the lockout, and locking signs the user out', async () => {
    const userId = await addUser(server, 'lock_change');
    const token = (await login(server, 'lock_change', DEMO_PASSWORD)).body.data.token;
    const change = (old: string) => server.call('/sys/user/changePassword', {
      token, lang: 'en-US', body: { oldPassword: old, newPassword: 'Tyre#2027', confirmPassword: 'Tyre#2027' },
    });
    for (let i = 1; i <= 4; i++) {
      const res = await change(`Guess#${i}x`);
      expectErrorEnvelope(res, 400);
      expect(res.body.msg).toBe('oldPassword: The old password is wrong');
    }
    const fifth = await change('Guess#5x');
    expectErrorEnvelope(fifth, 429);
    expect(fifth.body.msg).toBe(LOCKED_15);
    expect((await userRow(server, 'lock_change')).lockedUntil).not.toBeNull();
    expect(await openSessions(server, userId)).toHaveLength(0);
  });

  it('5 wrong passwords in a row lock the account: the 5th answers 429 naming the minutes and locked_until is set', async () => {
    await addUser(server, 'lock_five');
    for (let i = 1; i <= 4; i++) {
      const res = await login(server, 'lock_five', `Wrong#${i}pass`);
      expectErrorEnvelope(res, 400);
      expect(res.body.msg).toBe('Wrong user name or password');
      expect((await userRow(server, 'lock_five')).failedLogins).toBe(i);
    }
    const before = Date.now();
    const fifth = await login(server, 'lock_five', 'Wrong#5pass');
    expectErrorEnvelope(fifth, 429);
    expect(fifth.body.msg).toBe(LOCKED_15);

    const user = await userRow(server, 'lock_five');
    expect(user.lockedUntil).toBeInstanceOf(Date);
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(before + 14 * 60_000);
    expect(user.lockedUntil!.getTime()).toBeLessThan(Date.now() + 16 * 60_000);
    const logs = await loginLogsOf(server, 'lock_five');
    expect(logs.map((l) => l.reason)).toEqual([...Array(4).fill('badCredentials'), 'accountLocked']);
  });

  it('while locked even the right password is refused with 429 (in the caller\'s language) and opens no session', async () => {
    const userId = await lockInDb(server, 'lock_right', 15);

    const en = await login(server, 'lock_right', DEMO_PASSWORD);
    expectErrorEnvelope(en, 429);
    expect(en.body.msg).toBe(LOCKED_15);
    const zh = await login(server, 'lock_right', DEMO_PASSWORD, 'zh-CN');
    expectErrorEnvelope(zh, 429);
    expect(zh.body.msg).toBe('登录失败次数过多，账号已锁定，请 15 分钟后再试');

    expect(await openSessions(server, userId)).toHaveLength(0);
    const logs = await loginLogsOf(server, 'lock_right');
    expect(logs.map((l) => [l.success, l.reason, l.userId])).toEqual([[false, 'accountLocked', userId], [false, 'accountLocked', userId]]);
  });

  it('a lock does not reach other accounts', async () => {
    await lockInDb(server, 'lock_victim', 15);
    await addUser(server, 'lock_bystander');
    expect((await login(server, 'lock_victim', DEMO_PASSWORD)).status).toBe(429);
    expect((await login(server, 'lock_bystander', DEMO_PASSWORD)).status).toBe(200);
    expect((await userRow(server, 'lock_bystander')).lockedUntil).toBeNull();
  });

  it('a success before the limit resets failed_logins, so the count starts again', async () => {
    await addUser(server, 'lock_reset');
    for (let i = 1; i <= 4; i++) await login(server, 'lock_reset', `Wrong#${i}pass`);
    expect((await userRow(server, 'lock_reset')).failedLogins).toBe(4);

    expect((await login(server, 'lock_reset', DEMO_PASSWORD)).status).toBe(200);
    expect((await userRow(server, 'lock_reset')).failedLogins).toBe(0);

    for (let i = 1; i <= 2; i++) {
      const res = await login(server, 'lock_reset', `Again#${i}pass`);
      expect(res.status).toBe(400);
    }
    const user = await userRow(server, 'lock_reset');
    expect(user.failedLogins).toBe(2);
    expect(user.lockedUntil).toBeNull();
  });

  it('when the lock time has passed the right password signs in again and clears the lock', async () => {
    const userId = await lockInDb(server, 'lock_over', 15);
    expect((await login(server, 'lock_over', DEMO_PASSWORD)).status).toBe(429);

    await server.services.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, userId));
    const ok = await login(server, 'lock_over', DEMO_PASSWORD);
    expect(ok.status).toBe(200);
    const user = await userRow(server, 'lock_over');
    expect(user.lockedUntil).toBeNull();
    expect(user.failedLogins).toBe(0);
    expect(await openSessions(server, userId)).toHaveLength(1);
  });
});

describe('lockout limits come from LOGIN_MAX_FAILURES and LOGIN_LOCK_MINUTES', () => {
  let strict: TestServer;
  beforeAll(async () => { strict = await startTestServer({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '7' }); });
  afterAll(async () => { await strict?.stop(); });

  it('with LOGIN_MAX_FAILURES=3 the 3rd wrong password locks the account for LOGIN_LOCK_MINUTES=7', async () => {
    const userId = await addUser(strict, 'strict_user');
    expect((await login(strict, 'strict_user', 'Wrong#1pass')).status).toBe(400);
    expect((await login(strict, 'strict_user', 'Wrong#2pass')).status).toBe(400);
    const third = await login(strict, 'strict_user', 'Wrong#3pass');
    expectErrorEnvelope(third, 429);
    expect(third.body.msg).toBe('Too many failed logins: the account is locked, try again in 7 minutes');

    const user = await userRow(strict, 'strict_user');
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 6 * 60_000);
    expect(user.lockedUntil!.getTime()).toBeLessThan(Date.now() + 8 * 60_000);
    const right = await login(strict, 'strict_user', DEMO_PASSWORD);
    expectErrorEnvelope(right, 429);
    expect(right.body.msg).toMatch(/try again in [67] minutes$/);
    expect(await openSessions(strict, userId)).toHaveLength(0);
  });

  it('wrong guesses sent in parallel cannot slip past the limit (5 at once against a limit of 3)', async () => {
    const userId = await addUser(strict, 'lock_parallel');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => login(strict, 'lock_parallel', `Wrong#${i}pass`)));
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect(answers.some((a) => a.status === 429)).toBe(true);

    const right = await login(strict, 'lock_parallel', DEMO_PASSWORD);
    expectErrorEnvelope(right, 429);
    expect((await userRow(strict, 'lock_parallel')).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await openSessions(strict, userId)).toHaveLength(0);
  });
});
