import { describe, expect, it } from 'vitest';
import type { BarcodeTrace } from '@shared/api/orders';
import { traceTimeline } from './timeline';

const move = (id: number, orderId: number, qty: number) => ({ id, orderId, qty, orderNo: `O${orderId}`, orderType: 'PR', warehouseName: 'W', locationCode: null, movedAt: '', userName: null }) as BarcodeTrace['moves'][number];

describe('barcode trace timeline', () => {
  it('only the latest order\'s moves not yet reversed may be cancelled; corrections are marked', () => {
    const moves = [move(1, 10, 1), move(2, 11, -1), move(3, 11, 1), move(4, 11, -1), move(5, 11, 1)];
    const line = traceTimeline(moves, [{ id: 4, reversesId: 3 }, { id: 5, reversesId: 2 }]);
    expect(line.map((m) => [m.id, m.kind, m.cancellable])).toEqual([
      [5, 'correction', false], [4, 'correction', false], [3, 'cancelled', false], [2, 'cancelled', false], [1, 'normal', true],
    ]);
  });
  it('a transfer\'s two moves are cancelled together', () => {
    expect(traceTimeline([move(1, 10, 1), move(2, 11, -1), move(3, 11, 1)], []).filter((m) => m.cancellable).map((m) => m.id)).toEqual([3, 2]);
  });
});
