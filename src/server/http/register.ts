import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE } from '../../shared/api/envelope';
import { message } from '../../shared/i18n/messages';
import { isContention } from '../db/pgErrors';
import { openRequestContext, requestLanguage } from '../platform/requestContext';
import type { Services } from '../services';
import { AppError } from './errors';
import type { RouteDef } from './route';
import { describeIssue } from './validation';

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
 * Registers every call. Before any handler code runs: the request context is opened (the
 * session resolved, the route's permission checked), and the body (or the query of a GET)
 * validated by the route's zod schema.
 */
export function registerRoutes(app: FastifyInstance, services: Services, defs: RouteDef[]) {
  for (const def of defs) {
    app.route({
      method: def.method,
      url: API_BASE + def.url,
      config: def.rateLimit ? { rateLimit: def.rateLimit } : { rateLimit: false },
      handler: async (req, reply) => {
        const ctx = await openRequestContext(services, req, def.permission);
        const accepted = def.accept(def.method === 'GET' ? req.query : req.body ?? {});
        if (!accepted.ok) return sendError(reply, 400, describeIssue(accepted.error, ctx.lang));
        const nul = pathOfNulString(accepted.body);
        if (nul) return sendError(reply, 400, `${nul.join('.') || 'body'}: ${message(ctx.lang, 'invalidValue')}`);
        const data = await accepted.run(Object.assign(ctx, { query: req.query as Record<string, string | undefined>, req, reply }));
        if (def.raw) return reply;
        return { code: 200, msg: message(ctx.lang, 'success'), data: data ?? null };
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
