/**
 * The wire protocol without zod: the console's first bundle (the API client the login page
 * loads) imports these, and zod would cost more than the whole login page. `envelope.ts`
 * re-exports them beside the zod answers shared by every module.
 */
/** Every answer of the API: `{ code, msg, data }` (docs/product.md#calls). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Codes the console treats as success (docs/product.md#errors). 204 also shows its message. */
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
