import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { onPostgres } from '../api/server';
import { freshPostgresDatabase } from '../setup/postgres';
import { seededDataDir } from '../setup/seededDataDir';

/**
 * A copy of this pass's seeded demo database that outlives the servers started on it, on the
 * database the pass runs on: a PGlite data folder on disk, or a database of the PostgreSQL
 * server made from the seeded template (TEST_DB=postgres).
 */
export interface SeededCopy {
  /** Where a child server finds it: `startChildServer`'s first argument. */
  where: { dataDir: string } | { databaseUrl: string };
  /** The copy opened in this process, to read what the servers left (no server may hold a PGlite folder meanwhile). */
  open(): ReturnType<typeof openDatabase>;
  remove(): Promise<void>;
}

export async function seededCopy(prefix: string): Promise<SeededCopy> {
  if (onPostgres) {
    const database = await freshPostgresDatabase({ prefix, template: inject('pgTemplate') });
    return { where: { databaseUrl: database.url }, open: () => openDatabase({ dataDir: 'memory://', databaseUrl: database.url }), remove: database.drop };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  await seededDataDir(dataDir);
  return { where: { dataDir }, open: () => openDatabase({ dataDir }), remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
}
