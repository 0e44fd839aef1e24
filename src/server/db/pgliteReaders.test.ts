import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, preparedStatement, queryRows, type Database } from './client';

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

  it('keeps a query\'s readers of other types', async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ n: string; day: string }>('select 41 + 1 as n, date \'2026-11-27\' as day', [], {
      parsers: { 23: (v: string) => `int ${v}`, 1082: (v: string) => `date ${v}` },
    });
    expect(rows).toEqual([{ n: 'int 42', day: 'date 2026-11-27' }]);
  });
});
