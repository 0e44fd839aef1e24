import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RoutePermission } from '../../shared/permissions';
import type { RequestContext } from '../platform/requestContext';
import type { RawAnswer } from './rawAnswers';

/** What a handler is given: the call's context (user, language, data scope) and its input. */
export interface RouteContext<Body> extends RequestContext {
  /** The input as the route's schema parsed it; the raw input of a route without a schema. */
  body: Body;
  query: Record<string, string | undefined>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Everything of a route but its input and handler: what the API document and the authorization matrix read. */
interface RouteMeta {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tag: string;
  permission: RoutePermission;
  answer?: z.ZodType;
  /** The handler writes the reply itself (files, streams, pages), no envelope: what it writes, for the API document (rawAnswers.ts). */
  raw?: RawAnswer;
  /**
   * A public call authorised by a key in this header instead of a session (the TMS's stop
   * reports: `tms-token`); the handler checks the key, the API document names the scheme.
   */
  apiKeyHeader?: string;
  rateLimit?: { max: number; timeWindow: string };
}

/** A call whose input a zod schema checks: the handler receives what the schema parses, typed by it. */
export interface RouteSpec<S extends z.ZodType> extends RouteMeta {
  body: S;
  handler(ctx: RouteContext<z.output<S>>): Promise<unknown>;
}

/** A call without a schema (a file download, an upload read from `req`): its input reaches the handler unchecked. */
export interface UncheckedRouteSpec extends RouteMeta {
  body?: undefined;
  handler(ctx: RouteContext<unknown>): Promise<unknown>;
}

/** Input a route's schema accepted, with the route's handler bound to the parsed value; or the schema's refusal. */
export type Accepted =
  | { ok: true; body: unknown; run(ctx: Omit<RouteContext<unknown>, 'body'>): Promise<unknown> }
  | { ok: false; error: z.ZodError };

/**
 * One API call as registered: its path, who may call it, the shape of its body and answer, and
 * what it does. Reading a module's route list answers "who may call this?" without opening more.
 * The body's type lives only inside `accept`, which parses by the route's own schema, so a list
 * of routes of different bodies keeps every handler typed by its schema without a cast.
 */
export interface RouteDef extends RouteMeta {
  body?: z.ZodType;
  accept(input: unknown): Accepted;
}

export function defineRoute<S extends z.ZodType>(spec: RouteSpec<S>): RouteDef;
export function defineRoute(spec: UncheckedRouteSpec): RouteDef;
export function defineRoute(spec: RouteSpec<z.ZodType> | UncheckedRouteSpec): RouteDef {
  const { handler: _handler, ...meta } = spec;
  return {
    ...meta,
    accept(input) {
      if (!spec.body) return { ok: true, body: input, run: (ctx) => spec.handler(Object.assign(ctx, { body: input })) };
      // reportInput lets the message tell a missing field from one of the wrong type.
      const parsed = spec.body.safeParse(input, { reportInput: true });
      if (!parsed.success) return { ok: false, error: parsed.error };
      return { ok: true, body: parsed.data, run: (ctx) => spec.handler(Object.assign(ctx, { body: parsed.data })) };
    },
  };
}
