import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';

/** One column of a bulk insert: its name, its SQL array type and the value of row i. */
export type BulkColumn = [name: string, type: 'int4' | 'int8' | 'text' | 'timestamptz' | 'bool', value: (i: number) => unknown];

export const BATCH = 50_000;

/**
 * Inserts `count` rows with one `unnest` statement per batch, one array parameter per column:
 * the fastest bulk path on PGlite and PostgreSQL alike.
 */
export async function bulkInsert(tx: Db, table: string, count: number, columns: BulkColumn[]): Promise<void> {
  for (let from = 0; from < count; from += BATCH) {
    const n = Math.min(BATCH, count - from);
    const arrays = columns.map(([, type, value]) => {
      const values = new Array<unknown>(n);
      for (let k = 0; k < n; k++) values[k] = value(from + k);
      return sql`${sql.param(values)}::${sql.raw(type)}[]`;
    });
    await tx.execute(sql`insert into ${sql.identifier(table)} (${sql.raw(columns.map(([name]) => `"${name}"`).join(', '))})
      select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/** `ms` as a timestamp parameter; NaN is NULL. */
export const stamp = (ms: number) => (Number.isNaN(ms) ? null : new Date(ms).toISOString());
/** An id where 0 stands for NULL. */
export const ref = (id: number) => (id === 0 ? null : id);

/**
 * Takes `n` consecutive ids of a serial column at once (so rows can name each other before
 * they are inserted) and answers the first. Only the seed and the benchmarks call it, with
 * nothing else writing the table meanwhile.
 */
export async function reserveIds(tx: Db, table: string, n: number): Promise<number> {
  if (!n) return 0;
  const [{ last }] = await queryRows<{ last: string | number }>(tx, sql`select setval(pg_get_serial_sequence(${table}, 'id'), nextval(pg_get_serial_sequence(${table}, 'id')) + ${n - 1}) as last`);
  return Number(last) - n + 1;
}
