import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { OFFLINE_BOOK_MAX, type OfflineBook } from '../../../shared/api/offlineSync';
import { ORDER_TYPES } from '../../../shared/orders/orderTypes';
import { barcodes } from '../../db/schema';
import { dealerFlags, linesOf, loadOrder, type OrderCtx } from './orderContext';

/**
 * What a device keeps of an order to check scans while offline (docs/offline-floor.md): the
 * tyres that the online scan would let onto it now, by the same first rules (scanRules.ts,
 * barcodeRefusal): the order's dealer, and a receipt's pending tyres or a sale's or transfer's
 * tyres in its warehouse, of its lines' materials.
 */
export async function offlineBookOf(ctx: OrderCtx, orderId: number): Promise<OfflineBook> {
  const order = await loadOrder(ctx.db, ctx, orderId);
  const { duplicateScanDelete } = await dealerFlags(ctx.db, order.dealerId);
  const effect = ORDER_TYPES[order.orderType].effect;
  const dealer = order.dealerId == null ? isNull(barcodes.dealerId) : eq(barcodes.dealerId, order.dealerId);
  let where: SQL | undefined;
  if (effect === 'receive') where = and(eq(barcodes.status, 'pending'), dealer);
  else if (effect === 'ship' || effect === 'transfer') where = and(eq(barcodes.status, 'in'), eq(barcodes.warehouseId, order.warehouseId), dealer);
  else return { barcodes: [], complete: false, duplicateScanDelete };
  const materialIds = [...new Set((await linesOf(ctx.db, order.id)).map((l) => l.materialId))];
  if (!materialIds.length) return { barcodes: [], complete: true, duplicateScanDelete };
  const rows = await ctx.db.select({ code: barcodes.code, materialId: barcodes.materialId }).from(barcodes)
    .where(and(where, inArray(barcodes.materialId, materialIds))).orderBy(asc(barcodes.code)).limit(OFFLINE_BOOK_MAX + 1);
  return { barcodes: rows.slice(0, OFFLINE_BOOK_MAX), complete: rows.length <= OFFLINE_BOOK_MAX, duplicateScanDelete };
}
