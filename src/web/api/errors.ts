/** A failed call. `handled` says the user was already told, so nobody shows it twice. */
export class ApiError extends Error {
  readonly handled = true;
  constructor(message: string, readonly code: number, readonly status?: number, readonly data?: unknown) {
    super(message);
  }
}

/**
 * For a catch around calls: a failed call was already shown to the user by the client, so the
 * caller may let it go; anything else is a programming error and is thrown on, not swallowed.
 */
export function rethrowUnlessShown(err: unknown): asserts err is ApiError {
  if (!(err instanceof ApiError)) throw err;
}
