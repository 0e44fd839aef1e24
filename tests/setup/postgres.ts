import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the tests make their databases on (a maintenance database of it). */
export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase { name: string; url: string; drop(): Promise<void> }

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Waits until nobody is connected to the database: a pool that has ended may still be saying
 * goodbye, and copying or dropping under it would fail (or, forced, surface as an error in the
 * next test file).
 */
async function whenUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * A new database on the PostgreSQL server: empty, or a copy of `template` (a database nobody is
 * connected to, such as the seeded one the API tests' global setup makes). `drop` removes it.
 */
export async function freshPostgresDatabase(opts: { prefix?: string; template?: string } = {}): Promise<TestDatabase> {
  const name = `${opts.prefix ?? 'tyre_test'}_${randomBytes(5).toString('hex')}`;
  await withAdmin(async (client) => {
    if (opts.template) await whenUnused(client, opts.template);
    await client.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  });
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(async (client) => {
      await whenUnused(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
    }),
  };
}
