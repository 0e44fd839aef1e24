/**
 * The ledger invariant check (src/server/modules/stock/invariant.ts, as the scheduled job runs it)
 * on a benchmark database: its time and the disagreements it finds. Run it after generating and
 * after each bench/analytics.ts run.
 *
 *   npx tsx bench/invariant.ts --database-url postgres://postgres@127.0.0.1:5432/tyre_stock_bench
 *   npx tsx bench/invariant.ts --data-dir .tmp/bench-pglite
 */
import { openDatabase } from '../src/server/db/client';
import { checkStockInvariant } from '../src/server/modules/stock/invariant';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const database = await openDatabase({ dataDir: argOf('data-dir') ?? '.tmp/bench-pglite', databaseUrl: argOf('database-url') });
try {
  const started = performance.now();
  const problems = await checkStockInvariant(database.db);
  console.log(`invariant check on ${database.kind}: ${problems.length ? `${problems.length} problems` : 'consistent'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const p of problems) console.log(`  ${p}`);
  if (problems.length) process.exitCode = 1;
} finally {
  await database.close();
}
