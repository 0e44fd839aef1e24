import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The seeded demo database as a PGlite tarball, written by the API tests' global setup (seededDatabase.ts). */
export const SNAPSHOT_FILE = '.tmp/pglite-demo-seed.tar';

/**
 * A PGlite data folder holding the demo data, cloned from the seeded snapshot, where a server
 * started with `DATA_DIR=dataDir` finds it (anything there before is replaced).
 */
export async function seededDataDir(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir, { loadDataDir: new Blob([readFileSync(SNAPSHOT_FILE)]) });
  await db.close();
}
