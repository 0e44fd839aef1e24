import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Language } from '../../shared/i18n/languages';
import type { RoutePermission } from '../../shared/permissions';
import type { SessionUser } from '../platform/sessionStore';

export interface RouteContext<Body> {
  body: Body;
  query: Record<string, string | undefined>;
  /** The signed-in user; always set unless the route is `public`. */
  user: SessionUser;
  lang: Language;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One API call: its path, who may call it, the shape of its body and answer, and what it
 * does. Reading a module's route list answers "who may call this?" without opening more.
 */
export interface RouteDef<S extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tag: string;
  permission: RoutePermission;
  body?: S;
  answer?: z.ZodType;
  /** The handler writes the reply itself (files, images); no envelope. */
  raw?: boolean;
  rateLimit?: { max: number; timeWindow: string };
  handler(ctx: RouteContext<z.output<S>>): Promise<unknown>;
}

export const defineRoute = <S extends z.ZodType>(def: RouteDef<S>): RouteDef => def as unknown as RouteDef;
