import type { MessageKey } from '../../shared/i18n/messages';

/**
 * An error the user may read. `status` is the HTTP status and the envelope's code
 * (docs/product.md#calls); the message is a key of the shared table, said in the
 * caller's language, optionally prefixed with the field it is about.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly field?: string,
    /** Details the console can show (an import's row errors). */
    readonly data?: unknown,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, field?: string, params?: Record<string, string | number>) =>
  new AppError(400, key, params, field);
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'notFound');
export const conflict = (key: MessageKey, field?: string, params?: Record<string, string | number>) => new AppError(409, key, params, field);
