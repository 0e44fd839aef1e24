import type { BarcodeTrace } from '@shared/api/orders';

export type TraceMove = BarcodeTrace['moves'][number] & { kind: 'normal' | 'cancelled' | 'correction'; cancellable: boolean };

/**
 * A tyre's moves for the timeline, newest first: corrections and the moves they reverse are
 * marked; the moves of the latest order not yet reversed are the ones that may be cancelled
 * (as the server judges it).
 */
export function traceTimeline(moves: BarcodeTrace['moves'], corrections: { id: number; reversesId: number }[]): TraceMove[] {
  const correctionIds = new Set(corrections.map((c) => c.id));
  const reversed = new Set(corrections.map((c) => c.reversesId));
  const effective = moves.filter((m) => !correctionIds.has(m.id) && !reversed.has(m.id));
  const lastOrder = effective.at(-1)?.orderId;
  return moves.map((m) => ({
    ...m,
    kind: correctionIds.has(m.id) ? 'correction' as const : reversed.has(m.id) ? 'cancelled' as const : 'normal' as const,
    cancellable: effective.includes(m) && m.orderId === lastOrder,
  })).reverse();
}
