import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
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
  const blob = await database.dump!();
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(SNAPSHOT_FILE, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}
