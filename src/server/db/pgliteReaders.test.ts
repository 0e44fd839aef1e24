import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, preparedStatement, queryRows, withoutDrizzleReaders, type Database } from './client';

/**
 * The embedded database reads dates, times and intervals as text on every path (Drizzle's
 * queries, its transactions' queries, the prepared statements), as the PostgreSQL driver does,
 * though Drizzle's own readers are left out of each query (client.ts `withoutDrizzleReaders`);
 * a query's readers of any other type still apply.
 */
let database: Database;
beforeAll(async () => { database = await openDatabase({ dataDir: 'memory://', timeZone: 'Asia/Shanghai' }); }, 60_000);
afterAll(async () => { await database?.close(); });

const when = sql`select date '2026-11-27' as day, timestamptz '2026-11-27 08:00:00+08' as at, interval '90 minutes' as span,
  array[date '2026-11-26'] as days`;
const asText = { day: '2026-11-27', at: '2026-11-27 08:00:00+08', span: '01:30:00', days: '{2026-11-26}' };

describe('PGlite readers', () => {
  it('reads dates, times and intervals as text outside a transaction, inside one and in a prepared statement', async () => {
    expect(await queryRows(database.db, when)).toEqual([asText]);
    expect(await database.db.transaction((tx) => queryRows(tx, when))).toEqual([asText]);
    const prepared = preparedStatement<typeof asText>('readers_test', when);
    expect(await prepared(database.db, {})).toEqual([asText]);
    expect(await database.db.transaction((tx) => prepared(tx, {}))).toEqual([asText]);
  });

  it('keeps a query\'s readers of other types, and its own reader of a date', async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ n: string; day: string }>('select 41 + 1 as n, date \'2026-11-27\' as day', [], {
      parsers: { 23: (v: string) => `int ${v}`, 1082: (v: string) => `date ${v}` },
    });
    expect(rows).toEqual([{ n: 'int 42', day: 'date 2026-11-27' }]);
    const { rows: own } = await client.query<{ day: string }>('select date \'2026-11-27\' as day', [], { parsers: { 1082: (v: string) => `day ${v}` } });
    expect(own).toEqual([{ day: 'day 2026-11-27' }]);
  });

  it('still reads date arrays as text after the array types are refreshed', async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.refreshArrayTypes();
    expect(await queryRows(database.db, when)).toEqual([asText]);
  });
});

describe('withoutDrizzleReaders', () => {
  const identity = (v: string) => v;
  const passed = async (parsers?: Record<number, (v: string) => unknown>) => {
    let seen: unknown;
    const query = withoutDrizzleReaders((async (_text: string, _params?: unknown[], options?: unknown) => {
      seen = options;
      return { rows: [], fields: [] };
    }) as unknown as PGlite['query']);
    await query('select 1', [], { rowMode: 'array', ...(parsers ? { parsers } : {}) });
    return seen;
  };

  it('leaves out readers that read dates, times, intervals and their arrays as text, and keeps the other options', async () => {
    const drizzles = Object.fromEntries([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231].map((oid) => [oid, identity]));
    expect(await passed(drizzles)).toEqual({ rowMode: 'array' });
  });

  it('passes on readers of other types, and readers of those types that read them otherwise', async () => {
    const other = { 23: identity };
    expect(await passed(other)).toEqual({ rowMode: 'array', parsers: other });
    const parsing = { 1082: (v: string) => new Date(v) };
    expect(await passed(parsing)).toEqual({ rowMode: 'array', parsers: parsing });
    expect(await passed()).toEqual({ rowMode: 'array' });
  });
});
