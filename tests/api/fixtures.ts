import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { barcodes, dealers, materials, orders } from '../../src/server/db/schema';
import { post } from '../../src/server/modules/stock/ledger';

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

/** A new tyre `code` of `materialId` received into a warehouse now, through the ledger's posting, as an order's completion posts it (in the caller's transaction). */
export async function receiveNow(tx: Db, place: { id: number; dealerId: number }, materialId: number, code: string) {
  await tx.insert(barcodes).values({ code, materialId, dotCode: '0126', status: 'pending', dealerId: place.dealerId });
  const [order] = await tx.insert(orders).values({ orderNo: code, orderType: 'PR', status: '2', dealerId: place.dealerId, warehouseId: place.id }).returning();
  await post(tx, {
    orderId: order.id, orderType: 'PR', userId: null, at: new Date(),
    moves: [{ barcode: code, qty: 1, dealerId: place.dealerId, warehouseId: place.id, locationId: null, materialId, dotCode: '0126' }],
    states: [{ code, status: 'in', dealerId: place.dealerId, warehouseId: place.id, locationId: null, inbound: true }],
  });
}
