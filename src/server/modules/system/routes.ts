import { announceMonitor } from '../../platform/monitorEvents';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  captchaAnswer, changePasswordBody, currentUserInfo, dictGroups, editCurrentUserBody, loginAnswer, loginBody,
} from '../../../shared/api/session';
import { noData } from '../../../shared/api/envelope';
import { passwordProblem } from '../../../shared/password';
import type { Services } from '../../services';
import { dealers, dictData, dictTypes, loginLogs, users } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { createCaptcha } from './captcha';
import { countFailedPassword, login } from './login';
import { menuFor } from './menuTree';
import { hashPassword, verifyPassword } from '../../platform/passwordHash';
import { revokeSession, revokeUserSessions, userGrants } from '../../platform/sessionStore';

export function sessionRoutes({ db, config }: Services) {
  return [
    defineRoute({
      method: 'GET', url: '/sys/captcha', tag: 'session', permission: 'public', answer: captchaAnswer,
      summary: 'A new login captcha: verKey and an SVG image (enabled=false when CAPTCHA=off)',
      rateLimit: { max: 60, timeWindow: '1 minute' },
      handler: async () => (config.captchaEnabled ? { enabled: true, ...(await createCaptcha(db)) } : { enabled: false, verKey: '', image: '' }),
    }),
    defineRoute({
      method: 'POST', url: '/sys/login', tag: 'session', permission: 'public', body: loginBody, answer: loginAnswer,
      summary: 'Signs in with user name, password and captcha; answers a session token',
      rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' },
      handler: async ({ body, req }) => {
        const { token } = await login(db, config, { ...body, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });
        return { token, expiresInMinutes: config.SESSION_IDLE_MINUTES };
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/loginOut', tag: 'session', permission: 'session', answer: noData, summary: 'Signs out: the token is revoked',
      handler: async ({ user, req }) => {
        await revokeSession(db, user.sessionId);
        // The login monitor shows sign-outs beside sign-ins (login_logs reason `logout`).
        await db.insert(loginLogs).values({
          userName: user.userName, userId: user.id, ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 256), success: true, reason: 'logout',
        });
        announceMonitor('login', user.dealerId);
        return null;
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/user/getCurrentUserInfo', tag: 'session', permission: 'session', answer: currentUserInfo,
      summary: 'The signed-in user: name, avatar, saved settings, menu tree and button codes',
      handler: async ({ user, lang }) => {
        // The session brings neither roles nor grants (a call checks its one code); the menu needs them all.
        const [[row], { roles, menuTree, buttonList }] = await Promise.all([
          db.select({
            id: users.id, userName: users.userName, nickName: users.nickName, avatar: users.avatar, email: users.email, phone: users.phone,
            dealerId: users.dealerId, dealerName: dealers.name, settings: users.settings,
          }).from(users).leftJoin(dealers, eq(dealers.id, users.dealerId)).where(eq(users.id, user.id)),
          userGrants(db, user.id).then(async ({ roles, perms }) => ({ roles, ...await menuFor(db, new Set(perms), lang) })),
        ]);
        return {
          userId: row.id, userName: row.userName, nickName: row.nickName, avatar: row.avatar, email: row.email, phone: row.phone,
          dealerId: row.dealerId, dealerName: row.dealerName, roles,
          theme: row.settings, buttonList, menuTree,
        };
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/user/editCurrentUser', tag: 'session', permission: 'session', body: editCurrentUserBody, answer: noData,
      summary: 'Saves the signed-in user\'s settings (theme JSON string) and profile fields',
      handler: async ({ user, body }) => {
        if (body.theme !== undefined && body.theme !== '') {
          let parsed: unknown;
          try {
            parsed = JSON.parse(body.theme);
          } catch {
            throw badRequest('invalidValue', 'theme');
          }
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('invalidValue', 'theme');
        }
        const { theme, email, phone, ...rest } = body;
        const values = {
          ...rest,
          ...(theme !== undefined ? { settings: theme } : {}),
          ...(email !== undefined ? { email: email || null } : {}),
          ...(phone !== undefined ? { phone: phone || null } : {}),
        };
        if (Object.keys(values).length) await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, user.id));
        return null;
      },
    }),
    defineRoute({
      method: 'POST', url: '/sys/user/changePassword', tag: 'session', permission: 'session', body: changePasswordBody, answer: noData,
      summary: 'Changes the signed-in user\'s password; other sessions of the user are signed out',
      handler: async ({ user, body }) => {
        if (!body.oldPassword) throw badRequest('passwordOldEmpty', 'oldPassword');
        const problem = passwordProblem(body.newPassword);
        if (problem) throw badRequest(problem, 'newPassword');
        if (body.newPassword !== body.confirmPassword) throw badRequest('passwordMismatch', 'confirmPassword');
        if (body.newPassword === body.oldPassword) throw badRequest('passwordSameAsOld', 'newPassword');
        const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
        if (!(await verifyPassword(body.oldPassword, row.hash))) {
          // Wrong old passwords count towards the lockout, as wrong logins do: no guessing through this call.
          const lockedMinutes = await countFailedPassword(db, config, user.id);
          if (lockedMinutes) {
            await revokeUserSessions(db, user.id);
            throw new AppError(429, 'accountLocked', { minutes: lockedMinutes });
          }
          throw badRequest('passwordOldWrong', 'oldPassword');
        }
        await db.update(users).set({ passwordHash: await hashPassword(body.newPassword), passwordChangedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await revokeUserSessions(db, user.id, user.sessionId);
        return null;
      },
    }),
    defineRoute({
      method: 'POST', url: '/system/dict/data/groupByType', tag: 'dictionary', permission: 'session', answer: dictGroups,
      body: z.object({}).loose().optional(),
      summary: 'Every enabled dictionary entry grouped by type, labelled in the caller\'s language',
      handler: async ({ lang }) => {
        const rows = await db.select({ type: dictData.dictType, label: dictData.label, labelEn: dictData.labelEn, value: dictData.value })
          .from(dictData).innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType))
          .where(and(eq(dictData.status, 'normal'), eq(dictTypes.status, 'normal')))
          .orderBy(asc(dictData.dictType), asc(dictData.sort));
        const groups: Record<string, { dictLabel: string; dictValue: string }[]> = {};
        for (const r of rows) (groups[r.type] ??= []).push({ dictLabel: lang === 'en-US' ? r.labelEn : r.label, dictValue: r.value });
        return groups;
      },
    }),
  ];
}
