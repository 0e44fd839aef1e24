import { expect } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { API_BASE } from '../../src/shared/api/envelope';
import type { IssuedKey } from '../../src/shared/api/serviceAccounts';
import { roles } from '../../src/server/db/schema';
import type { TestServer } from './server';

/** A call's answer, checked to be 200. */
export async function ok<T>(res: Promise<{ status: number; body: { msg: string; data: T } }>): Promise<T> {
  const r = await res;
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
}

/** A service account made through System › Service accounts by `admin`, holding the roles of these codes. */
export async function createServiceAccount(server: TestServer, admin: string, opts: { userName: string; dealerId?: number | null; roleCodes: string[] }): Promise<number> {
  const held = await server.services.db.select({ id: roles.id }).from(roles).where(inArray(roles.code, opts.roleCodes));
  expect(held).toHaveLength(opts.roleCodes.length);
  const { id } = await ok(server.call<{ id: number }>('/sys/serviceAccount/save', {
    token: admin, lang: 'en-US',
    body: { userName: opts.userName, nickName: `${opts.userName} system`, status: 'normal', dealerId: opts.dealerId ?? null, roleIds: held.map((r) => r.id) },
  }));
  return id;
}

export const issueKey = (server: TestServer, admin: string, userId: number, name = 'main', expiresAt?: string) =>
  ok(server.call<IssuedKey>('/sys/serviceAccount/issueKey', { token: admin, lang: 'en-US', body: { userId, name, ...(expiresAt ? { expiresAt } : {}) } }));

/** A call made with an API key, as an outside system makes it (no session token). */
export async function keyCall<T = unknown>(server: TestServer, key: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + API_BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'accept-language': 'en-US', ...headers },
    body: JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as { code: number; msg: string; data: T } };
}

export const roleId = async (server: TestServer, code: string) =>
  (await server.services.db.select({ id: roles.id }).from(roles).where(eq(roles.code, code)))[0].id;
