import { announceMonitor } from '../../platform/monitorEvents';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loginLogs, users } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { consumeCaptcha } from './captcha';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../platform/passwordHash';
import { createSession } from '../../platform/sessionStore';

interface Attempt { userName: string; passWord: string; verCode: string; verKey: string; ip: string; userAgent: string }

/**
 * Checks a login attempt and opens a session. Every attempt is recorded; after
 * LOGIN_MAX_FAILURES wrong passwords in a row the account is locked for LOGIN_LOCK_MINUTES.
 */
export async function login(db: Db, config: Config, a: Attempt): Promise<{ token: string }> {
  /** The user's dealer once known: its login monitor hears of the attempt too. */
  let dealerId: number | null = null;
  const record = async (success: boolean, reason: string, userId?: number) => {
    await db.insert(loginLogs).values({ userName: a.userName.slice(0, 64), userId, ip: a.ip, userAgent: a.userAgent.slice(0, 256), success, reason });
    announceMonitor('login', dealerId);
  };

  if (config.captchaEnabled) {
    if (!a.verCode.trim()) {
      await record(false, 'captchaRequired');
      throw badRequest('captchaRequired', 'verCode');
    }
    if (!(await consumeCaptcha(db, a.verKey, a.verCode))) {
      await record(false, 'captchaWrong');
      throw badRequest('captchaWrong', 'verCode');
    }
  }

  const [user] = await db.select().from(users).where(eq(users.userName, a.userName));
  if (!user) {
    await verifyPassword(a.passWord, await dummyPasswordHash());
    await record(false, 'badCredentials');
    throw badRequest('badCredentials');
  }
  dealerId = user.dealerId;
  // A service account calls the API with its keys and never signs in: refused as a wrong password
  // would be (it has none), so the sign-in does not tell which names are service accounts.
  if (user.kind !== 'person') {
    await verifyPassword(a.passWord, await dummyPasswordHash());
    await record(false, 'serviceAccount', user.id);
    throw badRequest('badCredentials');
  }
  const lockedFor = user.lockedUntil ? user.lockedUntil.getTime() - Date.now() : 0;
  if (lockedFor > 0) {
    await record(false, 'accountLocked', user.id);
    throw new AppError(429, 'accountLocked', { minutes: Math.ceil(lockedFor / 60_000) });
  }
  if (!(await verifyPassword(a.passWord, user.passwordHash))) {
    const locked = (await countFailedPassword(db, config, user.id)) > 0;
    await record(false, locked ? 'accountLocked' : 'badCredentials', user.id);
    if (locked) throw new AppError(429, 'accountLocked', { minutes: config.LOGIN_LOCK_MINUTES });
    throw badRequest('badCredentials');
  }
  if (user.status !== 'normal') {
    await record(false, 'accountFrozen', user.id);
    throw new AppError(403, 'accountFrozen');
  }
  if (user.failedLogins > 0 || user.lockedUntil) {
    await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  // A hash of older, weaker settings is replaced now that the password is known.
  if (needsRehash(user.passwordHash)) {
    // Only over the hash just verified: a password changed meanwhile stays changed.
    await db.update(users).set({ passwordHash: await hashPassword(a.passWord) }).where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  const token = await createSession(db, user.id, a.ip, a.userAgent);
  await record(true, 'ok', user.id);
  return { token };
}

/**
 * Counts a wrong password against the account; the last allowed one locks it. One atomic
 * update, so parallel wrong guesses cannot both slip under the limit. Answers the lock's
 * minutes when this failure locked the account, else 0.
 */
export async function countFailedPassword(db: Db, config: Config, userId: number): Promise<number> {
  const [after] = await db.update(users).set({
    failedLogins: sql`case when ${users.failedLogins} + 1 >= ${config.LOGIN_MAX_FAILURES} then 0 else ${users.failedLogins} + 1 end`,
    lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${config.LOGIN_MAX_FAILURES}
      then now() + make_interval(mins => ${config.LOGIN_LOCK_MINUTES}) else ${users.lockedUntil} end`,
  }).where(eq(users.id, userId)).returning({ lockedUntil: users.lockedUntil });
  return after?.lockedUntil && after.lockedUntil.getTime() > Date.now() ? config.LOGIN_LOCK_MINUTES : 0;
}
