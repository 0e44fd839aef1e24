import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../shared/api/envelope';
import { pickLanguage, type Language } from '../../shared/i18n/languages';
import { message } from '../../shared/i18n/messages';
import { isContention } from '../db/pgErrors';
import { idleLimitsOf, resolveSession, type SessionUser } from '../platform/sessionStore';
import type { Services } from '../services';
import { AppError, forbidden, unauthorized } from './errors';
import type { RouteDef } from './route';
import { describeIssue } from './validation';

export function requestLanguage(req: FastifyRequest): Language {
  const query = req.query as Record<string, string | undefined> | undefined;
  return pickLanguage(query?.lang, req.headers['accept-language']);
}

const headerToken = (req: FastifyRequest) => {
  const raw = req.headers.token;
  return Array.isArray(raw) ? raw[0] : raw ?? '';
};

function sendError(reply: FastifyReply, status: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code: status, msg, data });
}

/**
 * The path of a string holding U+0000, which PostgreSQL text cannot store: such input
 * is refused as bad input instead of failing in the database. Iterative, so depth cannot
 * overflow the stack.
 */
function pathOfNulString(value: unknown): string[] | null {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (Buffer.isBuffer(v)) continue;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) stack.push([child, [...path, k]]);
    }
  }
  return null;
}

/**
 * Registers every call. Before any handler code runs: the session is resolved, the route's
 * permission checked, and the body (or the query of a GET) validated by its zod schema.
 */
export function registerRoutes(app: FastifyInstance, services: Services, defs: RouteDef[]) {
  for (const def of defs) {
    app.route({
      method: def.method,
      url: API_BASE + def.url,
      config: def.rateLimit ? { rateLimit: def.rateLimit } : { rateLimit: false },
      handler: async (req, reply) => {
        const lang = requestLanguage(req);
        let user: SessionUser | null = null;
        if (def.permission !== 'public') {
          user = await resolveSession(services.db, headerToken(req), idleLimitsOf(services.config));
          if (!user) throw unauthorized();
          if (def.permission !== 'session' && !user.perms.has(def.permission)) throw forbidden();
        }
        const input = def.method === 'GET' ? req.query : req.body ?? {};
        let body: unknown = input;
        if (def.body) {
          // reportInput lets the message tell a missing field from one of the wrong type.
          const parsed = def.body.safeParse(input, { reportInput: true });
          if (!parsed.success) return sendError(reply, 400, describeIssue(parsed.error, lang));
          body = parsed.data;
        }
        const nul = pathOfNulString(body);
        if (nul) return sendError(reply, 400, `${nul.join('.') || 'body'}: ${message(lang, 'invalidValue')}`);
        const data = await def.handler({
          body, query: req.query as Record<string, string | undefined>, user: user as SessionUser, lang, req, reply,
        });
        if (def.raw) return reply;
        return { code: 200, msg: message(lang, 'success'), data: data ?? null };
      },
    });
  }
}

/** Every failure leaves as the envelope, in the caller's language, with nothing internal in it. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) {
      const text = message(lang, err.key, err.params);
      return sendError(reply, err.status, err.field ? `${err.field}: ${text}` : text, err.data ?? null);
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return sendError(reply, 400, message(lang, 'malformedJson'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, message(lang, 'bodyTooLarge'));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(reply, 400, message(lang, 'malformedJson'));
    if (err.statusCode === 429) return sendError(reply, 429, message(lang, 'tooManyRequests'));
    if (isContention(err)) {
      req.log.warn({ err }, 'write gave way to a concurrent one');
      return sendError(reply, 409, message(lang, 'busyRetry'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, err.statusCode, message(lang, err.statusCode === 404 ? 'notFound' : 'invalidValue'));
    }
    req.log.error({ err }, 'request failed');
    return sendError(reply, 500, message(lang, 'internal'));
  });
  app.setNotFoundHandler((req, reply) => sendError(reply, 404, message(requestLanguage(req), 'notFound')));
}
