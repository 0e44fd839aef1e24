import { z } from 'zod';

/** Every answer of the API: `{ code, msg, data }` (DESIGN.md "API contract"). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Codes the console treats as success (spec section 8). 204 also shows its message. */
export const SUCCESS_CODES = [200, 250] as const;
export const MESSAGE_CODE = 204;

/** HTTP status codes the server answers errors with; the envelope's code repeats them. */
export const ErrorStatus = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  internal: 500,
} as const;

export const API_BASE = '/fms/api/v1';

/** Answers of writes, shared by every module: a call that answers nothing but its code and message has `data: null`. */
export const noData = z.null();
/** A created or changed record: its id. */
export const idAnswer = z.object({ id: z.number() });
export type IdAnswer = z.infer<typeof idAnswer>;
/** Records deleted. */
export const deletedAnswer = z.object({ deleted: z.number() });
export type DeletedAnswer = z.infer<typeof deletedAnswer>;
