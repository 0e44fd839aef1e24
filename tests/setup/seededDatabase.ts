import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { prepareData } from '../../src/server/db/seed';
import { freshPostgresDatabase } from './postgres';

export const SNAPSHOT_FILE = '.tmp/pglite-demo-seed.tar';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PostgreSQL database each test server's database is copied from (TEST_DB=postgres). */
    pgTemplate: string;
  }
}

/**
 * Once per API run: a migrated database with the demo seed, which each test server copies instead
 * of running initdb, the migrations and the seed again (seconds a file). On PGlite a tarball of its
 * data folder; on PostgreSQL a database used as the template of each test's own, dropped at the end.
 * Servers that need another start (SEED_DEMO=false) still go the long way.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const template = await freshPostgresDatabase({ prefix: 'tyre_template' });
    // Seeded in the business time zone the test servers run in, as their own start would.
    const { timeZone } = loadConfig({ DATA_DIR: 'memory://', CAPTCHA: 'off' });
    const database = await openDatabase({ databaseUrl: template.url, dataDir: 'memory://', timeZone });
    await prepareData(database.db, { seedDemo: true });
    await database.close();
    project.provide('pgTemplate', template.name);
    return () => template.drop();
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepareData(database.db, { seedDemo: true });
  // After a checkpoint the data files hold everything: the WAL from its redo point to the end is all a start reads.
  await database.db.execute(sql`checkpoint`);
  const [wal] = await queryRows<{ from: string; to: string }>(database.db, sql`
    select redo_wal_file as "from", pg_walfile_name(pg_current_wal_insert_lsn()) as "to" from pg_control_checkpoint()`);
  const blob = await database.dump!();
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(SNAPSHOT_FILE, walFrom(Buffer.from(await blob.arrayBuffer()), wal.from, wal.to));
  await database.close();
}

/**
 * The tarball with only the WAL segments from `from` to `to` (names of one width, so they compare
 * as text): none before the last checkpoint, none of the recycled ones past the end of the WAL (16 MiB each, three of five in the seeded database).
 * Each test server's start unpacks the tarball: 64 MB instead of 97, about a sixth of its time.
 */
function walFrom(tar: Buffer, from: string, to: string): Buffer {
  const kept: Buffer[] = [];
  const field = (header: Buffer, from: number, to: number) => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    const name = field(header, 0, 100);
    if (!name) {
      kept.push(tar.subarray(at)); // the end-of-archive blocks
      return Buffer.concat(kept);
    }
    const size = parseInt(field(header, 124, 136).trim(), 8);
    // PGlite writes plain ustar entries (names within the 100 bytes); anything else is not read here.
    if (!field(header, 257, 263).startsWith('ustar') || !Number.isFinite(size) || 'LKxg'.includes(field(header, 156, 157) || '0')) {
      throw new Error(`the snapshot's tar entry at byte ${at} (${name}) is not a plain ustar entry`);
    }
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || (segment >= from && segment <= to)) kept.push(tar.subarray(at, end));
    at = end;
  }
  throw new Error('the snapshot\'s tarball has no end-of-archive blocks');
}
