/**
 * Lookups that must succeed: a missing value is a programming or data error, reported with what
 * was missing instead of a later `undefined` crash. Use them instead of `x!` or `map.get(k)!`.
 */

/** `value`, or an error naming `what` when it is null or undefined. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing ${what}`);
  return value;
}

/** `map.get(key)`, or an error naming `what` and the key when the map holds nothing (or `undefined`) under it. */
export function getOrThrow<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`missing ${what}: ${String(key)}`);
  return value;
}

/** The message of something thrown: an Error's own, else its text. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Whether a value is an object (not null): its properties can be read as unknowns. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether `key` is one of the object's own keys (a code from outside checked against a table of codes). */
export function isKeyOf<T extends object>(object: T, key: PropertyKey): key is keyof T {
  return Object.hasOwn(object, key);
}

/** A parsed body's number, or null for anything else (a zod body gives numbers or null). */
export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}
