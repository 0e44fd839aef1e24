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

/**
 * The API's protocol as the console's build speaks it, sent on every call in PROTOCOL_HEADER.
 * A server answers 426 to a console older than the oldest it still speaks (MIN_CLIENT_PROTOCOL):
 * a handheld that kept an old build open (or ran it from its service worker) is told to reload,
 * never left to a silent mismatch. Raise CLIENT_PROTOCOL with a change old consoles cannot follow,
 * and MIN_CLIENT_PROTOCOL with it (docs/offline-floor.md).
 */
export const CLIENT_PROTOCOL = 1;
export const MIN_CLIENT_PROTOCOL = 1;
export const PROTOCOL_HEADER = 'x-client-protocol';
export const UPGRADE_REQUIRED = 426;
