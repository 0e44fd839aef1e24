import { describe, expect, it } from 'vitest';
import type { OrderDetail, ScanResult } from '@shared/api/orders';
import { addEntry, applyScanResult, FEED_LIMIT, percent } from './scanFeed';

const line = (id: number, materialId: number, plannedQty: number, scannedQty: number) => ({
  id, materialId, materialCode: `M${materialId}`, materialName: 'Tyre', brandName: 'B', specification: '205/55R16', pattern: 'P1',
  plannedQty, scannedQty, adjustKind: null,
});
const detail = {
  id: 1, orderNo: 'PR1', status: '0', plannedQty: 6, scannedQty: 1,
  lines: [line(10, 100, 4, 1), line(11, 101, 2, 0)],
  scans: [{ barcode: 'OLD0001', materialId: 100, materialCode: 'M100', lineId: 10, locationId: null, locationCode: null, adjustKind: null, dotCode: '2324', scannedAt: '', source: 'PDA' }],
} as unknown as OrderDetail;
const result = (over: Partial<ScanResult>): ScanResult => ({
  action: 'added', barcode: 'NEW0001', materialCode: 'M101', materialName: 'Tyre', lineId: 11, lineScanned: 1, linePlanned: 2,
  scannedQty: 2, plannedQty: 6, status: '1', ...over,
});
const context = { locationId: 5, locationCode: 'A-01-01', adjustKind: null };

describe('a scan answer applied to the order on screen', () => {
  it('an accepted barcode raises its line, the order total and joins the end of the scanned list', () => {
    const next = applyScanResult(detail, result({}), context);
    expect(next.lines.map((l) => l.scannedQty)).toEqual([1, 1]);
    expect(next.scannedQty).toBe(2);
    expect(next.status).toBe('1');
    expect(next.scans.map((s) => s.barcode)).toEqual(['OLD0001', 'NEW0001']);
    expect(next.scans[1]).toMatchObject({ materialId: 101, locationCode: 'A-01-01', lineId: 11 });
  });

  it('a removed barcode (duplicate-scan delete or remove) leaves the list and lowers the counts', () => {
    const next = applyScanResult(detail, result({ action: 'removed', barcode: 'OLD0001', lineId: 10, lineScanned: 0, scannedQty: 0, materialCode: 'M100' }), context);
    expect(next.lines.map((l) => l.scannedQty)).toEqual([0, 0]);
    expect(next.scannedQty).toBe(0);
    expect(next.scans).toEqual([]);
  });

  it('leaves the order it was given untouched', () => {
    applyScanResult(detail, result({}), context);
    expect(detail.scans).toHaveLength(1);
    expect(detail.lines[1].scannedQty).toBe(0);
  });
});

describe('scan feed', () => {
  it('puts the newest entry first and keeps only the last ones', () => {
    let feed = addEntry([], { barcode: 'A00001', kind: 'added', text: 'M1' });
    feed = addEntry(feed, { barcode: 'B00001', kind: 'refused', text: 'Unknown barcode' });
    expect(feed.map((e) => [e.id, e.barcode])).toEqual([[2, 'B00001'], [1, 'A00001']]);
    for (let i = 0; i < FEED_LIMIT + 5; i++) feed = addEntry(feed, { barcode: `C${i}`, kind: 'added', text: '' });
    expect(feed).toHaveLength(FEED_LIMIT);
  });

  it('progress is capped at 100 and empty without a plan', () => {
    expect(percent(3, 4)).toBe(75);
    expect(percent(5, 4)).toBe(100);
    expect(percent(2, null)).toBe(0);
    expect(percent(0, 0)).toBe(0);
  });
});
