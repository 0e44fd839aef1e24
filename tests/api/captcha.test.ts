import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, sessions } from '../../src/server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { addUser, expectErrorEnvelope, loginLogsOf, sessionRowOf, userRow } from './sessionSupport';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ CAPTCHA: 'on' }); });
afterAll(async () => { await server?.stop(); });

interface Captcha { enabled: boolean; verKey: string; image: string }

const newCaptcha = async () => {
  const res = await server.call<Captcha>('/sys/captcha');
  expect(res.status).toBe(200);
  return res.body.data;
};

/** The answer the image shows, read where the server keeps it (a test cannot read the picture). */
const answerOf = async (verKey: string) => {
  const [row] = await server.services.db.select().from(captchas).where(eq(captchas.verKey, verKey));
  return row?.answer;
};

const login = (body: Record<string, string>, lang?: string) =>
  server.call<{ token: string }>('/sys/login', { body: { passWord: DEMO_PASSWORD, ...body }, lang });

/** Any code other than the right one: same length, different first character. */
const wrongCodeFor = (answer: string) => `${answer[0] === 'z' ? 'y' : 'z'}${answer.slice(1)}`;

describe('captcha (CAPTCHA=on)', () => {
  it('GET /sys/captcha answers enabled:true, a fresh verKey and an SVG image as a data URL, and stores the answer for 5 minutes', async () => {
    const first = await newCaptcha();
    const second = await newCaptcha();
    expect(first.enabled).toBe(true);
    expect(first.verKey).toMatch(/^[0-9a-f]{32}$/);
    expect(second.verKey).not.toBe(first.verKey);
    expect(first.image).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(first.image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    const [row] = await server.services.db.select().from(captchas).where(eq(captchas.verKey, first.verKey));
    expect(row.answer).toMatch(/^[a-z0-9]{4}$/);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
    // The answer is never sent to the browser in clear text.
    expect(JSON.stringify(first)).not.toContain(`"${row.answer}"`);
  });

  it('a login without verCode is refused with 400 "verCode: ..." and opens no session', async () => {
    const userId = await addUser(server, 'cap_missing');
    const { verKey } = await newCaptcha();
    const zh = await login({ userName: 'cap_missing', verKey });
    expectErrorEnvelope(zh, 400);
    expect(zh.body.msg).toBe('verCode: 请输入验证码');
    const en = await login({ userName: 'cap_missing', verKey, verCode: '   ' }, 'en-US');
    expectErrorEnvelope(en, 400);
    expect(en.body.msg).toBe('verCode: Please enter the verification code');
    const none = await login({ userName: 'cap_missing' }, 'en-US');
    expectErrorEnvelope(none, 400);
    expect(none.body.msg).toMatch(/^verCode: /);

    expect((await userRow(server, 'cap_missing')).failedLogins).toBe(0);
    expect(await server.services.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it('a wrong code is refused with 400, logged as captchaWrong, and uses the captcha up: its right code then fails too', async () => {
    const userId = await addUser(server, 'cap_wrong');
    const { verKey } = await newCaptcha();
    const answer = (await answerOf(verKey))!;

    const wrong = await login({ userName: 'cap_wrong', verKey, verCode: wrongCodeFor(answer) }, 'en-US');
    expectErrorEnvelope(wrong, 400);
    expect(wrong.body.msg).toBe('verCode: The verification code is wrong or has expired');
    expect(await answerOf(verKey)).toBeUndefined();

    const again = await login({ userName: 'cap_wrong', verKey, verCode: answer });
    expectErrorEnvelope(again, 400);
    expect(again.body.msg).toBe('verCode: 验证码错误或已过期');

    const logs = await loginLogsOf(server, 'cap_wrong');
    expect(logs.map((l) => [l.success, l.reason])).toEqual([[false, 'captchaWrong'], [false, 'captchaWrong']]);
    // A wrong captcha is not a wrong password: it does not count towards the lockout.
    const user = await userRow(server, 'cap_wrong');
    expect(user.id).toBe(userId);
    expect(user.failedLogins).toBe(0);
  });

  it('the right code signs in with 200, and the captcha cannot be used a second time', async () => {
    await addUser(server, 'cap_right');
    const { verKey } = await newCaptcha();
    const answer = (await answerOf(verKey))!;

    const ok = await login({ userName: 'cap_right', verKey, verCode: answer });
    expect(ok.status).toBe(200);
    expect((await sessionRowOf(server, ok.body.data.token)).revokedAt).toBeNull();
    expect(await answerOf(verKey)).toBeUndefined();

    const replay = await login({ userName: 'cap_right', verKey, verCode: answer });
    expectErrorEnvelope(replay, 400);
    expect(replay.body.msg).toMatch(/^verCode: /);
  });

  it('the code is read without regard to case or surrounding spaces', async () => {
    await addUser(server, 'cap_case');
    const { verKey } = await newCaptcha();
    const answer = (await answerOf(verKey))!;
    const ok = await login({ userName: 'cap_case', verKey, verCode: ` ${answer.toUpperCase()} ` });
    expect(ok.status).toBe(200);
  });

  it('an expired captcha is refused even with its right code', async () => {
    await addUser(server, 'cap_expired');
    const { verKey } = await newCaptcha();
    const answer = (await answerOf(verKey))!;
    await server.services.db.update(captchas).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(captchas.verKey, verKey));
    const res = await login({ userName: 'cap_expired', verKey, verCode: answer }, 'en-US');
    expectErrorEnvelope(res, 400);
    expect(res.body.msg).toBe('verCode: The verification code is wrong or has expired');
  });

  it('a code with an unknown or missing verKey is refused', async () => {
    await addUser(server, 'cap_nokey');
    const { verKey } = await newCaptcha();
    const answer = (await answerOf(verKey))!;
    const unknown = await login({ userName: 'cap_nokey', verKey: 'f'.repeat(32), verCode: answer });
    expectErrorEnvelope(unknown, 400);
    const missing = await login({ userName: 'cap_nokey', verCode: answer });
    expectErrorEnvelope(missing, 400);
    expect(missing.body.msg).toMatch(/^verCode: /);
    // The real captcha was not touched by the attempts under other keys.
    expect(await answerOf(verKey)).toBe(answer);
  });

  it('a right captcha with a wrong password still answers "Wrong user name or password" and counts the failure', async () => {
    await addUser(server, 'cap_badpw');
    const { verKey } = await newCaptcha();
    const answer = (await answerOf(verKey))!;
    const res = await login({ userName: 'cap_badpw', passWord: 'Not-the-password1', verKey, verCode: answer }, 'en-US');
    expectErrorEnvelope(res, 400);
    expect(res.body.msg).toBe('Wrong user name or password');
    expect((await userRow(server, 'cap_badpw')).failedLogins).toBe(1);
    expect(await answerOf(verKey)).toBeUndefined();
  });
});
