import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const MIGRATIONS = 'src/server/db/migrations';

/** The migration files of a repository: the SQL files, their snapshots and the journal. */
export function migrationFiles(root: string): string[] {
  const dir = path.join(root, MIGRATIONS);
  return [...readdirSync(dir).filter((f) => f.endsWith('.sql')).map((f) => `${MIGRATIONS}/${f}`),
    ...readdirSync(path.join(dir, 'meta')).map((f) => `${MIGRATIONS}/meta/${f}`)];
}

/**
 * The migration of schema.ts as it now stands, written by drizzle-kit (as `npm run db:generate`
 * does) in the repository at `root`: its SQL file, relative to the root. drizzle-kit runs on the
 * Node running this, with no terminal to ask questions on (a table added asks none).
 */
export function generateMigration(root: string, name: string): { file: string; sql: string } {
  const before = new Set(migrationFiles(root));
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
  const run = spawnSync(process.execPath, [bin, 'generate', '--name', name], {
    cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000,
  });
  const file = migrationFiles(root).find((f) => f.endsWith('.sql') && !before.has(f));
  if (run.status !== 0 || !file) {
    throw new Error(`drizzle-kit generate did not write a migration (exit ${run.status ?? run.signal}):\n${run.stdout}${run.stderr}`);
  }
  return { file, sql: readFileSync(path.join(root, file), 'utf8') };
}
