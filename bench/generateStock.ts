/**
 * Stock history at scale, the same shape as the demo's: the demo seed (users, its own half
 * year), then `generate` (dealers, warehouses, locations, materials), then `writeHistory`
 * over every benchmark warehouse: tyres, orders, lines, scans, the ledger and the on-hand and
 * daily roll-ups, bulk inserted in 50k-row `unnest` batches. VACUUM ANALYZE at the end.
 *
 *   npx tsx bench/generateStock.ts --tyres 1000000 --moves 3000000 --dealers 1000 --database-url postgres://postgres@127.0.0.1:5432/tyre_stock_bench
 *   npx tsx bench/generateStock.ts --tyres 200000 --data-dir .tmp/bench-pglite
 *
 * --moves defaults to 3 per tyre, --dealers to one per 1,000 tyres, --days to 365,
 * --locations to 20 per dealer. The database must be empty (a second run is refused).
 */
import { asc, like, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { materials, warehouses } from '../src/server/db/schema';
import { prepareData } from '../src/server/db/seed';
import { writeHistory } from '../src/server/db/seed/history';
import { generate } from './generate';

function argOf(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const tyres = Number(argOf('tyres') ?? 200_000);
const dealers = Number(argOf('dealers') ?? Math.max(10, Math.round(tyres / 1000)));
const sizes = {
  tyres, dealers,
  moves: Number(argOf('moves') ?? tyres * 3),
  days: Number(argOf('days') ?? 365),
  locations: Number(argOf('locations') ?? dealers * 20),
  materials: Number(argOf('materials') ?? 2000),
};
const databaseUrl = argOf('database-url');
const dataDir = argOf('data-dir') ?? '.tmp/bench-pglite';
const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;

async function main() {
  let t = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl });
  const { db } = database;
  console.log(`database: ${database.kind}${databaseUrl ? '' : ` (${dataDir})`}; opened and migrated in ${seconds(t)} s; sizes ${JSON.stringify(sizes)}`);
  try {
    t = performance.now();
    await prepareData(db, { seedDemo: true });
    console.log(`demo seed (with its history): ${seconds(t)} s`);
    const base = await generate(db, { dealers: sizes.dealers, locations: sizes.locations, materials: sizes.materials });
    console.log(`dealers, warehouses, locations, materials: ${base.seconds} s`, base);

    t = performance.now();
    const places = await db.select({ id: warehouses.id }).from(warehouses).where(like(warehouses.code, 'BD%')).orderBy(asc(warehouses.id));
    const range = await db.select({ id: materials.id }).from(materials).where(like(materials.code, 'BM%')).orderBy(asc(materials.id));
    const counts = await db.transaction((tx) => writeHistory(tx, {
      warehouseIds: places.map((w) => w.id), materialIds: range.map((m) => m.id),
      days: sizes.days, tyres: sizes.tyres, moves: sizes.moves, prefix: 'S',
    }));
    const written = seconds(t);
    t = performance.now();
    // What autovacuum does to a live database: statistics, and the visibility map that lets
    // the dashboards' covering indexes answer without reading the table.
    await db.execute(sql`vacuum analyze`);
    const analyzed = seconds(t);
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.table(counts);
    console.log(`history: ${rows.toLocaleString('en')} rows in ${written} s (${Math.round(rows / written).toLocaleString('en')} rows/s); vacuum analyze ${analyzed} s`);
    console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
