import { describe, expect, it } from 'vitest';
import { linesBody, linesProblem } from './orderLines';

describe('order lines in the form', () => {
  it('an order needs at least one material line; blank rows do not count', () => {
    expect(linesProblem(undefined)).toBe('orderLinesRequired');
    expect(linesProblem([{ key: 1 }])).toBe('orderLinesRequired');
  });
  it('the same material twice is refused', () => {
    expect(linesProblem([{ key: 1, materialId: 7, plannedQty: 2 }, { key: 2, materialId: 7, plannedQty: 1 }])).toBe('orderLineDuplicate');
  });
  it('a loss/overflow order may hold one line per direction for a material', () => {
    expect(linesProblem([{ key: 1, materialId: 7, plannedQty: 2, adjustKind: 'loss' }, { key: 2, materialId: 7, plannedQty: 1, adjustKind: 'overflow' }])).toBeNull();
    expect(linesProblem([{ key: 1, materialId: 7, plannedQty: 2, adjustKind: 'loss' }, { key: 2, materialId: 7, plannedQty: 1, adjustKind: 'loss' }])).toBe('orderLineDuplicate');
  });
  it('a chosen material needs a quantity of at least one', () => {
    expect(linesProblem([{ key: 1, materialId: 7 }])).toBe('required');
    expect(linesProblem([{ key: 1, materialId: 7, plannedQty: 0 }])).toBe('required');
    expect(linesProblem([{ key: 1, materialId: 7, plannedQty: 3 }])).toBeNull();
  });
  it('the server gets the filled rows, with a direction only on loss/overflow orders', () => {
    const rows = [{ key: 1, materialId: 7, plannedQty: 3 }, { key: 2 }];
    expect(linesBody(rows, false)).toEqual([{ materialId: 7, plannedQty: 3 }]);
    expect(linesBody(rows, true)).toEqual([{ materialId: 7, plannedQty: 3, adjustKind: 'loss' }]);
  });
});
