import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordsForTests, needsRehash, SCRYPT, scryptSetting, verifyPassword } from './passwordHash';

/** OWASP Password Storage Cheat Sheet: scrypt settings of equal strength (N, r, p). */
const OWASP = [[2 ** 17, 8, 1], [2 ** 16, 8, 2], [2 ** 15, 8, 3], [2 ** 14, 8, 5], [2 ** 13, 8, 10]];

describe('password hashes', () => {
  it('are made at one of OWASP\'s scrypt settings, stored with them, and verify', async () => {
    expect(OWASP).toContainEqual([SCRYPT.N, SCRYPT.r, SCRYPT.p]);
    const stored = await hashPassword('Secret#2026');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', String(SCRYPT.N), String(SCRYPT.r), String(SCRYPT.p)]);
    expect(await verifyPassword('Secret#2026', stored)).toBe(true);
    expect(await verifyPassword('Secret#2027', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('of the older, weaker setting still verify, and are marked for rehashing', async () => {
    const salt = randomBytes(16);
    const old = ['scrypt', 32768, 8, 1, salt.toString('base64'), scryptSync('Secret#2026', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('base64')].join('$');
    expect(await verifyPassword('Secret#2026', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('take the cheap test setting only in a test process', () => {
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => hashPasswordsForTests()).toThrow(/test processes only/);
    } finally {
      process.env.NODE_ENV = env;
    }
    expect(scryptSetting()).toEqual(SCRYPT);
  });
});
