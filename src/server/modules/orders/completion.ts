import { and, eq } from 'drizzle-orm';
import type { CompleteResult } from '../../../shared/api/orders';
import { ORDER_STATUS, ORDER_TYPES, type AdjustKind } from '../../../shared/orders/orderTypes';
import type { Db } from '../../db/client';
import { barcodes, orderLines, orderScans, orders, warehouses } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { StockAlertPush } from '../../../shared/api/notices';
import type { StockChange } from '../../realtime/types';
import { recordAudit } from '../../platform/audit';
import { enqueueWebhooks } from '../integration/webhookEvents';
import { post, type BarcodeState, type Move } from '../stock/ledger';
import { assertOpen, heldBarcodes, loadOrder, type OrderCtx, type OrderHeader } from './orderContext';
import { newOrderNo } from './orderNumbers';
import { freezeBookLocations } from './stocktakeBook';
import { barcodeRefusal, type HeldBarcode } from './scanRules';

interface ScanOnOrder { barcode: string; materialId: number; locationId: number | null; adjustKind: AdjustKind | null }

/**
 * Completes an order: its scans become stock moves in one transaction (docs/stock-model.md). The order row and every barcode are locked first; each barcode is judged
 * again on where it is now, so of two orders holding the same tyre exactly one completes.
 */
export async function completeOrder(ctx: OrderCtx, id: number): Promise<{ result: CompleteResult; change: StockChange | null }> {
  return ctx.db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertOpen(order);
    const scans = (await tx.select({
      barcode: orderScans.barcode, materialId: orderScans.materialId, locationId: orderScans.locationId, adjustKind: orderScans.adjustKind,
    }).from(orderScans).where(eq(orderScans.orderId, order.id))) as ScanOnOrder[];
    const effect = ORDER_TYPES[order.orderType].effect;
    if (!scans.length && effect !== 'count') throw conflict('orderNothingScanned');
    const held = await heldBarcodes(tx, scans.map((s) => s.barcode), true);
    for (const s of scans) {
      if (barcodeRefusal(order, held.get(s.barcode), s.barcode, s.adjustKind)) throw conflict('barcodeChanged', undefined, { barcode: s.barcode });
    }
    const now = new Date();
    let adjustment: { id: number; orderNo: string } | null = null;
    let moved = 0;
    let alerts: StockAlertPush[] = [];
    const touched = new Set<number>([order.warehouseId]);
    if (effect === 'count') {
      adjustment = await createAdjustment(tx, ctx, order, scans, held);
      await freezeBookLocations(tx, order.id, now);
    } else {
      const { moves, states } = await stockEffect(tx, order, scans, held);
      alerts = await post(tx, { orderId: order.id, orderType: order.orderType, userId: ctx.user.id, at: now, moves, states });
      moved = moves.length;
      for (const m of moves) touched.add(m.warehouseId);
    }
    await tx.update(orders).set({ status: ORDER_STATUS.completed, completedAt: now, completedBy: ctx.user.id }).where(eq(orders.id, order.id));
    await recordAudit(tx, { id: ctx.user.id, userName: ctx.user.userName, ip: ctx.ip }, {
      action: 'complete', entity: 'order', entityId: order.id, after: { orderNo: order.orderNo, moved, adjustmentOrderNo: adjustment?.orderNo },
    });
    await enqueueWebhooks(tx, 'order.completed', [{ dealerId: order.dealerId, ref: `order:${order.id}`, payload: { orderId: order.id } }]);
    const change = moved ? { dealerId: order.dealerId, warehouseIds: [...touched], orderId: order.id, orderType: order.orderType, moved, alerts } : null;
    const counted = effect === 'count' ? { adjustmentOrderId: adjustment?.id ?? null, adjustmentOrderNo: adjustment?.orderNo ?? null } : {};
    return { result: { id: order.id, moved, ...counted }, change };
  });
}

/** The moves and the barcodes' new states an order of each effect writes (docs/stock-model.md). */
async function stockEffect(tx: Db, order: OrderHeader, scans: ScanOnOrder[], held: Map<string, HeldBarcode>) {
  const moves: Move[] = [];
  const states: BarcodeState[] = [];
  const effect = ORDER_TYPES[order.orderType].effect;
  const into = (s: ScanOnOrder, b: HeldBarcode, warehouseId: number, dealerId: number | null, locationId: number | null, inbound: boolean) => {
    moves.push({ barcode: s.barcode, qty: 1, dealerId, warehouseId, locationId, materialId: b.materialId, dotCode: b.dotCode });
    states.push({ code: s.barcode, status: 'in', dealerId, warehouseId, locationId, inbound });
  };
  const outOf = (s: ScanOnOrder, b: HeldBarcode) =>
    moves.push({ barcode: s.barcode, qty: -1, dealerId: b.dealerId, warehouseId: b.warehouseId!, locationId: b.locationId, materialId: b.materialId, dotCode: b.dotCode });
  const gone = (s: ScanOnOrder, b: HeldBarcode) =>
    states.push({ code: s.barcode, status: 'out', dealerId: b.dealerId, warehouseId: b.warehouseId, locationId: null, inbound: false });

  let targetDealer: number | null = null;
  if (effect === 'transfer') {
    const [t] = await tx.select({ dealerId: warehouses.dealerId }).from(warehouses).where(eq(warehouses.id, order.targetWarehouseId!));
    targetDealer = t.dealerId;
  }
  for (const s of scans) {
    const b = held.get(s.barcode)!;
    if (effect === 'receive' || effect === 'return') into(s, b, order.warehouseId, order.dealerId, s.locationId, true);
    else if (effect === 'ship' || (effect === 'adjust' && s.adjustKind === 'loss')) {
      outOf(s, b);
      gone(s, b);
    } else if (effect === 'transfer') {
      outOf(s, b);
      // A transfer keeps the tyre's inbound date: its stock age goes on counting.
      into(s, b, order.targetWarehouseId!, targetDealer, null, false);
    } else if (effect === 'adjust') {
      // Overflow: a tyre found here; if the books had it elsewhere it leaves there first.
      if (b.status === 'in') outOf(s, b);
      into(s, b, order.warehouseId, order.dealerId, s.locationId, b.status !== 'in');
    }
  }
  return { moves, states };
}

/**
 * A stocktake's differences as a loss/overflow order: tyres the books hold in the warehouse
 * that were not counted (loss), and counted tyres the books do not hold there (overflow).
 * Nothing is frozen while counting; the differences are posted when that order completes.
 */
async function createAdjustment(
  tx: Db, ctx: OrderCtx, stocktake: OrderHeader, counted: ScanOnOrder[], held: Map<string, HeldBarcode>,
): Promise<{ id: number; orderNo: string } | null> {
  const book = await tx.select({ code: barcodes.code, materialId: barcodes.materialId, locationId: barcodes.locationId }).from(barcodes)
    .where(and(eq(barcodes.warehouseId, stocktake.warehouseId), eq(barcodes.status, 'in')));
  const countedCodes = new Set(counted.map((c) => c.barcode));
  const diffs: ScanOnOrder[] = [
    ...book.filter((b) => !countedCodes.has(b.code)).map((b) => ({ barcode: b.code, materialId: b.materialId, locationId: b.locationId, adjustKind: 'loss' as const })),
    ...counted.filter((c) => {
      const b = held.get(c.barcode)!;
      return !(b.status === 'in' && b.warehouseId === stocktake.warehouseId);
    }).map((c) => ({ ...c, adjustKind: 'overflow' as const })),
  ];
  if (!diffs.length) return null;
  const { id, orderNo } = await newOrderNo(tx, 'DO');
  await tx.insert(orders).values({
    id, orderNo, orderType: 'DO', status: ORDER_STATUS.scanning, dealerId: stocktake.dealerId, warehouseId: stocktake.warehouseId,
    stocktakeId: stocktake.id, remark: stocktake.orderNo, createdBy: ctx.user.id,
  });
  const lineKey = (d: ScanOnOrder) => `${d.materialId}|${d.adjustKind}`;
  const counts = new Map<string, { materialId: number; adjustKind: AdjustKind; qty: number }>();
  for (const d of diffs) {
    const c = counts.get(lineKey(d)) ?? { materialId: d.materialId, adjustKind: d.adjustKind!, qty: 0 };
    c.qty += 1;
    counts.set(lineKey(d), c);
  }
  const lines = await tx.insert(orderLines).values([...counts.values()].map((c) => ({
    orderId: id, materialId: c.materialId, plannedQty: c.qty, scannedQty: c.qty, adjustKind: c.adjustKind,
  }))).returning({ id: orderLines.id, materialId: orderLines.materialId, adjustKind: orderLines.adjustKind });
  const lineOf = new Map(lines.map((l) => [`${l.materialId}|${l.adjustKind}`, l.id]));
  for (let i = 0; i < diffs.length; i += 1000) {
    await tx.insert(orderScans).values(diffs.slice(i, i + 1000).map((d) => ({
      orderId: id, lineId: lineOf.get(lineKey(d))!, barcode: d.barcode, materialId: d.materialId, locationId: d.locationId,
      adjustKind: d.adjustKind, userId: ctx.user.id,
    })));
  }
  return { id, orderNo };
}
