import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@shared/api/orders';
import { judgeOffline } from './localCheck';

const order = (status: OrderDetail['status'] = '1'): OrderDetail => ({
  id: 1, orderNo: 'PR1', orderType: 'PR', status, uploadStatus: '0', printStatus: '0', dealerId: null, dealerCode: null, dealerName: null,
  warehouseId: 1, warehouseCode: 'W', warehouseName: 'W', targetWarehouseId: null, targetWarehouseCode: null, targetWarehouseName: null,
  counterparty: null, externalNo: null, remark: null, source: 'WEB', plannedQty: 2, scannedQty: 1, createdBy: null, createdAt: '', completedAt: null, stocktakeId: null,
  lines: [{ id: 10, materialId: 7, materialCode: 'M7', materialName: 'm', brandName: 'b', specification: 's', pattern: 'p', plannedQty: 2, scannedQty: 1, adjustKind: null, onHand: 0 }],
  scans: [{ barcode: 'A1', materialId: 7, materialCode: 'M7', lineId: 10, locationId: null, locationCode: null, adjustKind: null, dotCode: null, scannedAt: '', source: 'WEB' }],
});
const book = { barcodes: ['A1', 'A2', 'A3'].map((code) => ({ code, materialId: 7 })), complete: true, duplicateScanDelete: false };
const scan = (barcode: string) => ({ op: 'scan' as const, barcode, adjustKind: null });

describe('an offline scan judged on the device', () => {
  it('takes an expected tyre with room on its line, and names its material', () => {
    expect(judgeOffline(order(), book, [], scan('A2'))).toEqual({ ok: true, action: 'added', materialCode: 'M7', materialId: 7 });
  });

  it('refuses a repeat, of the order or of the queue, and a tyre the order cannot take', () => {
    expect(judgeOffline(order(), book, [], scan('A1'))).toMatchObject({ ok: false, key: 'barcodeScannedTwice' });
    expect(judgeOffline(order(), book, [{ op: 'scan', barcode: 'A2', materialId: 7 }], scan('A2'))).toMatchObject({ ok: false, key: 'barcodeScannedTwice' });
    expect(judgeOffline(order(), book, [], scan('ZZ9'))).toEqual({ ok: false, key: 'barcodeNotExpected', params: { barcode: 'ZZ9' } });
  });

  it('counts queued scans against the plan, and a queued unscan makes room again', () => {
    const full = [{ op: 'scan' as const, barcode: 'A2', materialId: 7 }];
    expect(judgeOffline(order(), book, full, scan('A3'))).toEqual({ ok: false, key: 'barcodeOverPlanned', params: { material: 'M7', planned: 2 } });
    expect(judgeOffline(order(), book, [...full, { op: 'unscan', barcode: 'A1', materialId: 7 }], scan('A3'))).toMatchObject({ ok: true });
  });

  it('queues for the server what it cannot know, and refuses on a closed order', () => {
    expect(judgeOffline(order(), { barcodes: [], complete: false, duplicateScanDelete: false }, [], scan('ZZ9'))).toEqual({ ok: true, action: 'added', materialCode: '', materialId: null });
    expect(judgeOffline(order(), null, [], scan('ZZ9'))).toMatchObject({ ok: true });
    expect(judgeOffline(order('2'), book, [], scan('A2'))).toMatchObject({ ok: false, key: 'orderNotOpen' });
  });

  it('takes off only what is on the order or queued', () => {
    expect(judgeOffline(order(), book, [], { op: 'unscan', barcode: 'A1', adjustKind: null })).toMatchObject({ ok: true });
    expect(judgeOffline(order(), book, [], { op: 'unscan', barcode: 'A2', adjustKind: null })).toMatchObject({ ok: false, key: 'barcodeNotScanned' });
  });

  it("with the dealer's duplicate-scan-delete, a second scan takes the tyre off, and a third puts it back", () => {
    const deleting = { ...book, duplicateScanDelete: true };
    expect(judgeOffline(order(), deleting, [], scan('A1'))).toMatchObject({ ok: true, action: 'removed' });
    const queued = [{ op: 'scan' as const, barcode: 'A2', materialId: 7 }];
    expect(judgeOffline(order(), deleting, queued, scan('A2'))).toMatchObject({ ok: true, action: 'removed' });
    const twice = [...queued, { op: 'scan' as const, barcode: 'A2', materialId: 7 }];
    expect(judgeOffline(order(), deleting, twice, scan('A2'))).toMatchObject({ ok: true, action: 'added' });
  });
});
