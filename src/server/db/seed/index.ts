import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { passwordProblem } from '../../../shared/password';
import { ensureBuiltIns } from './builtins';
import { seedAdminOnly, seedDemo } from './demo';

/**
 * Runs at every start after the migrations: built-ins are synced; on a database without
 * users the demo data (or, with SEED_DEMO=false, just the administrator) is created.
 */
export async function prepareData(db: Db, opts: { seedDemo: boolean; adminPassword?: string }): Promise<'demo' | 'admin' | 'none'> {
  await ensureBuiltIns(db);
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return 'none';
  if (opts.seedDemo) {
    await seedDemo(db);
    return 'demo';
  }
  const password = opts.adminPassword ?? '';
  const problem = password ? passwordProblem(password) : 'passwordNewEmpty';
  if (problem) {
    throw new Error(`SEED_DEMO=false needs ADMIN_PASSWORD for the first administrator (6 to 20 characters, not all digits or letters): ${problem}`);
  }
  await seedAdminOnly(db, password);
  return 'admin';
}
