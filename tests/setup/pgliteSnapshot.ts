import { mkdirSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../../src/server/db/client';
import { prepareData } from '../../src/server/db/seed';

export const SNAPSHOT_FILE = '.tmp/pglite-demo-seed.tgz';

/**
 * Once per API run on PGlite: a migrated database with the demo seed, saved as a tarball.
 * Each test server clones it instead of running initdb, the migrations and the seed again.
 * Servers that need another start (SEED_DEMO=false) still go the long way.
 */
export default async function setup() {
  if (process.env.TEST_DB === 'postgres') return;
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepareData(database.db, { seedDemo: true });
  const blob = await database.dump!();
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(SNAPSHOT_FILE, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}
