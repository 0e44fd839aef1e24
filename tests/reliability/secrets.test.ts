import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../api/server';
import { connectSocket } from '../api/socketSupport';
import { startChildServer, type ChildServer } from './childServer';
import { seededCopy, type SeededCopy } from './seededCopy';

/**
 * Sessions' secrets: tokens are 256 random bits, and no token, password or password
 * hash reaches the server's log, at its most talkative (debug), whatever the calls carry them in:
 * sign-ins right and wrong, calls and a socket with the token, a password change, refusals.
 * The server runs in its own process so that its log, as an operator would read it, is what is read.
 */
const PASSWORD = 'Demo@2026';
const NEW_PASSWORD = 'Tyre#Secret2026';
let server: ChildServer;
let copy: SeededCopy | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  copy = await seededCopy('tyre_secrets');
  server = await startChildServer(copy.where, { LOG_LEVEL: 'debug' }, { capture: true });
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await copy?.remove();
});

describe('secrets of sessions', () => {
  // The token comes from the operating system's random source, whatever the database: the 64
  // sign-ins (a scrypt each) run on the embedded one only. The log is read on both (a driver's
  // messages differ).
  it.skipIf(onPostgres)('each sign-in answers a token of 32 random bytes: all different, every bit set in about half of them', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 64; i++) tokens.push(await server.login(i % 2 ? 'staff' : 'dealer1'));
    expect(new Set(tokens).size).toBe(tokens.length);
    const bytes = tokens.map((t) => Buffer.from(t, 'base64url'));
    for (const [i, b] of bytes.entries()) expect(b.length, tokens[i]).toBe(32);
    // Each of the 256 bits is set in 10 % to 90 % of 64 tokens: a fixed or counting part would not be
    // (for random bits the chance of a miss in this run is about 1 in 10 million).
    const skewed: number[] = [];
    for (let bit = 0; bit < 256; bit++) {
      const set = bytes.filter((b) => (b[bit >> 3] >> (bit & 7)) & 1).length;
      if (set < 7 || set > 57) skewed.push(bit);
    }
    expect(skewed).toEqual([]);
    // 64 sign-ins, each a scrypt at OWASP's parameters (112-176 ms alone; 30 s ran out on a loaded machine).
  }, 120_000);

  it('no token, password or password hash reaches the log, at debug level', async () => {
    const token = await server.login('admin', PASSWORD);
    // A wrong password, an unknown user, a call with the token, a refused call, a socket, a password change and back.
    expect((await server.post('/sys/login', { userName: 'admin', passWord: 'Wrong@2026x' })).status).toBe(400);
    expect((await server.post('/sys/login', { userName: 'nobody', passWord: PASSWORD })).status).toBe(400);
    expect((await server.post('/sys/user/getCurrentUserInfo', {}, token)).status).toBe(200);
    expect((await server.post('/sys/user/getCurrentUserInfo', {}, `${token}x`)).status).toBe(401);
    await connectSocket(server.base.replace(/\/fms\/api\/v1$/, ''), token, sockets);
    const changed = await server.post('/sys/user/changePassword', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, token);
    expect(changed.status, changed.msg).toBe(200);
    const again = await server.login('admin', NEW_PASSWORD);
    const back = await server.post('/sys/user/changePassword', { oldPassword: NEW_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, again);
    expect(back.status, back.msg).toBe(200);

    const log = server.output();
    // The log did record the calls: the check reads a log, not silence.
    expect(log).toContain('/sys/user/changePassword');
    expect(log.split('\n').length).toBeGreaterThan(10);
    for (const secret of [token, again, PASSWORD, NEW_PASSWORD, 'Wrong@2026x']) expect(log.includes(secret), `${secret.slice(0, 6)}… in the log`).toBe(false);
    expect(log).not.toMatch(/scrypt\$\d+\$/);
  });
});
