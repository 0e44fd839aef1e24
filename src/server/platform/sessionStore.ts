import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { Perm, type RoutePermission } from '../../shared/permissions';
import type { Config } from '../config';
import { preparedStatement, type Db } from '../db/client';
import { resources, roleResources, sessions, userRoles, users } from '../db/schema';
import { hasDataRules, ownWarehouses, settledScope, type DataScope } from './dataScope';

export interface SessionUser {
  sessionId: number;
  id: number;
  userName: string;
  nickName: string;
  dealerId: number | null;
  /** Set when the caller is a service account calling with an API key (no session: `sessionId` is 0; platform/apiKeys.ts). */
  apiKeyId?: number;
}

/** A live session as a call finds it. */
export interface Session {
  user: SessionUser;
  /** Whether the user's roles grant the permission the session was looked up for. */
  granted: boolean;
  /** The user's data scope when the session's statement settled it (`settledScope`); null when it is to be read. */
  scope: DataScope | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, ip: string, userAgent: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, ip, userAgent: userAgent.slice(0, 256) });
  return token;
}

/** Seconds between last-seen updates: a busy console does not write on every call. */
const TOUCH_EVERY_SECONDS = 60;

/** How long a session may stay unused: any account's, and a wall screen's (config SESSION_IDLE_MINUTES, WALL_SESSION_IDLE_MINUTES). */
export interface IdleLimits { idleMinutes: number; wallIdleMinutes: number }
export const idleLimitsOf = (config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'WALL_SESSION_IDLE_MINUTES'>): IdleLimits =>
  ({ idleMinutes: config.SESSION_IDLE_MINUTES, wallIdleMinutes: config.WALL_SESSION_IDLE_MINUTES });

/**
 * Whether an account is a wall screen's: its roles grant the dashboards page and no other page
 * or button (the demo's display role; any role granted so). Such a session only shows dashboards,
 * and nobody is there to sign it in again after an outage.
 */
export async function isWallScreen(db: Db, userId: number): Promise<boolean> {
  const granted = await db.selectDistinct({ perm: resources.perm }).from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(and(eq(userRoles.userId, userId), inArray(resources.type, ['page', 'button'])));
  return granted.length > 0 && granted.every((g) => g.perm === Perm.dashboards);
}

// Subqueries correlated with the outer query's "users" row. Written out rather than built from
// the schema's columns: drizzle leaves a column unqualified in a single-table query, where "id"
// inside the subquery would name the subquery's own table.

/** Codes of the user's roles, in role order. */
const roleCodes = sql<string[]>`coalesce((
  select array_agg(r.code order by r.id)::text[] from user_roles ur join roles r on r.id = ur.role_id
  where ur.user_id = "users"."id"), '{}')`;

/** Codes of every resource (section, group, page, button) the user's roles grant. */
const grantedPerms = sql<string[]>`coalesce((
  select array_agg(distinct res.perm)::text[] from user_roles ur
  join role_resources rr on rr.role_id = ur.role_id join resources res on res.id = rr.resource_id
  where ur.user_id = "users"."id"), '{}')`;

/**
 * Whether the user's roles grant one of the codes bound as `codes` (`permits` in
 * shared/permissions, in SQL): the one row of each code is looked up, not the user's hundreds of
 * grants read and sent.
 */
export const grantsOneOf = sql<boolean>`exists (
  select 1 from resources res join role_resources rr on rr.resource_id = res.id join user_roles ur on ur.role_id = rr.role_id
  where ur.user_id = "users"."id" and res.perm = any(${sql.placeholder('codes')}::text[]))`;

interface SessionRow {
  sessionId: number; revokedAt: string | null; idleSeconds: number; id: number; userName: string; nickName: string;
  dealerId: number | null; status: string; granted: boolean; hasDataRules: boolean; ownWarehouses: number[] | null;
}

/** The session's statement (every call runs it), prepared: one that checks codes, and one for calls any session may make. */
const sessionStatement = (name: string, granted: SQL<boolean>) => preparedStatement<SessionRow>(name, sql`
  select sessions.id as "sessionId", sessions.revoked_at as "revokedAt",
    extract(epoch from now() - sessions.last_seen_at)::float8 as "idleSeconds",
    users.id as "id", users.user_name as "userName", users.nick_name as "nickName", users.dealer_id as "dealerId", users.status as "status",
    ${granted} as "granted", ${hasDataRules} as "hasDataRules", ${ownWarehouses} as "ownWarehouses"
  from sessions join users on users.id = sessions.user_id
  where sessions.token_hash = ${sql.placeholder('tokenHash')}`);
const anySession = sessionStatement('session', sql<boolean>`true`);
const grantingSession = sessionStatement('session_granting', grantsOneOf);

/**
 * The signed-in user behind a token, or null when the token is unknown, revoked, idle past
 * its limit, or belongs to a frozen account. An idle session is revoked on the spot. A wall
 * screen's session has the longer limit (`isWallScreen`): every other account keeps its own.
 * One statement reads the session, its user, whether its roles grant `permission` (any session
 * for 'session', else one of its codes), and what settles the data scope of a dealer user or of
 * staff without data rules; a second writes the
 * last-seen stamp at most once a minute, and the idle path (rare) asks whether it is a wall.
 */
export async function sessionFor(db: Db, token: string, limits: IdleLimits, permission: Exclude<RoutePermission, 'public'>): Promise<Session | null> {
  const { idleMinutes } = limits;
  if (!token || token.length > 128) return null;
  const codes = permission === 'session' ? null : typeof permission === 'string' ? [permission] : [...permission];
  const [row] = await (codes ? grantingSession(db, { tokenHash: hashToken(token), codes }) : anySession(db, { tokenHash: hashToken(token) }));
  if (!row || row.revokedAt || row.status !== 'normal') return null;
  if (row.idleSeconds > idleMinutes * 60
    && !(row.idleSeconds <= Math.max(idleMinutes, limits.wallIdleMinutes) * 60 && await isWallScreen(db, row.id))) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.sessionId));
    return null;
  }
  // Under a short idle limit, touch more often (a quarter of the limit) so a session in use never expires.
  if (row.idleSeconds > Math.min(TOUCH_EVERY_SECONDS, idleMinutes * 15)) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  const user: SessionUser = { sessionId: row.sessionId, id: row.id, userName: row.userName, nickName: row.nickName, dealerId: row.dealerId };
  return { user, granted: row.granted, scope: settledScope(user, row.hasDataRules, row.ownWarehouses) };
}

/** The signed-in user behind a token, or null (`sessionFor`, for a session of any permission). */
export async function resolveSession(db: Db, token: string, limits: IdleLimits): Promise<SessionUser | null> {
  return (await sessionFor(db, token, limits, 'session'))?.user ?? null;
}

/** A user's roles and every code they grant (the menu shows them; a call's session checks only its own code). */
export async function userGrants(db: Db, userId: number): Promise<{ roles: string[]; perms: string[] }> {
  const [row] = await db.select({ roles: roleCodes, perms: grantedPerms }).from(users).where(eq(users.id, userId));
  return row ?? { roles: [], perms: [] };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  const ids = rows.map((r) => r.id).filter((id) => id !== exceptSessionId);
  if (ids.length) await db.update(sessions).set({ revokedAt: new Date() }).where(inArray(sessions.id, ids));
}
