import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  TRACE_CANCEL_PERM, traceCancelBody, traceCancelResult, traceCorrections, traceCorrectionsBody, type TraceCancelResult,
} from '../../../../shared/analytics/reports/inventory';
import type { StockChange } from '../../../../shared/api/notices';
import type { Db } from '../../../db/client';
import { barcodes, stockMoves } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { defineRoute, type RouteDef } from '../../../http/route';
import type { Services } from '../../../services';
import { recordAudit } from '../../../platform/audit';
import { allows, barcodeInScope, inScope, type DataScope } from '../../../platform/dataScope';
import { post, type BarcodeState, type Move } from '../../stock/ledger';

type MoveRow = typeof stockMoves.$inferSelect;

/**
 * The state a barcode had before its last order's moves: in where the remaining ledger last
 * put it, out where it last left, or pending (shipped by the maker, never received).
 * Its inbound moment is the last time it came into stock other than by transfer.
 */
export function stateBefore(code: string, remaining: MoveRow[], cancelled: MoveRow[]): BarcodeState & { inboundAt: Date | null; lastOrderId: number | null } {
  const prev = remaining.at(-1);
  const inbound = remaining.filter((m) => m.qty > 0 && m.orderType !== 'TR').at(-1);
  const base = { code, inbound: false, inboundAt: inbound?.movedAt ?? null, lastOrderId: prev?.orderId ?? null };
  if (!prev) return { ...base, status: 'pending', dealerId: cancelled[0].dealerId, warehouseId: null, locationId: null };
  if (prev.qty > 0) return { ...base, status: 'in', dealerId: prev.dealerId, warehouseId: prev.warehouseId, locationId: prev.locationId };
  return { ...base, status: 'out', dealerId: prev.dealerId, warehouseId: prev.warehouseId, locationId: null };
}

/**
 * Cancels a wrong trace record: the barcode's latest order's moves are reversed by correcting
 * moves (opposite quantity, `reverses_id` naming the wrong move) posted through the ledger, and
 * the barcode goes back to where it was. Moves already reversed, and the corrections
 * themselves, no longer count, so the record before becomes the latest.
 */
export async function cancelLatestMoves(tx: Db, code: string, moveId: number, userId: number, scope: DataScope): Promise<TraceCancelResult & { change: StockChange }> {
  // The barcode row lock makes an order completing with this tyre, or a second cancellation,
  // wait and then judge the tyre on the state this one leaves.
  const [barcode] = await tx.select({ code: barcodes.code, dealerId: barcodes.dealerId, warehouseId: barcodes.warehouseId }).from(barcodes)
    .where(eq(barcodes.code, code)).for('update');
  if (!barcode || !barcodeInScope(scope, barcode)) throw notFound();
  const moves = await tx.select().from(stockMoves).where(eq(stockMoves.barcode, code)).orderBy(asc(stockMoves.id));
  const reversed = new Set(moves.map((m) => m.reversesId).filter((id) => id != null));
  const effective = moves.filter((m) => m.reversesId == null && !reversed.has(m.id));
  const last = effective.at(-1);
  if (!last) throw conflict('traceNothingToCancel');
  const cancelled = effective.filter((m) => m.orderId === last.orderId);
  if (!cancelled.some((m) => m.id === moveId)) throw conflict('traceNotLatest');
  // Correcting moves are written where the cancelled ones were: every one of those places must be in scope.
  if (!cancelled.every((m) => allows(scope.warehouseIds, m.warehouseId) && allows(scope.dealerIds, m.dealerId))) throw notFound();
  const state = stateBefore(code, effective.filter((m) => m.orderId !== last.orderId), cancelled);
  // Undo in reverse order: a transfer's +1 at the target first, then its −1 at the source.
  const corrections = [...cancelled].reverse().map((m): Move & { reversesId: number } => ({
    barcode: code, qty: m.qty > 0 ? -1 : 1, dealerId: m.dealerId, warehouseId: m.warehouseId, locationId: m.locationId,
    materialId: m.materialId, dotCode: m.dotCode, reversesId: m.id,
  }));
  await post(tx, { orderId: last.orderId, orderType: last.orderType, userId, at: new Date(), moves: corrections, states: [state] });
  await tx.update(barcodes).set({ inboundAt: state.inboundAt, lastOrderId: state.lastOrderId }).where(eq(barcodes.code, code));
  const change: StockChange = {
    dealerId: last.dealerId, warehouseIds: [...new Set(cancelled.map((m) => m.warehouseId))], orderId: last.orderId, orderType: last.orderType, moved: corrections.length,
  };
  return { reversed: cancelled.map((m) => m.id), status: state.status, change };
}

export function traceCancelRoutes(services: Services): RouteDef[] {
  const { db } = services;
  return [defineRoute({
    method: 'POST', url: '/orderManage/barcode/trace/corrections', tag: 'orders', permission: 'reportQuery:codeRetrospection', body: traceCorrectionsBody, answer: traceCorrections,
    summary: 'Barcode trace: which of the tyre\'s moves are corrections, and which wrong move each reverses',
    handler: async ({ body, scope: dataScope }) => {
      const scope = await dataScope();
      const [barcode] = await db.select({ dealerId: barcodes.dealerId, warehouseId: barcodes.warehouseId }).from(barcodes).where(eq(barcodes.code, body.barcode));
      if (!barcode || !barcodeInScope(scope, barcode)) throw notFound();
      const corrections = await db.select({ id: stockMoves.id, reversesId: stockMoves.reversesId }).from(stockMoves)
        .where(and(eq(stockMoves.barcode, body.barcode), isNotNull(stockMoves.reversesId),
          inScope(stockMoves.dealerId, scope.dealerIds), inScope(stockMoves.warehouseId, scope.warehouseIds))).orderBy(asc(stockMoves.id));
      return { corrections: corrections.flatMap((c) => (c.reversesId === null ? [] : [{ id: c.id, reversesId: c.reversesId }])) };
    },
  }), defineRoute({
    method: 'POST', url: '/orderManage/barcode/trace/cancel', tag: 'orders', permission: TRACE_CANCEL_PERM, body: traceCancelBody, answer: traceCancelResult,
    summary: 'Barcode trace: cancel the latest (wrong) record by correcting moves; the tyre goes back to where it was before',
    handler: async ({ body, user, req, scope: dataScope }) => {
      const scope = await dataScope();
      const { change, ...result } = await db.transaction(async (tx) => {
        const done = await cancelLatestMoves(tx, body.barcode, body.moveId, user.id, scope);
        await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, {
          action: 'cancelTrace', entity: 'barcode', entityId: body.barcode, before: { moves: done.reversed }, after: { status: done.status },
        });
        return done;
      });
      // After the commit, as an order completion does: open dashboards and wall screens refresh.
      services.realtime.stockChanged(change);
      return result satisfies TraceCancelResult;
    },
  })];
}
