import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { scryptSetting } from '../../src/server/platform/passwordHash';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

describe('password hashes at sign-in', () => {
  it('a hash of the older scrypt setting signs in and is replaced by one at today\'s setting (OWASP\'s on a server, the test one here); a wrong password replaces nothing', async () => {
    const db = server.services.db;
    const salt = randomBytes(16);
    const old = ['scrypt', 32768, 8, 1, salt.toString('base64'), scryptSync(DEMO_PASSWORD, salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('base64')].join('$');
    await db.update(users).set({ passwordHash: old }).where(eq(users.userName, 'dealer2'));
    expect((await server.call('/sys/login', { body: { userName: 'dealer2', passWord: 'Wrong#2026x' } })).status).toBe(400);
    expect((await db.select({ h: users.passwordHash }).from(users).where(eq(users.userName, 'dealer2')))[0].h).toBe(old);
    await server.login('dealer2');
    const [{ h }] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.userName, 'dealer2'));
    const { N, r, p } = scryptSetting();
    expect(h.split('$').slice(0, 4)).toEqual(['scrypt', String(N), String(r), String(p)]);
    // And the new hash is the same password.
    await server.login('dealer2');
  });
});
