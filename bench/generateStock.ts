/**
 * Stock history at scale, the same shape as the demo's: the demo seed (users, its own half
 * year), then `generate` (dealers, warehouses, locations, materials), then `writeHistory`
 * over every benchmark warehouse: tyres, orders, lines, scans, the ledger and the on-hand and
 * daily roll-ups, bulk inserted (COPY on a PostgreSQL server, `unnest` batches on PGlite). The
 * big tables' secondary indexes are dropped for the load and built again after it (one sort
 * each, where keeping them costs a random index write per row). VACUUM ANALYZE at the end.
 * At 10 M tyres run Node with a larger heap: NODE_OPTIONS=--max-old-space-size=16384.
 *
 *   npx tsx bench/generateStock.ts --tyres 1000000 --moves 3000000 --dealers 1000 --database-url postgres://postgres@127.0.0.1:5432/tyre_stock_bench
 *   npx tsx bench/generateStock.ts --tyres 200000 --data-dir .tmp/bench-pglite
 *
 * --moves defaults to 3 per tyre, --dealers to one per 1,000 tyres, --days to 365,
 * --locations to 20 per dealer. The database must be empty (a second run is refused).
 */
import { asc, like, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../src/server/db/client';
import { materials, warehouses } from '../src/server/db/schema';
import { prepareData } from '../src/server/db/seed';
import { freezeRecentBookLocations } from '../src/server/modules/orders/stocktakeBook';
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

/** Tyres simulated and written per part (about 1.5 GiB of Node heap each). */
const CHUNK_TYRES = Number(argOf('part-tyres') ?? 1_000_000);

/** The warehouses in `n` runs of about equal length, never splitting a dealer's warehouses. */
function partsOf<T extends { dealerId: number | null }>(places: T[], n: number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  for (const [i, p] of places.entries()) {
    const boundary = i > 0 && p.dealerId !== places[i - 1].dealerId;
    if (boundary && part.length >= places.length / n && parts.length < n - 1) {
      parts.push(part);
      part = [];
    }
    part.push(p);
  }
  if (part.length) parts.push(part);
  return parts;
}

/**
 * The tables the history fills; their secondary (not unique, not constraint) indexes wait for the
 * end of the load, but for the ledger's order index, by which each part's roll-ups read its moves.
 */
const LOADED_TABLES = ['barcodes', 'stock_moves', 'order_scans', 'orders', 'order_lines', 'stock_daily', 'upload_logs', 'login_logs'];

async function dropSecondaryIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  const indexes = await queryRows<{ name: string; definition: string }>(db, sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = 'public' and i.tablename = any(${sql.param(LOADED_TABLES)}::text[])
      and i.indexname <> 'stock_moves_order_idx' and i.indexdef not like 'CREATE UNIQUE%' and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    order by i.tablename, i.indexname`);
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  return indexes;
}

/** Builds the dropped indexes again, each with a large sort memory (their definitions as pg_indexes gave them). */
async function rebuildIndexes(db: Db, indexes: { name: string; definition: string }[]) {
  for (const { name, definition } of indexes) {
    const t = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      await tx.execute(sql.raw(definition));
    });
    console.log(`  index ${name}: ${seconds(t)} s`);
  }
}

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
    const places = await db.select({ id: warehouses.id, dealerId: warehouses.dealerId }).from(warehouses).where(like(warehouses.code, 'BD%')).orderBy(asc(warehouses.id));
    const range = await db.select({ id: materials.id }).from(materials).where(like(materials.code, 'BM%')).orderBy(asc(materials.id));
    const indexes = await dropSecondaryIndexes(db);
    const counts: Record<string, number> = {};
    // In parts of about CHUNK_TYRES tyres over whole dealers (transfers stay within a dealer): the
    // simulation holds one part in memory at a time, and each part commits on its own.
    const parts = partsOf(places, Math.max(1, Math.ceil(sizes.tyres / CHUNK_TYRES)));
    for (const [k, part] of parts.entries()) {
      const started = performance.now();
      const share = part.length / places.length;
      const written = await db.transaction((tx) => writeHistory(tx, {
        warehouseIds: part.map((w) => w.id), materialIds: range.map((m) => m.id),
        days: sizes.days, tyres: Math.round(sizes.tyres * share), moves: Math.round(sizes.moves * share),
        prefix: parts.length > 1 ? `S${k.toString(36).toUpperCase()}` : 'S', seed: 20261122 + k,
      }));
      for (const [table, n] of Object.entries(written)) counts[table] = (counts[table] ?? 0) + n;
      const rows = Object.values(written).reduce((a, b) => a + b, 0);
      console.log(`part ${k + 1}/${parts.length}: ${part.length} warehouses, ${rows.toLocaleString('en')} rows in ${seconds(started)} s`);
    }
    const loaded = seconds(t);
    const built = performance.now();
    await rebuildIndexes(db, indexes);
    console.log(`history loaded in ${loaded} s; ${indexes.length} indexes built again in ${seconds(built)} s`);
    // As the stocktakes' completions (and migration 0038 for those before it) freeze them.
    const frozen = performance.now();
    await freezeRecentBookLocations(db, 92);
    console.log(`stocktakes' book locations of the last 92 days frozen in ${seconds(frozen)} s`);
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
