import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { dealers, materials } from '../../src/server/db/schema';

/** dealer1's dealer (SH0001) and its main warehouse, in the demo data. */
export async function dealer1Warehouse(db: Db): Promise<{ id: number; dealerId: number }> {
  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  return { id: d1.warehouseId!, dealerId: d1.id };
}

/** The first material no tyre is made of: figures worked out by hand start from nothing. */
export async function unusedMaterial(db: Db): Promise<{ id: number; code: string; specification: string; pattern: string; brandId: number }> {
  const [mat] = await db.select({ id: materials.id, code: materials.code, specification: materials.specification, pattern: materials.pattern, brandId: materials.brandId })
    .from(materials).where(sql`not exists (select 1 from barcodes b where b.material_id = ${materials.id})`).orderBy(asc(materials.id)).limit(1);
  return mat;
}
