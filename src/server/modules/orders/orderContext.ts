import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages';
import { isOpen, type OrderPage, type OrderType } from '../../../shared/orders/orderTypes';
import type { Db } from '../../db/client';
import { barcodes, dealers, materials, orderLines, orders, warehouses } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { DataScope } from '../../platform/dataScope';
import type { SessionUser } from '../../platform/sessionStore';
import { pageScope } from './queries';
import type { HeldBarcode, ScanLine } from './scanRules';

/** Who is acting on which order page. */
export interface OrderCtx {
  db: Db;
  user: SessionUser;
  scope: DataScope;
  lang: Language;
  page: OrderPage;
  ip: string;
}

export type OrderHeader = typeof orders.$inferSelect & { orderType: OrderType };

/**
 * The order's header, within the page's types and the caller's scope (404 otherwise). With
 * `lock` the row is locked for the transaction: scans and completion of one order queue up.
 */
export async function loadOrder(tx: Db, ctx: OrderCtx, id: number, lock = false): Promise<OrderHeader> {
  const query = tx.select().from(orders).where(and(eq(orders.id, id), pageScope(ctx.page, ctx.scope)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound();
  return order as OrderHeader;
}

export function assertOpen(order: Pick<OrderHeader, 'status'>) {
  if (!isOpen(order.status)) throw conflict('orderNotOpen');
}

export async function linesOf(tx: Db, orderId: number): Promise<ScanLine[]> {
  const rows = await tx.select({
    id: orderLines.id, materialId: orderLines.materialId, plannedQty: orderLines.plannedQty,
    scannedQty: orderLines.scannedQty, adjustKind: orderLines.adjustKind,
  }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return rows.map((r) => ({ ...r, adjustKind: r.adjustKind as ScanLine['adjustKind'] }));
}

/** The tyres of these codes as they are now; with `lock`, locked in code order (no deadlocks between orders). */
export async function heldBarcodes(tx: Db, codes: string[], lock = false): Promise<Map<string, HeldBarcode>> {
  const found = new Map<string, HeldBarcode>();
  // The whole list in one order, not each chunk: two orders of 1,000+ tyres lock their shared
  // barcodes in the same sequence, so one waits for the other instead of deadlocking.
  const sorted = [...new Set(codes)].sort();
  for (let i = 0; i < sorted.length; i += 1000) {
    const chunk = sorted.slice(i, i + 1000);
    if (lock) await tx.select({ code: barcodes.code }).from(barcodes).where(inArray(barcodes.code, chunk)).orderBy(barcodes.code).for('update');
    const rows = await tx.select({
      code: barcodes.code, materialId: barcodes.materialId, materialCode: materials.code, materialName: materials.name, status: barcodes.status,
      dealerId: barcodes.dealerId, warehouseId: barcodes.warehouseId, warehouseName: warehouses.name, locationId: barcodes.locationId,
      dotCode: barcodes.dotCode,
    }).from(barcodes)
      .innerJoin(materials, eq(materials.id, barcodes.materialId))
      .leftJoin(warehouses, eq(warehouses.id, barcodes.warehouseId))
      .where(inArray(barcodes.code, chunk));
    for (const r of rows) found.set(r.code, r);
  }
  return found;
}

/**
 * The dealer's scanning flags: duplicate-scan-delete (a second scan of a barcode removes the
 * first) and storage locations (receipts and counts must name one).
 */
export async function dealerFlags(tx: Db, dealerId: number | null): Promise<{ duplicateScanDelete: boolean; locationEnabled: boolean }> {
  if (dealerId == null) return { duplicateScanDelete: false, locationEnabled: false };
  const [d] = await tx.select({ duplicateScanDelete: dealers.duplicateScanDelete, locationEnabled: dealers.locationEnabled }).from(dealers).where(eq(dealers.id, dealerId));
  return d ?? { duplicateScanDelete: false, locationEnabled: false };
}
