import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { loginLogs, roles, sessions, userRoles, users } from '../../src/server/db/schema';
import type { TestServer } from './server';

/**
 * Helpers of the session-slice API tests: reading the rows a call should (or should not)
 * have written, and adding accounts the demo seed does not have.
 */

/** How the server keeps a token (docs/product.md#session: stored hashed): SHA-256, hex. */
export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export const userRow = async (server: TestServer, userName: string) => {
  const [row] = await server.services.db.select().from(users).where(eq(users.userName, userName));
  return row;
};

export const sessionRowOf = async (server: TestServer, token: string) => {
  const [row] = await server.services.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)));
  return row;
};

export const loginLogsOf = (server: TestServer, userName: string) =>
  server.services.db.select().from(loginLogs).where(eq(loginLogs.userName, userName)).orderBy(loginLogs.id);

export const loginLogCount = async (server: TestServer) => {
  const [{ n }] = await server.services.db.select({ n: count() }).from(loginLogs);
  return n;
};

/**
 * A new account with the demo password and the role of the demo user named, so each test
 * can lock, freeze or re-password its own user without disturbing the others. There is no
 * user-management call in this slice yet, so the row is written directly; the password
 * hash is copied from the template user, which keeps it valid without hashing again.
 */
export async function addUser(server: TestServer, userName: string, like = 'staff'): Promise<number> {
  const db = server.services.db;
  const template = await userRow(server, like);
  const [user] = await db.insert(users).values({
    userName, nickName: `${userName} (test)`, passwordHash: template.passwordHash, dealerId: template.dealerId,
  }).returning({ id: users.id });
  const grants = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, template.id));
  if (grants.length) await db.insert(userRoles).values(grants.map((g) => ({ userId: user.id, roleId: g.roleId })));
  return user.id;
}

export async function roleCodesOf(server: TestServer, userName: string): Promise<string[]> {
  const rows = await server.services.db.select({ code: roles.code }).from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId)).innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(users.userName, userName));
  return rows.map((r) => r.code);
}

/** An error answer is the bare envelope: the status repeated as code, a message, no data, nothing else. */
export function expectErrorEnvelope(res: { status: number; body: { code: number; msg: string; data: unknown } }, status: number) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ code: status, msg: expect.any(String), data: null });
  expectNoInternals(res.body.msg);
}

/** Nothing internal in a message: no stack frames, no SQL, no file paths, no error class names. */
export function expectNoInternals(msg: string) {
  expect(msg).not.toMatch(/stack/i);
  expect(msg).not.toMatch(/SQL/i);
  expect(msg).not.toMatch(/\bat \S+ \(|\bat [^\s]+:\d+:\d+|\n\s*at /);
  expect(msg).not.toMatch(/\b(select|insert|update|delete) .* (from|into|set|where)\b/i);
  expect(msg).not.toMatch(/node_modules|\.ts:\d+|\.js:\d+|src\/server/);
  expect(msg).not.toMatch(/\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError|FST_ERR_\w+|ECONN\w+|ERR_\w+)\b/);
  expect(msg).not.toMatch(/relation "|column "|duplicate key|violates/i);
}

export const WRONG_PASSWORD_ZH = '用户名或密码错误';
export const WRONG_PASSWORD_EN = 'Wrong user name or password';
export const EXPIRED_ZH = '登录状态已过期，请重新登录';
export const EXPIRED_EN = 'Your login status has expired, please log in again';
