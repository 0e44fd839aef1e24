import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at one of OWASP's recommended settings (Password Storage Cheat Sheet: N=2^17 r=8 p=1,
 * 2^16/8/2, 2^15/8/3, 2^14/8/5 or 2^13/8/10, all of equal strength). Measured on this machine
 * (2 cores, median of 5): 2^17/8/1 274 ms, 2^16/8/2 235, 2^15/8/3 161, 2^14/8/5 125, 2^13/8/10
 * 112 ms and 8 MiB — the fastest and leanest of them, so 2^13/8/10. The previous setting,
 * 2^15/8/1 (69 ms), was below OWASP's; such hashes still verify and are replaced at sign-in.
 */
export const SCRYPT = { N: 8192, r: 8, p: 10 } as const;
const KEY_LEN = 32;
const MAX_MEM = 64 * 1024 * 1024;

type Setting = { readonly N: number; readonly r: number; readonly p: number };
/** The setting new hashes are made at: OWASP's, except in a test process that asked for the test one. */
let current: Setting = SCRYPT;
export const scryptSetting = (): Setting => current;

/**
 * Test processes only (NODE_ENV=test; tests/setup): new hashes at N=2^10 r=8 p=1, about 1 ms
 * instead of 112. The same scrypt, format and code paths, at a work factor no server takes, as the
 * test settings of web frameworks do (Django's fast test hasher, bcrypt's minimum cost in Rails'
 * tests). The API tests sign in some 450 times a pass: about 50 s of CPU at OWASP's setting. A
 * server never calls this; one that starts on a database seeded so (a browser test's copy of the
 * API tests' snapshot) verifies such a hash and replaces it at OWASP's setting at the first sign-in.
 */
export function hashPasswordsForTests(): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('hashPasswordsForTests is for test processes only (NODE_ENV=test)');
  current = { N: 1024, r: 8, p: 1 };
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = current;
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A stored hash made with other settings than today's: rehash it once the password is known good. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== current.N || Number(r) !== current.r || Number(p) !== current.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing, verified against when the user does not exist so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(12).toString('hex')));
