/**
 * Scale data for benchmarks: dealers spread over regions, their warehouses (one each, a
 * second for every third dealer), areas A and B per warehouse, storage locations spread
 * over the areas (A-01-01 style codes), and materials. Bulk inserts go through `unnest`
 * (one array parameter per column), the fastest path on both databases.
 *
 *   npx tsx bench/generate.ts --dealers 2000 --locations 40000 [--materials 2000] [--data-dir DIR | --database-url URL]
 *
 * Without --data-dir or --database-url it runs on an in-memory PGlite. Codes carry a `BD`/`BM`
 * prefix so the rows sit beside the demo seed; a second run on the same database is refused
 * (the codes exist). Later benchmarks import `generate(db, sizes)`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { openDatabase } from '../src/server/db/client';

export interface Sizes {
  dealers: number;
  locations: number;
  materials?: number;
}

export interface Generated {
  regions: number;
  dealers: number;
  warehouses: number;
  areas: number;
  locations: number;
  materials: number;
  seconds: number;
}

const REGIONS: [string, string, string][] = [
  ['BR1', '华东大区', 'East'], ['BR2', '华南大区', 'South'], ['BR3', '华北大区', 'North'], ['BR4', '华中大区', 'Central'],
  ['BR5', '西南大区', 'Southwest'], ['BR6', '西北大区', 'Northwest'], ['BR7', '东北大区', 'Northeast'], ['BR8', '海外', 'Overseas'],
];
const BRANDS: [string, string][] = [['BB1', 'Benchmark One'], ['BB2', 'Benchmark Two'], ['BB3', 'Benchmark Three'], ['BB4', 'Benchmark Four']];
const SIZES = ['175/70R14 84T', '185/65R15 88H', '195/65R15 91V', '205/55R16 91V', '215/60R16 95H', '225/45R17 94W', '235/55R19 105V', '11R22.5 146/143M'];
const PATTERNS = ['Comfort C1', 'SportMax S3', 'Trail H/T', 'EcoDrive', 'Drive D88'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Fills `db` at the given scale in one transaction; answers the row counts and the seconds it took. */
export async function generate(db: Db, sizes: Sizes): Promise<Generated> {
  const started = performance.now();
  const materialCount = sizes.materials ?? 2000;
  const counts = await db.transaction(async (tx) => {
    await tx.execute(sql`insert into regions (code, name, name_en)
      select * from unnest(${sql.param(REGIONS.map((r) => r[0]))}::text[], ${sql.param(REGIONS.map((r) => r[1]))}::text[], ${sql.param(REGIONS.map((r) => r[2]))}::text[])
      on conflict (code) do nothing`);
    const regionIds = rowsOf<{ id: number }>(await tx.execute(sql`select id from regions order by id`)).map((r) => Number(r.id));
    await tx.execute(sql`insert into brands (code, name)
      select * from unnest(${sql.param(BRANDS.map((b) => b[0]))}::text[], ${sql.param(BRANDS.map((b) => b[1]))}::text[]) on conflict (code) do nothing`);
    const brandIds = rowsOf<{ id: number }>(await tx.execute(sql`select id from brands order by id`)).map((r) => Number(r.id));

    // Dealers.
    const dealerCodes = Array.from({ length: sizes.dealers }, (_, i) => `BD${pad(i + 1, 6)}`);
    const dealers = rowsOf<{ id: number; code: string }>(await tx.execute(sql`insert into dealers (code, name, nickname, region_id, contact, phone, address)
      select * from unnest(
        ${sql.param(dealerCodes)}::text[], ${sql.param(dealerCodes.map((c) => `基准经销商 ${c}`))}::text[], ${sql.param(dealerCodes.map((c) => c.slice(-4)))}::text[],
        ${sql.param(dealerCodes.map((_, i) => regionIds[i % regionIds.length]))}::int[], ${sql.param(dealerCodes.map(() => '联系人'))}::text[],
        ${sql.param(dealerCodes.map((_, i) => `139${pad(i, 8)}`))}::text[], ${sql.param(dealerCodes.map((_, i) => `工业园 ${i + 1} 号`))}::text[])
      returning id, code`));

    // Warehouses: W1 for everyone, W2 for every third dealer.
    const warehouseRows = dealers.flatMap((d, i) => (i % 3 === 0 ? [1, 2] : [1]).map((k) => ({ code: `${d.code}W${k}`, dealerId: Number(d.id), name: k === 1 ? '主仓' : '二号仓' })));
    const warehouses = rowsOf<{ id: number; code: string }>(await tx.execute(sql`insert into warehouses (code, name, dealer_id)
      select * from unnest(${sql.param(warehouseRows.map((w) => w.code))}::text[], ${sql.param(warehouseRows.map((w) => w.name))}::text[],
        ${sql.param(warehouseRows.map((w) => w.dealerId))}::int[])
      returning id, code`));
    await tx.execute(sql`update dealers d set default_warehouse_id = w.id from warehouses w where w.code = d.code || 'W1' and d.code like 'BD%'`);

    // Areas A and B of every warehouse.
    const areaRows = warehouses.flatMap((w) => ['A', 'B'].map((code) => ({ warehouseId: Number(w.id), code })));
    const areas = rowsOf<{ id: number; warehouse_id: number; code: string }>(await tx.execute(sql`insert into storehouses (warehouse_id, code, name)
      select w, c, c || ' 区' from unnest(${sql.param(areaRows.map((a) => a.warehouseId))}::int[], ${sql.param(areaRows.map((a) => a.code))}::text[]) as t(w, c)
      returning id, warehouse_id, code`));

    // Locations spread evenly over the areas: row rr, level ll (three levels a row).
    const locWarehouse: number[] = [];
    const locArea: number[] = [];
    const locCode: string[] = [];
    const base = Math.floor(sizes.locations / Math.max(areas.length, 1));
    const extra = sizes.locations % Math.max(areas.length, 1);
    areas.forEach((a, k) => {
      const n = base + (k < extra ? 1 : 0);
      for (let j = 0; j < n; j++) {
        locWarehouse.push(Number(a.warehouse_id));
        locArea.push(Number(a.id));
        locCode.push(`${a.code}-${pad(Math.floor(j / 3) + 1, 2)}-${pad((j % 3) + 1, 2)}`);
      }
    });
    for (let i = 0; i < locCode.length; i += 50_000) {
      const end = i + 50_000;
      await tx.execute(sql`insert into storage_locations (warehouse_id, storehouse_id, code, name, capacity)
        select w, s, c, c, 40 from unnest(${sql.param(locWarehouse.slice(i, end))}::int[], ${sql.param(locArea.slice(i, end))}::int[],
          ${sql.param(locCode.slice(i, end))}::text[]) as t(w, s, c)`);
    }

    // Materials: brand x size x pattern, numbered.
    const mat = Array.from({ length: materialCount }, (_, i) => {
      const size = SIZES[i % SIZES.length];
      const [dimension, service] = size.split(' ');
      return {
        code: `BM${pad(i + 1, 7)}`, brandId: brandIds[i % brandIds.length], spec: size, pattern: PATTERNS[Math.floor(i / SIZES.length) % PATTERNS.length],
        load: service.replace(/[A-Z]$/, ''), speed: service.slice(-1), price: (300 + (i % 50) * 20).toFixed(2), name: `${dimension} ${service}`,
      };
    });
    if (mat.length) {
      await tx.execute(sql`insert into materials (code, name, brand_id, specification, pattern, load_index, speed_index, price)
        select * from unnest(${sql.param(mat.map((m) => m.code))}::text[], ${sql.param(mat.map((m) => `${m.name} ${m.pattern}`))}::text[],
          ${sql.param(mat.map((m) => m.brandId))}::int[], ${sql.param(mat.map((m) => m.spec))}::text[], ${sql.param(mat.map((m) => m.pattern))}::text[],
          ${sql.param(mat.map((m) => m.load))}::text[], ${sql.param(mat.map((m) => m.speed))}::text[], ${sql.param(mat.map((m) => m.price))}::numeric[])`);
    }
    return { regions: regionIds.length, dealers: dealers.length, warehouses: warehouses.length, areas: areas.length, locations: locCode.length, materials: mat.length };
  });
  return { ...counts, seconds: Math.round((performance.now() - started) / 10) / 100 };
}

function argOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main() {
  const args = process.argv.slice(2);
  const sizes: Sizes = {
    dealers: Number(argOf(args, 'dealers') ?? 2000),
    locations: Number(argOf(args, 'locations') ?? 40000),
    materials: Number(argOf(args, 'materials') ?? 2000),
  };
  const databaseUrl = argOf(args, 'database-url');
  const dataDir = argOf(args, 'data-dir') ?? 'memory://';
  const opened = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl });
  console.log(`database: ${database.kind}${databaseUrl ? '' : ` (${dataDir})`}, opened and migrated in ${((performance.now() - opened) / 1000).toFixed(2)} s`);
  try {
    const result = await generate(database.db, sizes);
    console.table(result);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
