import { describe, expect, it } from 'vitest';
import { barcodeRefusal, isRefusal, ScanPlanner, type HeldBarcode, type ScanOrder } from './scanRules';

const tyre = (code: string, over: Partial<HeldBarcode> = {}): HeldBarcode => ({
  code, materialId: 1, materialCode: 'M1', materialName: 'Tyre', status: 'in', dealerId: 7, warehouseId: 70, warehouseName: 'W70', locationId: null, dotCode: '2325', ...over,
});
const sale: ScanOrder = { orderType: 'WL', dealerId: 7, warehouseId: 70 };
const receipt: ScanOrder = { orderType: 'PR', dealerId: 7, warehouseId: 70 };

describe('barcodeRefusal', () => {
  it('judges each effect on where the tyre is', () => {
    expect(barcodeRefusal(sale, undefined, 'X1')?.key).toBe('barcodeUnknown');
    expect(barcodeRefusal(sale, tyre('X1'), 'X1')).toBeNull();
    expect(barcodeRefusal(sale, tyre('X1', { status: 'out' }), 'X1')?.key).toBe('barcodeAlreadyOut');
    expect(barcodeRefusal(sale, tyre('X1', { status: 'pending' }), 'X1')?.key).toBe('barcodeNotReceived');
    expect(barcodeRefusal(sale, tyre('X1', { warehouseId: 71 }), 'X1')?.key).toBe('barcodeOtherWarehouse');
    expect(barcodeRefusal(receipt, tyre('X1', { status: 'pending' }), 'X1')).toBeNull();
    expect(barcodeRefusal(receipt, tyre('X1', { status: 'pending', dealerId: 8 }), 'X1')?.key).toBe('barcodeOtherDealer');
    expect(barcodeRefusal(receipt, tyre('X1'), 'X1')?.key).toBe('barcodeInStock');
    const ret: ScanOrder = { orderType: 'LR', dealerId: 7, warehouseId: 70 };
    expect(barcodeRefusal(ret, tyre('X1', { status: 'out' }), 'X1')).toBeNull();
    expect(barcodeRefusal(ret, tyre('X1', { status: 'out', dealerId: 8 }), 'X1')?.key).toBe('barcodeOtherDealer');
    const adjust: ScanOrder = { orderType: 'DO', dealerId: 7, warehouseId: 70 };
    expect(barcodeRefusal(adjust, tyre('X1'), 'X1')?.key).toBe('adjustKindRequired');
    expect(barcodeRefusal(adjust, tyre('X1'), 'X1', 'overflow')?.key).toBe('barcodeInStock');
    expect(barcodeRefusal(adjust, tyre('X1', { status: 'out' }), 'X1', 'overflow')).toBeNull();
    expect(barcodeRefusal({ orderType: 'IV', dealerId: 7, warehouseId: 70 }, tyre('X1', { status: 'out' }), 'X1')).toBeNull();
  });

  it("never takes another dealer's or the maker's tyre, and names none of their warehouses", () => {
    const stocktake: ScanOrder = { orderType: 'IV', dealerId: 7, warehouseId: 70 };
    const adjust: ScanOrder = { orderType: 'DO', dealerId: 7, warehouseId: 70 };
    const elsewhere = { dealerId: 8, warehouseId: 80, warehouseName: 'Other dealer W80' };
    const cases: [ScanOrder, Partial<HeldBarcode>, ('loss' | 'overflow')?][] = [
      [receipt, { status: 'pending', dealerId: null, warehouseId: null, warehouseName: null }], // the maker's own delivery
      [receipt, { status: 'pending', ...elsewhere }],
      [stocktake, { status: 'in', ...elsewhere }],
      [stocktake, { status: 'out', ...elsewhere }],
      [adjust, { status: 'in', ...elsewhere }, 'overflow'],
      [adjust, { status: 'out', ...elsewhere }, 'overflow'],
      [sale, { status: 'in', ...elsewhere }],
      [{ orderType: 'TR', dealerId: 7, warehouseId: 70 }, { status: 'in', ...elsewhere }],
    ];
    for (const [order, over, kind] of cases) {
      const refusal = barcodeRefusal(order, tyre('X9', over), 'X9', kind);
      expect(refusal, `${order.orderType} ${JSON.stringify(over)}`).toEqual({ key: 'barcodeOtherDealer', params: { barcode: 'X9' } });
    }
    // The maker's own orders (no dealer) take the maker's tyres, not a dealer's.
    const makerReceipt: ScanOrder = { orderType: 'PR', dealerId: null, warehouseId: 1 };
    expect(barcodeRefusal(makerReceipt, tyre('X9', { status: 'pending', dealerId: null, warehouseId: null }), 'X9')).toBeNull();
    expect(barcodeRefusal(makerReceipt, tyre('X9', { status: 'pending', dealerId: 7, warehouseId: null }), 'X9')?.key).toBe('barcodeOtherDealer');
  });
});

describe('ScanPlanner', () => {
  const lines = [{ id: 1, materialId: 1, plannedQty: 2, scannedQty: 0, adjustKind: null }];
  it('counts scans per line, refuses over the plan, wrong material and a second scan', () => {
    const p = new ScanPlanner(sale, lines, new Map(), false);
    expect(p.apply('A1', tyre('A1'))).toMatchObject({ action: 'added', line: { scannedQty: 1 } });
    expect(p.apply('A1', tyre('A1'))).toMatchObject({ key: 'barcodeScannedTwice' });
    expect(p.apply('A2', tyre('A2', { materialId: 2, materialCode: 'M2' }))).toMatchObject({ key: 'barcodeWrongMaterial', params: { material: 'M2' } });
    expect(p.apply('A3', tyre('A3'))).toMatchObject({ action: 'added', line: { scannedQty: 2 } });
    expect(p.apply('A4', tyre('A4'))).toMatchObject({ key: 'barcodeOverPlanned', params: { planned: 2 } });
    expect([p.scannedQty, p.plannedQty]).toEqual([2, 2]);
    expect(lines[0].scannedQty).toBe(0);
  });
  it('with duplicate-scan-delete a second scan removes the first, and frees its place in the plan', () => {
    const p = new ScanPlanner(sale, lines, new Map([['A1', 1]]), true);
    const removed = p.apply('A1', tyre('A1'));
    expect(isRefusal(removed)).toBe(false);
    expect(removed).toMatchObject({ action: 'removed', lineId: 1 });
    expect(p.scannedQty).toBe(0);
    expect(p.apply('A1', tyre('A1'))).toMatchObject({ action: 'added' });
  });
});
