import type { FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '../../shared/i18n/languages';
import type { RoutePermission } from '../../shared/permissions';
import { AppError, unauthorized } from '../http/errors';
import type { Services } from '../services';
import { apiKeyOf, keySession } from './apiKeys';
import { dataScopeOf, type DataScope } from './dataScope';
import { permitted } from './permission';
import { idleLimitsOf, sessionFor, type SessionUser } from './sessionStore';

/**
 * Who is calling and what they may reach, built once per call before its handler runs
 * (docs/architecture.md): the session's user, checked against the route's permission,
 * the caller's language, and the data scope. Handlers and their helpers take these from here
 * instead of reading them again; the one call that shows all of a user's roles and granted codes
 * (getCurrentUserInfo, for the menu) reads them itself (`userGrants`).
 */
export interface RequestContext {
  /** The signed-in user; always set unless the route is `public` (reading it there answers 401). */
  readonly user: SessionUser;
  lang: Language;
  /**
   * The user's data scope (docs/product.md#permissions): a dealer user's and that of staff without
   * data rules come with the session; staff with data rules have theirs read on the first call
   * and the same answer after it, so a call that needs no scope spends no query on it.
   */
  scope(): Promise<DataScope>;
}

export function requestLanguage(req: FastifyRequest): Language {
  const query = req.query as Record<string, string | undefined> | undefined;
  return pickLanguage(query?.lang, req.headers['accept-language']);
}

const headerToken = (req: FastifyRequest) => {
  const raw = req.headers.token;
  return Array.isArray(raw) ? raw[0] : raw ?? '';
};

/** A service account's call as the audit trail records it once answered (`keyCallers`). */
export interface KeyCaller { userId: number; userName: string; keyId: number }
/** The service account behind a call made with an API key, for the audit record written when it is answered (http/register.ts). */
export const keyCallers = new WeakMap<FastifyRequest, KeyCaller>();

/** Counts a key's call against its limit (`API_KEY_RATE_LIMIT` a minute, across nodes with Redis); true when over it. */
export type KeyLimit = (req: FastifyRequest) => Promise<boolean>;

/**
 * The context of one call: for a route that is not public, its session resolved (401 when there
 * is none, idle or revoked) and the route's permission checked (403), in one statement when the
 * session's last-seen stamp is fresh; that statement settles most users' data scope too. A call
 * carrying an API key instead acts as the key's service account, through the same checks
 * (`keySession`), within the key's rate limit.
 */
export async function openRequestContext(services: Pick<Services, 'db' | 'config'>, req: FastifyRequest, permission: RoutePermission, keyLimit?: KeyLimit): Promise<RequestContext> {
  const lang = requestLanguage(req);
  if (permission === 'public') return anonymousContext(lang);
  const key = apiKeyOf(req);
  let session;
  if (key) {
    if (keyLimit && await keyLimit(req)) throw new AppError(429, 'tooManyRequests');
    session = await keySession(services.db, key, permission, req.ip);
    if (session) keyCallers.set(req, { userId: session.user.id, userName: session.user.userName, keyId: session.keyId });
  } else {
    session = await sessionFor(services.db, headerToken(req), idleLimitsOf(services.config), permission);
  }
  const { user, scope: settled } = permitted(session);
  let scope = settled ? Promise.resolve(settled) : undefined;
  return { user, lang, scope: () => (scope ??= dataScopeOf(services.db, user)) };
}

/** A public call's context: nobody is signed in, so neither user nor scope can be read. */
function anonymousContext(lang: Language): RequestContext {
  return {
    get user(): SessionUser {
      throw unauthorized();
    },
    lang,
    scope: () => Promise.reject(unauthorized()),
  };
}
