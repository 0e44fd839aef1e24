import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** `pglite` (embedded) or `postgres` (server). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's files as a tarball (tests clone a seeded database from it). */
  dump?(): Promise<Blob>;
}

/** Connections to a PostgreSQL server at most (its default max_connections is 100). */
const POOL_SIZE = 50;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database the configuration names and brings its schema up to date. Drizzle's
 * migrators apply pending migrations forward only, inside one transaction.
 */
export async function openDatabase(opts: {
  dataDir: string; databaseUrl?: string; pgliteSnapshot?: Blob;
  /** Told of an idle server connection that broke (server restart, terminated backend). */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compilation costs more than it saves on the dashboards' short aggregate plans.
    // 50 connections: a dock of 50 scanners each holds one for its scan's transaction; with 10,
    // 40 scans queued in the pool behind round trips (bench/scans: 484 scans/s against 373).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_SIZE, options: '-c jit=off' });
    // Without a listener an idle connection the server closes would crash the process; the pool
    // drops that connection and opens another for the next query.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.pgliteSnapshot) client = new PGlite({ loadDataDir: opts.pgliteSnapshot });
  else if (opts.dataDir === 'memory://') client = new PGlite();
  else {
    const dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db, kind: 'pglite', close: () => client.close(),
    dump: async () => (await client.dumpDataDir('gzip')) as Blob,
  };
}

/** Rows of a raw SQL query (analytic queries read clearer in SQL); both drivers answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A statement of a hot path (every scan runs three), built once: drizzle does not assemble its
 * SQL again per call, and PostgreSQL parses and plans it once per connection, as the named
 * prepared statement `name` (on PGlite it runs as any other statement). Values are bound by name
 * (`sql.placeholder('orderId')`), so the text never varies: a list is bound as one array value.
 * Runs on a transaction or the database alike; answers the rows.
 */
export function preparedStatement<T>(name: string, query: SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  return async (db, values) => {
    const result = await db._.session.prepareQuery(built, undefined, name, false).execute(values);
    return (result as { rows: T[] }).rows;
  };
}
