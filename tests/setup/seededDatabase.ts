import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { prepareData } from '../../src/server/db/seed';
import { hashPasswordsForTests } from '../../src/server/platform/passwordHash';
import { freshPostgresDatabase } from './postgres';
import { SNAPSHOT_FILE } from './seededDataDir';

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
  // The demo users' hashes at the test work factor, as the test servers make theirs (testHashing.ts).
  hashPasswordsForTests();
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
  // After a switch to a new WAL segment and a checkpoint, the data files hold everything and the
  // new segment only the checkpoint's record: the WAL a start reads is a few pages of one file.
  await database.db.execute(sql`select pg_switch_wal()`);
  await database.db.execute(sql`checkpoint`);
  const [wal] = await queryRows<{ segment: string; offset: number }>(database.db, sql`
    select file_name as segment, file_offset as offset from pg_walfile_name_offset(pg_current_wal_insert_lsn())`);
  const templates = await queryRows<{ oid: number }>(database.db, sql`select oid::int from pg_database where datname in ('template0', 'template1')`);
  const blob = await database.dump!();
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(SNAPSHOT_FILE, trimmedSnapshot(Buffer.from(await blob.arrayBuffer()), {
    segment: wal.segment, walBytes: (Math.floor(wal.offset / WAL_PAGE) + 1) * WAL_PAGE, skipDatabases: templates.map((t) => t.oid),
  }));
  await database.close();
}

/** PostgreSQL's WAL page (XLOG_BLCKSZ). */
const WAL_PAGE = 8192;

/**
 * What each test server's start unpacks, cut to what a start reads (it unpacks the whole tarball:
 * 97 MB took 1.8 to 2.2 s a start, the trimmed one about 0.6 s):
 * - of the WAL, only `segment`, the one holding the checkpoint, and only its first `walBytes`, up
 *   to the page with the end of the WAL. The rest is recycled segments and stale bytes. A start
 *   reads to the end of the file (the end of the WAL), then writes on past it as a full file;
 * - not the template databases' folders (`skipDatabases`): nothing a test server does copies a
 *   database. On PGlite a test that needs another server database starts another server.
 */
function trimmedSnapshot(tar: Buffer, keep: { segment: string; walBytes: number; skipDatabases: number[] }): Buffer {
  const kept: Buffer[] = [];
  const field = (header: Buffer, from: number, to: number) => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');
  const skipped = new RegExp(`^/?base/(${keep.skipDatabases.join('|')})/`);
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
    if (segment === keep.segment) kept.push(...tarEntry(header, tar.subarray(at + 512, at + 512 + Math.min(size, keep.walBytes))));
    else if (!segment && !skipped.test(name)) kept.push(tar.subarray(at, end));
    at = end;
  }
  throw new Error('the snapshot\'s tarball has no end-of-archive blocks');
}

/** A ustar entry: `header` with the size of `data` (and its checksum) written in, the data padded to whole blocks. */
function tarEntry(header: Buffer, data: Buffer): Buffer[] {
  const out = Buffer.from(header);
  out.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
  out.fill(' ', 148, 156); // the checksum counts its own field as spaces
  const sum = out.reduce((total, byte) => total + byte, 0);
  out.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return [out, data, Buffer.alloc(Math.ceil(data.length / 512) * 512 - data.length)];
}
