import { isRecord } from '../../shared/must';

/**
 * PostgreSQL's SQLSTATE of a failed statement, found through the driver's or Drizzle's
 * wrapping (both drivers, pg and PGlite, set `code` and `constraint` on their errors).
 */
export function pgErrorOf(err: unknown): { code: string; constraint?: string } | null {
  for (let e: unknown = err, depth = 0; isRecord(e) && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return null;
}

export const isForeignKeyViolation = (err: unknown) => pgErrorOf(err)?.code === '23503';
export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const e = pgErrorOf(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
};

/**
 * Deadlock (40P01), serialization failure (40001) and lock time-out (55P03): two writers met
 * on the same rows and the database gave up on one. Nothing of that request was written, so
 * the right answer is a conflict the user can simply retry, not an internal error.
 */
export const isContention = (err: unknown) => ['40P01', '40001', '55P03'].includes(pgErrorOf(err)?.code ?? '');
