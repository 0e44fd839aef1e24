import ExcelJS from 'exceljs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dotAgeWeeks, stockAgeBucket, STOCK_AGE_BUCKETS } from '../../src/shared/analytics/domain';
import { TRACE_CANCEL_PERM, type TraceCancelResult } from '../../src/shared/analytics/reports/inventory';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import type { BarcodeTrace } from '../../src/shared/api/orders';
import { REPORT_DEFS } from '../../src/shared/analytics/reports';
import { barcodes, dealers, materials, orderScans, orders, resources, roleResources, roles, storageLocations, warehouses } from '../../src/server/db/schema';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { post } from '../../src/server/modules/stock/ledger';
import { startTestServer, type TestServer } from './server';

/**
 * The inventory and movement reports over a small fixed data set whose answers are worked out
 * by hand. Stock of material A in dealer1's warehouse moves on chosen days (posted through the
 * ledger with their dates); material B holds tyres of chosen inbound ages and DOT codes.
 *
 * Material A, warehouse W1, on days counted from a Friday F among the last three days of a month
 * M, at least 18 days before today (daily roll-up rows only on the days marked *):
 *   F      Fri (week w)     * receive A1..A5      0 +5 −0 = 5
 *   F+3    Mon (w+1, M+1)   * ship A1, A2         5 +0 −2 = 3
 *   F+9    Sun (w+1)        * receive A6..A8      3 +3 −0 = 6
 *   F+10..16   (w+2)          nothing             6
 *   F+17   Mon (w+3)        * ship A3             6 +0 −1 = 5
 * (Written for F = 2026-10-30: weeks 2026-W44..W47, months 2026-10 and 2026-11.)
 */
let server: TestServer;
let admin: string;
let dealer1: string;
let dealer2: string;
let w1: { id: number; dealerId: number; name: string };
let matA: { id: number; code: string };
let matB: { id: number; code: string };
let serial = 0;
const now = new Date();

const report = async (page: string, body: Record<string, unknown>, token = admin) => {
  const res = await server.call<ReportPageAnswer>(`/analysis/report/${page}/selectByPage`, { token, body: { pageSize: 100, ...body }, lang: 'en-US' });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const chart = async (page: string, body: Record<string, unknown>, token = admin) => {
  const res = await server.call<{ rows: Record<string, unknown>[] }>(`/analysis/report/${page}/chart`, { token, body, lang: 'en-US' });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.rows;
};
const balanceRows = async (page: string, dateFrom: string, dateTo: string) =>
  (await report(page, { dateFrom, dateTo, keyword: matA.code, orderBy: [{ field: 'period', order: 'asc' }] })).rows
    .map((r) => [r.period, r.opening, r.inQty, r.outQty, r.closing, r.balanced]);

/** An order and its moves posted through the ledger at a chosen moment (the ledger's own path, dated). */
async function postAt(type: 'PR' | 'WL', at: Date, materialId: number, codes: string[], dotCode: string | null = '2325') {
  const db = server.services.db;
  const [o] = await db.insert(orders).values({
    orderNo: `RPT${String(++serial).padStart(6, '0')}`, orderType: type, status: '2', dealerId: w1.dealerId, warehouseId: w1.id,
    counterparty: type === 'WL' ? 'Fleet Co' : null, createdAt: at, completedAt: at,
  }).returning({ id: orders.id });
  if (type === 'PR') await db.insert(barcodes).values(codes.map((code) => ({ code, materialId, dotCode, status: 'pending', dealerId: w1.dealerId })));
  const qty = type === 'PR' ? 1 : -1;
  await db.transaction((tx) => post(tx, {
    orderId: o.id, orderType: type, userId: null, at,
    moves: codes.map((barcode) => ({ barcode, qty, dealerId: w1.dealerId, warehouseId: w1.id, locationId: null, materialId, dotCode })),
    states: codes.map((code) => ({ code, status: qty > 0 ? 'in' : 'out', dealerId: w1.dealerId, warehouseId: w1.id, locationId: null, inbound: qty > 0 })),
  }));
}
/** F of the story above: the latest Friday at least 18 days ago whose Monday after falls in the next month. */
const friday = (() => {
  for (let back = 18; ; back++) {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back, 10, 0, 0);
    if (d.getDay() === 5 && new Date(d.getFullYear(), d.getMonth(), d.getDate() + 3).getMonth() !== d.getMonth()) return d;
  }
})();
/** F + n days, at ten in the morning. */
const day = (n: number) => new Date(friday.getFullYear(), friday.getMonth(), friday.getDate() + n, 10, 0, 0);
const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of F + n days. */
const ymd = (n: number) => { const d = day(n); return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`; };
/** `YYYY-MM` of month M + n. */
const month = (n: number) => { const d = new Date(friday.getFullYear(), friday.getMonth() + n, 1); return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`; };
/** ISO week `YYYY-Www` of F + n days (the reports' week dimension). */
const week = (n: number) => {
  const d = day(n);
  const t = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()));
  t.setUTCDate(t.getUTCDate() + 4 - (t.getUTCDay() || 7));
  const year = t.getUTCFullYear();
  return `${year}-W${pad(Math.ceil(((t.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7))}`;
};
/** Months M and M+1, whole: every move of material A. */
const BOTH_MONTHS = (() => {
  const last = new Date(friday.getFullYear(), friday.getMonth() + 2, 0);
  return { dateFrom: `${month(0)}-01`, dateTo: `${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}` };
})();
const codes = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(4, '0')}`);
/** Whole months back from today, at ten in the morning (stock age counts from here). */
const monthsAgo = (n: number) => new Date(now.getFullYear(), now.getMonth() - n, Math.min(now.getDate(), 28), 10, 0, 0);
const B_AGES = [1, 5, 8, 11, 14, 14];
const B_DOTS = ['0124', '0124', '5223', '2325', '2325', ''];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.services.db;
  // The cancel button: granted to the administrator role here when the resource tree does not carry it yet.
  const [page] = await db.select({ id: resources.id }).from(resources).where(eq(resources.perm, 'reportQuery:codeRetrospection'));
  const [held] = await db.select({ id: resources.id }).from(resources).where(eq(resources.perm, TRACE_CANCEL_PERM));
  const button = held ?? (await db.insert(resources).values({ parentId: page.id, type: 'button', label: '撤销', labelEn: 'Cancel record', perm: TRACE_CANCEL_PERM }).returning({ id: resources.id }))[0];
  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
  await db.insert(roleResources).values({ roleId: adminRole.id, resourceId: button.id }).onConflictDoNothing();
  [admin, dealer1, dealer2] = await Promise.all([server.login('admin'), server.login('dealer1'), server.login('dealer2')]);

  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  const [w] = await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, d1.warehouseId!));
  w1 = { id: d1.warehouseId!, dealerId: d1.id, name: w.name };
  // Two materials the demo data never moved, so every figure below is this file's own.
  [matA, matB] = await db.select({ id: materials.id, code: materials.code }).from(materials)
    .where(sql`not exists (select 1 from stock_moves m where m.material_id = ${materials.id})`).orderBy(asc(materials.id)).limit(2);

  // Each key (warehouse and material) is posted in day order, as the roll-up expects.
  const bCodes = codes('RPTB', 1, B_AGES.length);
  for (const i of B_AGES.map((_, k) => k).sort((a, b) => B_AGES[b] - B_AGES[a])) await postAt('PR', monthsAgo(B_AGES[i]), matB.id, [bCodes[i]], B_DOTS[i] || null);
  await postAt('PR', day(0), matA.id, codes('RPTA', 1, 5));
  await postAt('WL', day(3), matA.id, codes('RPTA', 1, 2));
  await postAt('PR', day(9), matA.id, codes('RPTA', 6, 8));
  await postAt('WL', day(17), matA.id, codes('RPTA', 3, 3));
  expect(await checkStockInvariant(db)).toEqual([]);
});
afterAll(async () => { await server?.stop(); });

describe('balance reports read the sparse daily roll-up', () => {
  it('month balance: October opens empty, November opens at October\'s closing', async () => {
    expect(await balanceRows('monthBalance', BOTH_MONTHS.dateFrom, BOTH_MONTHS.dateTo)).toEqual([
      [month(0), 0, 5, 0, 5, 'yes'],
      [month(1), 5, 3, 3, 5, 'yes'],
    ]);
  });

  it('week balance: a week without rows carries the closing; week edges split Sunday from Monday', async () => {
    expect(await balanceRows('weekBalance', ymd(-4), ymd(23))).toEqual([
      [week(0), 0, 5, 0, 5, 'yes'],
      [week(3), 5, 3, 2, 6, 'yes'],
      [week(10), 6, 0, 0, 6, 'yes'],
      [week(17), 6, 0, 1, 5, 'yes'],
    ]);
  });

  it('a week cut by the date range counts only the days inside it', async () => {
    expect(await balanceRows('weekBalance', ymd(5), ymd(11))).toEqual([
      [week(3), 3, 3, 0, 6, 'yes'],
      [week(10), 6, 0, 0, 6, 'yes'],
    ]);
  });

  it('day balance lists days without movement at the previous closing, and none before the first stock', async () => {
    expect(await balanceRows('dayBalance', ymd(-1), ymd(4))).toEqual([
      [ymd(0), 0, 5, 0, 5, 'yes'],
      [ymd(1), 5, 0, 0, 5, 'yes'],
      [ymd(2), 5, 0, 0, 5, 'yes'],
      [ymd(3), 5, 0, 2, 3, 'yes'],
      [ymd(4), 3, 0, 0, 3, 'yes'],
    ]);
  });

  it('the chart sums the periods; another dealer sees none of it', async () => {
    const rows = await chart('monthBalance', { ...BOTH_MONTHS, keyword: matA.code });
    expect(rows).toEqual([{ period: month(0), inQty: 5, outQty: 0, closing: 5 }, { period: month(1), inQty: 3, outQty: 3, closing: 5 }]);
    expect((await report('monthBalance', { ...BOTH_MONTHS, keyword: matA.code }, dealer2)).total).toBe(0);
    expect((await report('monthBalance', { ...BOTH_MONTHS, keyword: matA.code }, dealer1)).total).toBe(2);
  });
});

describe('stock reports', () => {
  it('stock age: tyres on hand by whole months since inbound, in the five buckets', async () => {
    const { rows } = await report('samuelCouling', { keyword: matB.code });
    const expected = Object.fromEntries(STOCK_AGE_BUCKETS.map((b) => [b, 0]));
    for (const n of B_AGES) expected[stockAgeBucket(monthsAgo(n), now)] += 1;
    expect(expected).toEqual({ '0-3': 1, '4-6': 1, '7-9': 1, '10-12': 1, '12+': 2 });
    expect(rows).toEqual([expect.objectContaining({
      materialCode: matB.code, onHand: 6, age0to3: 1, age4to6: 1, age7to9: 1, age10to12: 1, age12plus: 2,
    })]);
    const donut = await chart('samuelCouling', { keyword: matB.code });
    expect(donut).toEqual(STOCK_AGE_BUCKETS.map((bucket) => ({ bucket, onHand: expected[bucket] })));
  });

  it('DOT inventory: on hand by DOT code with its age in weeks; tyres without a code have no age', async () => {
    const { rows } = await report('dotInventory', { keyword: matB.code, orderBy: [{ field: 'dotCode', order: 'asc' }] });
    expect(rows.map((r) => [r.dotCode, r.productionWeek, r.dotAgeWeeks, r.onHand])).toEqual([
      ['', null, null, 1],
      ['0124', '2024-W01', dotAgeWeeks('0124', now), 2],
      ['2325', '2025-W23', dotAgeWeeks('2325', now), 2],
      ['5223', '2023-W52', dotAgeWeeks('5223', now), 1],
    ]);
  });

  it('tyre report: on hand now, received and sold in the range', async () => {
    const { rows } = await report('tireReport', { dateFrom: `${month(1)}-01`, dateTo: BOTH_MONTHS.dateTo, keyword: matA.code });
    expect(rows).toEqual([expect.objectContaining({ materialCode: matA.code, onHand: 5, received: 3, sold: 3 })]);
  });

  it('customer tyre report: sales by the order\'s counterparty', async () => {
    const { rows } = await report('customerTireReport', { ...BOTH_MONTHS, keyword: matA.code });
    expect(rows).toEqual([expect.objectContaining({ customer: 'Fleet Co', materialCode: matA.code, qty: 3, orders: 2 })]);
  });

  it('location inventory: on hand by place (no location here)', async () => {
    const { rows } = await report('locationInventory', { keyword: matA.code, warehouseId: w1.id });
    expect(rows).toEqual([expect.objectContaining({ warehouseName: w1.name, locationCode: null, onHand: 5 })]);
  });
});

describe('inventory comparison', () => {
  it('book against counted per stocktake and material, and per location', async () => {
    const db = server.services.db;
    const [location] = await db.select({ id: storageLocations.id, code: storageLocations.code }).from(storageLocations).where(eq(storageLocations.warehouseId, w1.id)).limit(1);
    const save = await server.call<{ id: number }>('/orderManage/InventoryList/save', { token: admin, body: { orderType: 'IV', warehouseId: w1.id, lines: [] } });
    expect(save.status, save.body.msg).toBe(200);
    for (const barcode of codes('RPTA', 4, 6)) {
      const res = await server.call('/orderManage/InventoryList/scan', { token: admin, body: { orderId: save.body.data.id, barcode, locationId: location.id } });
      expect(res.status, res.body.msg).toBe(200);
    }
    const byMaterial = await report('inventoryContrast', { keyword: matA.code });
    expect(byMaterial.rows.map((r) => [r.bookQty, r.countedQty, r.difference])).toEqual([[5, 3, -2]]);
    const byLocation = await report('inventoryContrastCopy', { keyword: matA.code, orderBy: [{ field: 'locationCode', order: 'asc' }] });
    expect(byLocation.rows.map((r) => [r.locationCode, r.bookQty, r.countedQty, r.difference])).toEqual([[location.code, 0, 3, 3], [null, 5, 0, -5]]);

    // Completed, the book is frozen at completion (from its loss/overflow order), whatever moves later.
    const done = await server.call('/orderManage/InventoryList/complete', { token: admin, body: { id: save.body.data.id } });
    expect(done.status, done.body.msg).toBe(200);
    const frozen = await report('inventoryContrast', { keyword: matA.code });
    expect(frozen.rows.map((r) => [r.status, r.bookQty, r.countedQty, r.difference])).toEqual([['Completed', 5, 3, -2]]);
    const frozenByLocation = await report('inventoryContrastCopy', { keyword: matA.code, orderBy: [{ field: 'locationCode', order: 'asc' }] });
    expect(frozenByLocation.rows.map((r) => [r.locationCode, r.bookQty, r.countedQty])).toEqual([[location.code, 0, 3], [null, 5, 0]]);
    // The book locations were frozen at completion (none here: received without one); a stocktake
    // completed before they were frozen reads the same from its tyres' moves.
    const frozenAt = await db.select({ at: orderScans.bookLocationId }).from(orderScans).where(eq(orderScans.orderId, save.body.data.id));
    expect(frozenAt.map((r) => r.at)).toEqual([0, 0, 0]);
    // A counted tyre put on the location after the completion changes neither reading.
    const [tyre] = await db.select().from(barcodes).where(eq(barcodes.code, codes('RPTA', 6, 6)[0]));
    const [relocation] = await db.insert(orders).values({ orderNo: `RPT${String(++serial).padStart(6, '0')}`, orderType: 'DO', status: '2', dealerId: w1.dealerId, warehouseId: w1.id, completedAt: new Date() }).returning({ id: orders.id });
    const move = { barcode: tyre.code, dealerId: w1.dealerId, warehouseId: w1.id, materialId: tyre.materialId, dotCode: tyre.dotCode };
    await db.transaction((tx) => post(tx, {
      orderId: relocation.id, orderType: 'DO', userId: null, at: new Date(), moves: [{ ...move, qty: -1, locationId: null }, { ...move, qty: 1, locationId: location.id }],
      states: [{ code: tyre.code, status: 'in', dealerId: w1.dealerId, warehouseId: w1.id, locationId: location.id, inbound: false }],
    }));
    const byLocationNow = () => report('inventoryContrastCopy', { keyword: matA.code, orderBy: [{ field: 'locationCode', order: 'asc' }] });
    expect((await byLocationNow()).rows).toEqual(frozenByLocation.rows);
    await db.update(orderScans).set({ bookLocationId: null }).where(eq(orderScans.orderId, save.body.data.id));
    expect((await byLocationNow()).rows).toEqual(frozenByLocation.rows);
    await db.update(orderScans).set({ bookLocationId: 0 }).where(eq(orderScans.orderId, save.body.data.id));
    // Frozen, the column is what is read: changed, the reading follows.
    await db.update(orderScans).set({ bookLocationId: location.id }).where(eq(orderScans.orderId, save.body.data.id));
    expect((await byLocationNow()).rows.map((r) => [r.locationCode, r.bookQty, r.countedQty])).toEqual([[location.code, 3, 3], [null, 2, 0]]);
    await db.update(orderScans).set({ bookLocationId: 0 }).where(eq(orderScans.orderId, save.body.data.id));
    expect(await checkStockInvariant(db)).toEqual([]);
  });
});

describe('every report answers', () => {
  it('its page, chart and export with default filters; each has rows, and the export holds every row of the page total', async () => {
    // No order type moves tyres between locations yet: a relocation within W1 posted through the
    // ledger gives the relocation report its row (a third material's tyre, so no figure above changes).
    const db = server.services.db;
    const [a, b] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, w1.id)).orderBy(asc(storageLocations.id)).limit(2);
    const [matC] = await db.select({ id: materials.id }).from(materials)
      .where(sql`not exists (select 1 from barcodes c where c.material_id = ${materials.id})`).orderBy(asc(materials.id)).limit(1);
    await db.insert(barcodes).values({ code: 'RPTC0001', materialId: matC.id, status: 'pending', dealerId: w1.dealerId });
    const move = { barcode: 'RPTC0001', dealerId: w1.dealerId, warehouseId: w1.id, materialId: matC.id, dotCode: null };
    for (const [type, moves, locationId] of [['PR', [{ ...move, qty: 1, locationId: a.id }], a.id], ['DO', [{ ...move, qty: -1, locationId: a.id }, { ...move, qty: 1, locationId: b.id }], b.id]] as const) {
      const [o] = await db.insert(orders).values({ orderNo: `RPT${String(++serial).padStart(6, '0')}`, orderType: type, status: '2', dealerId: w1.dealerId, warehouseId: w1.id, completedAt: now }).returning({ id: orders.id });
      await db.transaction((tx) => post(tx, {
        orderId: o.id, orderType: type, userId: null, at: now, moves: [...moves],
        states: [{ code: 'RPTC0001', status: 'in', dealerId: w1.dealerId, warehouseId: w1.id, locationId, inbound: type === 'PR' }],
      }));
    }
    expect(await checkStockInvariant(db)).toEqual([]);

    for (const def of REPORT_DEFS.filter((d) => d.route.startsWith('/reportQuery/'))) {
      const { total } = await report(def.page, {});
      // An empty report would pass the row count below whatever its export holds.
      expect(total, def.page).toBeGreaterThan(0);
      if (def.chart) await chart(def.page, {});
      const res = await fetch(`${server.url}/fms/api/v1/analysis/report/${def.page}/export`, {
        method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: '{}',
      });
      expect(res.status, def.page).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      expect(book.worksheets[0].rowCount - 1, def.page).toBe(total);
    }
  }, 120_000);
});

describe('detail reports', () => {
  it('inbound detail: one row per received barcode, filtered by dates and keyword', async () => {
    const all = await report('enterDetail', { ...BOTH_MONTHS, keyword: matA.code, orderBy: [{ field: 'barcode', order: 'asc' }] });
    expect(all.total).toBe(8);
    expect(all.rows.map((r) => r.barcode)).toEqual(codes('RPTA', 1, 8));
    expect(all.rows[0]).toMatchObject({ orderType: 'Purchase receipt', qty: 1, warehouseName: w1.name, dotCode: '2325', movedAt: `${ymd(0)} 10:00:00` });
    const oneDay = await report('enterDetail', { dateFrom: ymd(9), dateTo: ymd(9), keyword: matA.code });
    expect(oneDay.total).toBe(3);
    expect((await report('enterDetail', { ...BOTH_MONTHS, keyword: 'RPTA0007' })).rows.map((r) => r.barcode)).toEqual(['RPTA0007']);

    // Newest first by default (sorted inside the query, on the time index): pages follow on without overlap.
    const pages = [];
    for (const pageNum of [1, 2, 3]) pages.push(...(await report('enterDetail', { ...BOTH_MONTHS, keyword: matA.code, pageNum, pageSize: 3 })).rows);
    expect(pages.map((r) => r.barcode).sort()).toEqual(codes('RPTA', 1, 8));
    const times = pages.map((r) => String(r.movedAt));
    expect(times).toEqual([...times].sort().reverse());
  });

  it('outbound detail: each move at −1 in the table, the chart by week in tyres shipped (positive bars)', async () => {
    const out = await report('outDetail', { ...BOTH_MONTHS, keyword: matA.code });
    expect(out.rows.map((r) => [r.barcode, r.qty]).sort()).toEqual([['RPTA0001', -1], ['RPTA0002', -1], ['RPTA0003', -1]]);
    expect(await chart('outDetail', { ...BOTH_MONTHS, dimension: 'week', keyword: matA.code }))
      .toEqual([{ period: week(3), qty: 2 }, { period: week(17), qty: 1 }]);
  });

  it('scope: dealer1 sees its rows, dealer2 none of them', async () => {
    const body = { ...BOTH_MONTHS, keyword: matA.code };
    expect((await report('enterDetail', body, dealer1)).total).toBe(8);
    expect((await report('enterDetail', body, dealer2)).total).toBe(0);
    expect((await report('enterDetail', { ...body, dealerId: w1.dealerId }, dealer2)).total).toBe(0);
    expect(await chart('enterDetail', body, dealer2)).toEqual([]);
  });

  it('the export streams the filtered rows as a valid xlsx', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/analysis/report/enterDetail/export`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ ...BOTH_MONTHS, keyword: matA.code }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Time');
    const values = sheet.getSheetValues().slice(2) as unknown[][];
    const barcodeCol = (sheet.getRow(1).values as unknown[]).indexOf('Barcode');
    expect(values.map((r) => r[barcodeCol]).sort()).toEqual(codes('RPTA', 1, 8));
  });

  it('balance export: every period in key order, balanced said in words', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/analysis/report/weekBalance/export`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ dateFrom: ymd(-4), dateTo: ymd(23), keyword: matA.code }),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = (book.worksheets[0].getSheetValues().slice(2) as unknown[][]).map((r) => [r[1], r[r.length - 1]]);
    expect(rows).toEqual([[week(0), 'Yes'], [week(3), 'Yes'], [week(10), 'Yes'], [week(17), 'Yes']]);
  });
});

describe('cancelling a wrong trace record', () => {
  const call = <T>(path: string, body: unknown, token = admin) => server.call<T>(path, { token, body, lang: 'en-US' });
  const trace = async (barcode: string) => (await call<BarcodeTrace>('/orderManage/barcode/trace', { barcode })).body.data;

  it('reverses only the latest order\'s moves, restores the tyre, and keeps the ledger consistent', async () => {
    const db = server.services.db;
    const [code] = codes('RPTA', 4, 4);
    const [w2] = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.dealerId, w1.dealerId), sql`${warehouses.id} <> ${w1.id}`)).limit(1);
    // A transfer through the orders API: out of W1, into the dealer's other warehouse.
    const tr = await call<{ id: number }>('/orderManage/TRorder/save', { orderType: 'TR', warehouseId: w1.id, targetWarehouseId: w2.id, lines: [{ materialId: matA.id, plannedQty: 1 }] });
    expect(tr.status, tr.body.msg).toBe(200);
    expect((await call('/orderManage/TRorder/scan', { orderId: tr.body.data.id, barcode: code })).status).toBe(200);
    expect((await call('/orderManage/TRorder/complete', { id: tr.body.data.id })).status).toBe(200);
    let moves = (await trace(code)).moves;
    expect(moves.map((m) => [m.orderType, m.qty])).toEqual([['PR', 1], ['TR', -1], ['TR', 1]]);
    const listed = await report('transferDetails', { keyword: code });
    expect(listed.total).toBe(1);
    expect(listed.rows[0]).toMatchObject({ barcode: code, fromWarehouse: expect.any(String), toWarehouse: expect.any(String) });

    // A stale record (not the latest) is refused; a dealer without the button is refused.
    expect((await call('/orderManage/barcode/trace/cancel', { barcode: code, moveId: moves[0].id })).status).toBe(409);
    expect((await call('/orderManage/barcode/trace/cancel', { barcode: code, moveId: moves[2].id }, dealer1)).status).toBe(403);

    const res = await call<TraceCancelResult>('/orderManage/barcode/trace/cancel', { barcode: code, moveId: moves[2].id });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ reversed: [moves[1].id, moves[2].id], status: 'in' });
    const [b] = await db.select().from(barcodes).where(eq(barcodes.code, code));
    expect(b).toMatchObject({ status: 'in', warehouseId: w1.id, locationId: null });
    expect(b.inboundAt?.toISOString()).toBe(day(0).toISOString());
    expect(await checkStockInvariant(db)).toEqual([]);
    // The transfer report leaves the cancelled transfer out.
    expect((await report('transferDetails', { keyword: code })).total).toBe(0);

    // The receipt is now the latest record; cancelling it makes the tyre pending again.
    moves = (await trace(code)).moves;
    expect(moves.map((m) => m.qty)).toEqual([1, -1, 1, -1, 1]);
    const again = await call<TraceCancelResult>('/orderManage/barcode/trace/cancel', { barcode: code, moveId: moves[0].id });
    expect(again.body.data).toEqual({ reversed: [moves[0].id], status: 'pending' });
    const [pending] = await db.select().from(barcodes).where(eq(barcodes.code, code));
    expect(pending).toMatchObject({ status: 'pending', warehouseId: null, inboundAt: null });
    expect(await checkStockInvariant(db)).toEqual([]);
    expect((await call('/orderManage/barcode/trace/cancel', { barcode: code, moveId: moves[0].id })).status).toBe(409);
  });
});

describe('delivery fee upload', () => {
  const call = <T>(path: string, body: unknown, token = admin) => server.call<T>(`/reportQuery/psfByDelivery/${path}`, { token, body, lang: 'en-US' });
  it('a fee needs an existing order, a fee of at least 0 with 2 decimals, and one fee per order', async () => {
    const [o] = await server.services.db.select({ orderNo: orders.orderNo }).from(orders).where(and(eq(orders.orderType, 'WL'), sql`${orders.orderNo} like 'RPT%'`)).limit(1);
    const fee = { orderNo: o.orderNo, carrier: 'SF Express', fee: 12.5, deliveredOn: ymd(4) };
    expect((await call('save', { ...fee, orderNo: 'NOPE0001' })).body.msg).toMatch(/^orderNo: /);
    expect((await call('save', { ...fee, fee: -1 })).status).toBe(400);
    expect((await call('save', { ...fee, fee: 1.234 })).status).toBe(400);
    expect((await call('save', fee)).status).toBe(200);
    expect((await call('save', fee)).status).toBe(409);
    const page = await call<{ list: { orderNo: string; fee: string; dealerId: number }[] }>('selectByPage', {});
    // The demo data uploads fees of its own: this order's is listed once, with its dealer.
    expect(page.body.data.list.filter((r) => r.orderNo === o.orderNo)).toEqual([expect.objectContaining({ orderNo: o.orderNo, fee: '12.50', dealerId: w1.dealerId })]);
    // Dealers are not granted the page.
    expect((await call('selectByPage', {}, dealer2)).status).toBe(403);
  });
});
