import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { queryRows, type Db } from '../client';
import { isRecord } from '../../../shared/must';

/** One column of a bulk insert: its name, its SQL array type and the value of row i. */
export type BulkColumn = [name: string, type: 'int4' | 'int8' | 'text' | 'timestamptz' | 'bool', value: (i: number) => unknown];

export const BATCH = 50_000;

/**
 * Inserts `count` rows. On a PostgreSQL server, one `COPY … FROM STDIN` stream (text format)
 * through the transaction's own connection: no parameters to build, no statement to plan, 3 to 4
 * times the rows a second of `unnest`. On PGlite (no COPY from a client stream) one `unnest`
 * statement per batch, one array parameter per column.
 */
export async function bulkInsert(tx: Db, table: string, count: number, columns: BulkColumn[]): Promise<void> {
  if (!count) return;
  const client = serverClientOf(tx);
  if (client) return copyRows(client, table, count, columns);
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

/** The node-postgres connection a Drizzle transaction runs on, or null (PGlite, or a pool outside a transaction). */
function serverClientOf(tx: Db): pg.ClientBase | null {
  // Drizzle keeps the transaction's session on it, not in its type.
  const session: unknown = Reflect.get(tx, 'session');
  const client = isRecord(session) ? session.client : undefined;
  return client instanceof pg.Client ? client : null;
}

/** A value in COPY's text format: `\N` for NULL; backslash, tab and line breaks escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c) : text;
}

async function copyRows(client: pg.ClientBase, table: string, count: number, columns: BulkColumn[]): Promise<void> {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const stream = client.query(copyFrom(`copy "${table}" (${names}) from stdin`));
  function* chunks() {
    const CHUNK = 5_000;
    for (let from = 0; from < count; from += CHUNK) {
      const end = Math.min(count, from + CHUNK);
      let text = '';
      for (let i = from; i < end; i++) text += `${columns.map(([, , value]) => copyText(value(i))).join('\t')}\n`;
      yield text;
    }
  }
  await pipeline(Readable.from(chunks()), stream);
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
