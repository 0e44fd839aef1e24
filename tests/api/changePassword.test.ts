import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { addUser, expectErrorEnvelope, sessionRowOf, userRow } from './sessionSupport';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

const change = (token: string, body: Record<string, unknown>, lang = 'en-US') =>
  server.call('/sys/user/changePassword', { body, token, lang });

const login = (userName: string, passWord: string) =>
  server.call<{ token: string }>('/sys/login', { body: { userName, passWord }, lang: 'en-US' });

const NEW_PASSWORD = 'Tyre#2026ok';

describe('changePassword refuses every rule of docs/product.md#validation and changes nothing', () => {
  let token: string;
  let hashBefore: string;
  beforeAll(async () => {
    await addUser(server, 'pw_rules');
    token = await server.login('pw_rules');
    hashBefore = (await userRow(server, 'pw_rules')).passwordHash;
  });

  const cases: { rule: string; body: Record<string, unknown>; msg: string }[] = [
    { rule: 'old password empty', body: { oldPassword: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, msg: 'oldPassword: The old password cannot be empty' },
    { rule: 'old password missing', body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, msg: 'oldPassword: This input item is mandatory' },
    { rule: 'new password empty', body: { oldPassword: DEMO_PASSWORD, newPassword: '', confirmPassword: '' }, msg: 'newPassword: The new password cannot be empty' },
    { rule: 'new password shorter than 6', body: { oldPassword: DEMO_PASSWORD, newPassword: 'Ab#12', confirmPassword: 'Ab#12' }, msg: 'newPassword: The password must be 6 to 20 characters' },
    { rule: 'new password longer than 20', body: { oldPassword: DEMO_PASSWORD, newPassword: 'Ab#1'.repeat(5) + 'x', confirmPassword: 'Ab#1'.repeat(5) + 'x' }, msg: 'newPassword: The password must be 6 to 20 characters' },
    { rule: 'new password all digits', body: { oldPassword: DEMO_PASSWORD, newPassword: '20262027', confirmPassword: '20262027' }, msg: 'newPassword: The password cannot be all digits or all letters' },
    { rule: 'new password all letters', body: { oldPassword: DEMO_PASSWORD, newPassword: 'TyreChannel', confirmPassword: 'TyreChannel' }, msg: 'newPassword: The password cannot be all digits or all letters' },
    { rule: 'new password a common one', body: { oldPassword: DEMO_PASSWORD, newPassword: 'Admin123', confirmPassword: 'Admin123' }, msg: 'newPassword: The password is too simple' },
    { rule: 'new password of too few different characters', body: { oldPassword: DEMO_PASSWORD, newPassword: 'aaa111', confirmPassword: 'aaa111' }, msg: 'newPassword: The password is too simple' },
    { rule: 'confirmation differs', body: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }, msg: 'confirmPassword: The two passwords do not match' },
    { rule: 'old password wrong', body: { oldPassword: 'Wrong#2026', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, msg: 'oldPassword: The old password is wrong' },
    { rule: 'new password same as old', body: { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }, msg: 'newPassword: The new password must differ from the old one' },
    { rule: 'new password over the field limit', body: { oldPassword: DEMO_PASSWORD, newPassword: 'x'.repeat(129), confirmPassword: 'x' }, msg: 'newPassword: At most 128 characters' },
  ];

  for (const c of cases) {
    it(`${c.rule}: 400 "${c.msg}", the stored password and the session unchanged`, async () => {
      const res = await change(token, c.body);
      expectErrorEnvelope(res, 400);
      expect(res.body.msg).toBe(c.msg);
      const row = await userRow(server, 'pw_rules');
      expect(row.passwordHash).toBe(hashBefore);
      expect(row.passwordChangedAt).toBeNull();
      expect((await sessionRowOf(server, token)).revokedAt).toBeNull();
    });
  }

  it('the messages are in the caller\'s language: zh-CN names the field and says the rule in Chinese', async () => {
    const res = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: '20262027', confirmPassword: '20262027' }, 'zh-CN');
    expectErrorEnvelope(res, 400);
    expect(res.body.msg).toBe('newPassword: 密码不能全是数字或全是字母');
    const mismatch = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Other#2026' }, 'zh-CN');
    expect(mismatch.body.msg).toBe('confirmPassword: 两次输入的密码不一致');
  });

  it('after all the refused changes the old password still signs in and the new one does not', async () => {
    expect((await login('pw_rules', DEMO_PASSWORD)).status).toBe(200);
    expect((await login('pw_rules', NEW_PASSWORD)).status).toBe(400);
  });
});

describe('a successful password change', () => {
  it('lets the new password sign in, refuses the old one, and signs out the user\'s other sessions but not the current one', async () => {
    const userId = await addUser(server, 'pw_change');
    const bystander = await server.login('staff');
    const current = await server.login('pw_change');
    const other = await server.login('pw_change');
    const before = await userRow(server, 'pw_change');

    const res = await change(current, { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: null });

    const after = await userRow(server, 'pw_change');
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash).not.toContain(NEW_PASSWORD);
    expect(after.passwordChangedAt).toBeInstanceOf(Date);

    expect((await server.call('/sys/user/getCurrentUserInfo', { body: {}, token: current })).status).toBe(200);
    expectErrorEnvelope(await server.call('/sys/user/getCurrentUserInfo', { body: {}, token: other }), 401);
    expect((await sessionRowOf(server, other)).revokedAt).toBeInstanceOf(Date);
    expect((await sessionRowOf(server, current)).revokedAt).toBeNull();
    // Another user's session is not touched.
    expect((await server.call('/sys/user/getCurrentUserInfo', { body: {}, token: bystander })).status).toBe(200);

    const old = await login('pw_change', DEMO_PASSWORD);
    expectErrorEnvelope(old, 400);
    expect(old.body.msg).toBe('Wrong user name or password');
    const fresh = await login('pw_change', NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    const open = await server.services.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(open.filter((s) => !s.revokedAt)).toHaveLength(2);
  });

  it('changePassword needs a session: 401 without a token', async () => {
    const res = await server.call('/sys/user/changePassword', {
      body: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expectErrorEnvelope(res, 401);
  });
});
