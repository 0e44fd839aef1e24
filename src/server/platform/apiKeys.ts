import { createHash, randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RoutePermission } from '../../shared/permissions';
import { API_KEY_PREFIX } from '../../shared/api/serviceAccounts';
import { preparedStatement, type Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { hasDataRules, ownWarehouses, settledScope } from './dataScope';
import { grantsOneOf, type Session } from './sessionStore';

/** The header an outside system may send its key in instead of `Authorization: Bearer <key>`. */
export const API_KEY_HEADER = 'x-api-key';

/** The key's hash as stored: a leaked table gives no working keys. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: `tcc_` and 32 random bytes (base64url); shown once, kept as its hash and first characters. */
export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 12), keyHash: hashApiKey(key) };
}

/**
 * The API key a call carries (`Authorization: Bearer tcc_…` or `X-Api-Key: tcc_…`), or null: a
 * call without one is a console's, authorised by its session's `token` header.
 */
export function apiKeyOf(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) {
    const key = auth.replace(/^Bearer\s+/i, '').trim();
    if (key.startsWith(API_KEY_PREFIX)) return key;
  }
  const raw = req.headers[API_KEY_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  return header?.startsWith(API_KEY_PREFIX) ? header.trim() : null;
}

interface KeyRow {
  keyId: number; usedSecondsAgo: number | null; id: number; userName: string; nickName: string; dealerId: number | null;
  granted: boolean; hasDataRules: boolean; ownWarehouses: number[] | null;
}

/** A live key of a normal service account: not revoked, not expired; whether its roles grant the call's code is the session's own test (`grantsOneOf`). */
const keyStatement = (name: string, granted: SQL<boolean>) => preparedStatement<KeyRow>(name, sql`
  select api_keys.id as "keyId", extract(epoch from now() - api_keys.last_used_at)::float8 as "usedSecondsAgo",
    users.id as "id", users.user_name as "userName", users.nick_name as "nickName", users.dealer_id as "dealerId",
    ${granted} as "granted", ${hasDataRules} as "hasDataRules", ${ownWarehouses} as "ownWarehouses"
  from api_keys join users on users.id = api_keys.user_id
  where api_keys.key_hash = ${sql.placeholder('keyHash')} and api_keys.revoked_at is null
    and (api_keys.expires_at is null or api_keys.expires_at > now())
    and users.status = 'normal' and users.kind = 'service'`);
const anyKey = keyStatement('api_key', sql<boolean>`true`);
const grantingKey = keyStatement('api_key_granting', grantsOneOf);

/** Seconds between last-use stamps: a busy integration does not write on every call. */
const TOUCH_EVERY_SECONDS = 30;

/**
 * The service account behind a key, as `sessionFor` answers a session: whether its roles grant the
 * route's permission and its data scope when settled, so every permission and scope check applies
 * unchanged. null for an unknown, revoked or expired key, or an account frozen or not a service one.
 */
export async function keySession(db: Db, key: string, permission: Exclude<RoutePermission, 'public'>, ip: string): Promise<(Session & { keyId: number }) | null> {
  if (key.length > 128) return null;
  const codes = permission === 'session' ? null : typeof permission === 'string' ? [permission] : [...permission];
  const keyHash = hashApiKey(key);
  const [row] = await (codes ? grantingKey(db, { keyHash, codes }) : anyKey(db, { keyHash }));
  if (!row) return null;
  if (row.usedSecondsAgo === null || row.usedSecondsAgo > TOUCH_EVERY_SECONDS) {
    await db.update(apiKeys).set({ lastUsedAt: new Date(), lastUsedIp: ip.slice(0, 64) }).where(eq(apiKeys.id, row.keyId));
  }
  const user = { sessionId: 0, id: row.id, userName: row.userName, nickName: row.nickName, dealerId: row.dealerId, apiKeyId: row.keyId };
  return { user, granted: row.granted, scope: settledScope(user, row.hasDataRules, row.ownWarehouses), keyId: row.keyId };
}
