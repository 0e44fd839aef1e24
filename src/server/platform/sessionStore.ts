import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Perm, type RoutePermission } from '../../shared/permissions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { resources, roleResources, sessions, userRoles, users } from '../db/schema';
import { hasDataRules, ownWarehouses, settledScope, type DataScope } from './dataScope';

export interface SessionUser {
  sessionId: number;
  id: number;
  userName: string;
  nickName: string;
  dealerId: number | null;
  roles: string[];
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
const grantsOneOf = sql<boolean>`exists (
  select 1 from resources res join role_resources rr on rr.resource_id = res.id join user_roles ur on ur.role_id = rr.role_id
  where ur.user_id = "users"."id" and res.perm = any(${sql.placeholder('codes')}::text[]))`;

/**
 * The session's statement, prepared once per database (every call runs it): one that checks
 * codes, and one for calls any session may make.
 */
function sessionStatement(db: Db, checksCodes: boolean) {
  const query = db
    .select({
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::float8`,
      id: users.id,
      userName: users.userName,
      nickName: users.nickName,
      dealerId: users.dealerId,
      status: users.status,
      roles: roleCodes,
      granted: checksCodes ? grantsOneOf : sql<boolean>`true`,
      hasDataRules,
      ownWarehouses,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')));
  return query.prepare(checksCodes ? 'session_granting' : 'session');
}
type SessionStatement = ReturnType<typeof sessionStatement>;
const sessionStatements = new WeakMap<Db, [SessionStatement, SessionStatement]>();

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
  let statements = sessionStatements.get(db);
  if (!statements) sessionStatements.set(db, statements = [sessionStatement(db, false), sessionStatement(db, true)]);
  const codes = permission === 'session' ? null : typeof permission === 'string' ? [permission] : [...permission];
  const [row] = await (codes ? statements[1].execute({ tokenHash: hashToken(token), codes }) : statements[0].execute({ tokenHash: hashToken(token) }));
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
  const user: SessionUser = { sessionId: row.sessionId, id: row.id, userName: row.userName, nickName: row.nickName, dealerId: row.dealerId, roles: row.roles };
  return { user, granted: row.granted, scope: settledScope(user, row.hasDataRules, row.ownWarehouses) };
}

/** The signed-in user behind a token, or null (`sessionFor`, for a session of any permission). */
export async function resolveSession(db: Db, token: string, limits: IdleLimits): Promise<SessionUser | null> {
  return (await sessionFor(db, token, limits, 'session'))?.user ?? null;
}

/** What a user's roles grant, read on its own (the session above reads it with the session). */
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
