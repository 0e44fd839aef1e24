import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE } from '../../shared/api/envelope';
import { MIN_CLIENT_PROTOCOL, PROTOCOL_HEADER, UPGRADE_REQUIRED } from '../../shared/api/protocol';
import { message } from '../../shared/i18n/messages';
import { isContention } from '../db/pgErrors';
import { apiKeyOf, hashApiKey } from '../platform/apiKeys';
import { recordAudit } from '../platform/audit';
import { keyCallers, openRequestContext, requestLanguage, type KeyLimit } from '../platform/requestContext';
import type { Services } from '../services';
import { AppError } from './errors';
import type { RouteDef } from './route';
import { describeIssue } from './validation';

function sendError(reply: FastifyReply, status: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code: status, msg, data });
}

/**
 * A console build older than the oldest protocol this server speaks (shared/api/protocol.ts).
 * Callers that send no protocol (a PDA, the maker's systems, scripts) are not judged by it.
 */
function tooOld(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return false;
  const protocol = Number(value);
  return !Number.isInteger(protocol) || protocol < MIN_CLIENT_PROTOCOL;
}

/** Deeper than any body a call takes (a loose schema would pass a deeper one through, unread). */
const MAX_DEPTH = 32;

/**
 * The path of a value the database cannot take although the schema did: a string holding U+0000
 * (PostgreSQL text cannot store it; PostgreSQL would refuse it with an error of its own, a 500 or
 * a download broken off), or a value nested deeper than any call's body goes. Such input is
 * refused as bad input instead. (Ids past int4 are the schemas' own: `rowId`.) Iterative, so depth
 * cannot overflow the stack; each value keeps only a link to its parent, so a body nested 100,000
 * deep (which a loose schema passes through) costs one step per value, not a copy of its path.
 */
function pathOfBadValue(value: unknown): string[] | null {
  interface Visit { value: unknown; key: string; depth: number; parent: Visit | null }
  const stack: Visit[] = [{ value, key: '', depth: 0, parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (Buffer.isBuffer(v)) continue;
    const bad = visit.depth > MAX_DEPTH || (typeof v === 'string' && v.includes('\u0000'));
    if (bad) {
      const path: string[] = [];
      for (let at: Visit | null = visit; at?.parent; at = at.parent) path.unshift(at.key);
      return path;
    }
    if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) stack.push({ value: child, key: k, depth: visit.depth + 1, parent: visit });
    }
  }
  return null;
}

/**
 * Registers every call. Before any handler code runs: the request context is opened (the
 * session resolved, the route's permission checked), and the body (or the query of a GET)
 * validated by the route's zod schema.
 */
export function registerRoutes(app: FastifyInstance, services: Services, defs: RouteDef[]) {
  const keyLimit = apiKeyLimit(app, services);
  auditKeyCalls(app, services);
  for (const def of defs) {
    app.route({
      method: def.method,
      url: API_BASE + def.url,
      config: def.rateLimit ? { rateLimit: def.rateLimit } : { rateLimit: false },
      handler: async (req, reply) => {
        if (tooOld(req.headers[PROTOCOL_HEADER])) return sendError(reply, UPGRADE_REQUIRED, message(requestLanguage(req), 'clientTooOld'));
        const ctx = await openRequestContext(services, req, def.permission, keyLimit);
        const accepted = def.accept(def.method === 'GET' ? req.query : req.body ?? {});
        if (!accepted.ok) return sendError(reply, 400, describeIssue(accepted.error, ctx.lang));
        const bad = pathOfBadValue(accepted.body);
        if (bad) return sendError(reply, 400, `${bad.join('.') || 'body'}: ${message(ctx.lang, 'invalidValue')}`);
        const data = await accepted.run(Object.assign(ctx, { query: req.query as Record<string, string | undefined>, req, reply }));
        if (def.raw) return reply;
        return { code: 200, msg: message(ctx.lang, 'success'), data: data ?? null };
      },
    });
  }
}

/**
 * Calls made with an API key count against the key's own limit (`API_KEY_RATE_LIMIT` a minute;
 * with Redis across nodes), on top of a route's own. Counted by the key's hash, so a key is never
 * held in the store. Without the rate-limit plugin (a bare test app) keys are not limited.
 */
function apiKeyLimit(app: FastifyInstance, services: Services): KeyLimit | undefined {
  if (!app.hasDecorator('createRateLimit')) return undefined;
  const limit = app.createRateLimit({
    max: services.config.API_KEY_RATE_LIMIT, timeWindow: '1 minute', keyGenerator: (req) => `apikey:${hashApiKey(apiKeyOf(req) ?? '')}`,
  });
  return async (req) => {
    const result = await limit(req);
    return !result.isAllowed && result.isExceeded;
  };
}

/**
 * Every call a service account makes with a key is in the audit trail under the account, once
 * answered: the route, the method and the answer's status (a refused one too, once the key was known).
 */
function auditKeyCalls(app: FastifyInstance, services: Services) {
  app.addHook('onResponse', async (req, reply) => {
    const caller = keyCallers.get(req);
    if (!caller) return;
    try {
      await recordAudit(services.db, { id: caller.userId, userName: caller.userName, ip: req.ip }, {
        action: 'apiCall', entity: 'apiKey', entityId: caller.keyId,
        after: { method: req.method, url: req.routeOptions.url?.slice(API_BASE.length) ?? req.url, status: reply.statusCode },
      });
    } catch (err) {
      req.log.error({ err }, 'the audit record of an API key call was not written');
    }
  });
}

/** Every failure leaves as the envelope, in the caller's language, with nothing internal in it. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) {
      // A refusal caused by a failure underneath (a workbook the parser could not read) logs that failure.
      if (err.cause) req.log.info({ err: err.cause, refused: err.key }, 'refused: the cause');
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
