import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryNoteAnswer, DeliveryNoteBody } from '../../src/shared/api/deliveryNotes';
import type { OrderDetail, ScanResult } from '../../src/shared/api/orders';
import { barcodes, dealers, materials, orders, storageLocations, warehouses } from '../../src/server/db/schema';
import { createServiceAccount, issueKey, keyCall, ok } from './integrationSupport';
import { startTestServer, type TestServer } from './server';

/**
 * The maker's delivery notes (docs/integrations.md, "Delivery notes"): a note becomes the dealer's
 * purchase receipt expecting its barcodes; the same note again (or twenty at once) makes one
 * receipt; a changed note replaces an unscanned receipt and is refused once scanning started; a bad
 * line or barcode is named; a note of 5,000 barcodes is taken.
 */
let server: TestServer;
let admin: string;
let dealer1: string;
let makerKey: string;
let dealerKey: string;
let warehouseCode: string;
let otherWarehouseCode: string;
let mats: string[];
let serial = 0;

beforeAll(async () => {
  server = await startTestServer();
  [admin, dealer1] = await Promise.all([server.login('admin'), server.login('dealer1')]);
  const db = server.services.db;
  const [d1] = await db.select({ id: dealers.id, code: warehouses.code }).from(dealers)
    .innerJoin(warehouses, eq(warehouses.id, dealers.defaultWarehouseId)).where(eq(dealers.code, 'SH0001'));
  warehouseCode = d1.code;
  const [other] = await db.select({ code: warehouses.code }).from(warehouses)
    .where(and(eq(warehouses.status, 'normal'))).orderBy(asc(warehouses.id)).limit(1);
  otherWarehouseCode = other.code === warehouseCode ? 'CDC02' : other.code;
  mats = (await db.select({ code: materials.code }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(90)).map((m) => m.code).slice(80);
  const maker = await createServiceAccount(server, admin, { userName: 'maker-erp', roleCodes: ['staff'] });
  makerKey = (await issueKey(server, admin, maker, 'ERP')).key;
  const dealerAccount = await createServiceAccount(server, admin, { userName: 'dms-1', dealerId: d1.id, roleCodes: ['dealer'] });
  dealerKey = (await issueKey(server, admin, dealerAccount, 'DMS')).key;
}, 120_000);
afterAll(async () => { await server?.stop(); });

const codes = (n: number) => Array.from({ length: n }, () => `DN${String(++serial).padStart(10, '0')}`);
/** A note of `perLine` barcodes on each of `lineCount` lines, each line's quantity as many. */
function note(documentNo: string, lineCount = 2, perLine = 3, extra: Partial<DeliveryNoteBody> = {}): DeliveryNoteBody {
  const lines = mats.slice(0, lineCount).map((materialCode) => ({ materialCode, quantity: perLine }));
  const shipped = lines.flatMap((l) => codes(perLine).map((barcode) => ({ barcode, materialCode: l.materialCode, dot: '1225' })));
  return { documentNo, warehouseCode, orderType: 'PR', lines, barcodes: shipped, ...extra };
}
const send = (body: unknown, key = makerKey, headers: Record<string, string> = {}) => keyCall<DeliveryNoteAnswer>(server, key, '/integration/deliveryNote', body, headers);
const locationOf = async (warehouseId: number) =>
  (await server.services.db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, warehouseId)).limit(1))[0]?.id;
const receiptsOf = (documentNo: string) => server.services.db.select().from(orders).where(eq(orders.externalNo, documentNo));

describe('inbound delivery notes', () => {
  it('a note becomes the dealer\'s receipt, expecting its barcodes on the scanning screen', async () => {
    const body = note('DN-1001');
    const answer = await ok(send(body));
    expect(answer).toMatchObject({ documentNo: 'DN-1001', lines: 2, barcodes: 6 });
    const [order] = await receiptsOf('DN-1001');
    expect(order).toMatchObject({ id: answer.orderId, orderNo: answer.orderNo, orderType: 'PR', status: '0', source: 'ERP' });
    // The dealer sees it and its lines; its barcodes wait, shipped to it.
    const detail = await ok(server.call<OrderDetail>('/orderManage/PRorder/detail', { token: dealer1, body: { id: answer.orderId } }));
    expect(detail.lines.map((l) => l.plannedQty)).toEqual([3, 3]);
    const held = await server.services.db.select().from(barcodes).where(inArray(barcodes.code, body.barcodes.map((b) => b.barcode)));
    expect(held.map((b) => [b.status, b.dealerId, b.dotCode])).toEqual(held.map(() => ['pending', order.dealerId, '1225']));
    // Scanning one of them on the receipt is taken as expected.
    // dealer1's warehouse keeps locations: a receipt's scan names one.
    const location = await locationOf(order.warehouseId);
    const scanned = await ok(server.call<ScanResult>('/orderManage/PRorder/scan', {
      token: dealer1, body: { orderId: answer.orderId, barcode: body.barcodes[0].barcode, locationId: location },
    }));
    expect(scanned).toMatchObject({ action: 'added', barcode: body.barcodes[0].barcode, lineScanned: 1, status: '1' });
  });

  it('the same note again answers the same and makes no second receipt; twenty at once make one', async () => {
    const body = note('DN-1002');
    const first = await ok(send(body));
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first);
    expect(await receiptsOf('DN-1002')).toHaveLength(1);

    const burst = note('DN-1003', 3, 4);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(burst, makerKey, { 'idempotency-key': 'erp-7f3a-DN-1003' })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(await receiptsOf('DN-1003')).toHaveLength(1);
    // The key names that note: under it another note is refused.
    const reused = await send(note('DN-1004'), makerKey, { 'idempotency-key': 'erp-7f3a-DN-1003' });
    expect([reused.status, reused.body.msg]).toEqual([409, 'This Idempotency-Key was used for delivery note DN-1003']);
  });

  it('a changed note replaces a receipt nobody scanned, and is refused once scanning started', async () => {
    const body = note('DN-1005');
    const first = await ok(send(body));
    const changed = { ...body, lines: body.lines.map((l) => ({ ...l, quantity: 5 })) };
    const replaced = await ok(send(changed));
    expect(replaced.orderId).not.toBe(first.orderId);
    expect((await receiptsOf('DN-1005')).map((o) => o.id)).toEqual([replaced.orderId]);
    const detail = await ok(server.call<OrderDetail>('/orderManage/PRorder/detail', { token: admin, body: { id: replaced.orderId } }));
    expect(detail.lines.map((l) => l.plannedQty)).toEqual([5, 5]);

    // Scanning starts (a central warehouse without locations would do; the dealer's wants one).
    const locationId = await locationOf(detail.warehouseId);
    await ok(server.call('/orderManage/PRorder/scan', { token: dealer1, body: { orderId: replaced.orderId, barcode: body.barcodes[0].barcode, locationId } }));
    const refused = await send({ ...changed, remark: 'one more change' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`Delivery note DN-1005 became receipt ${replaced.orderNo}, which is being scanned: the note cannot change any more`);
    // The note as taken is still answered the same.
    expect((await send(changed)).body.data).toEqual(replaced);
  });

  it('a note whose receipt a user deleted is taken afresh when sent again', async () => {
    const body = note('DN-1009');
    const first = await ok(send(body));
    await ok(server.call('/orderManage/PRorder/delete', { token: admin, body: { ids: [first.orderId] } }));
    const again = await ok(send(body));
    expect(again.orderId).not.toBe(first.orderId);
    expect((await receiptsOf('DN-1009')).map((o) => o.id)).toEqual([again.orderId]);
    expect(await ok(send(body))).toEqual(again);
  });

  it('a bad line or barcode is named, and nothing is created', async () => {
    const base = note('DN-1006');
    const cases: [unknown, string][] = [
      [{ ...base, lines: [base.lines[0], { materialCode: 'NO-SUCH-MAT', quantity: 1 }] }, 'Line 2: no material has the code NO-SUCH-MAT'],
      [{ ...base, lines: [base.lines[0], base.lines[1], { ...base.lines[0] }] }, `Line 3: material ${mats[0]} is on line 1 already`],
      [{ ...base, barcodes: [base.barcodes[0], base.barcodes[1], { ...base.barcodes[2], barcode: 'bad code!' }] }, 'Barcode 3 (bad code!): not a tyre serial (6 to 40 upper-case letters, digits or hyphens)'],
      [{ ...base, barcodes: [base.barcodes[0], base.barcodes[0]] }, `Barcode 2 (${base.barcodes[0].barcode}): listed twice`],
      [{ ...base, barcodes: [{ ...base.barcodes[0], materialCode: mats[5] }] }, `Barcode 1 (${base.barcodes[0].barcode}): material ${mats[5]} is on no line`],
      [{ ...base, barcodes: [{ ...base.barcodes[0], dot: '6625' }] }, `Barcode 1 (${base.barcodes[0].barcode}): DOT 6625 is not a week and year (WWYY)`],
      [{ ...base, lines: [{ ...base.lines[0], quantity: 2 }, base.lines[1]] }, `Line 1: 3 barcodes of material ${mats[0]}, more than its quantity 2`],
      [{ ...base, lines: [{ materialCode: mats[0], quantity: 0 }] }, 'lines.0.quantity'],
    ];
    for (const [body, said] of cases) {
      const res = await send(body);
      expect(res.status, said).toBe(400);
      expect(res.body.msg, said).toContain(said);
    }
    // A barcode already registered (by DN-1001) is named with its place.
    const known = (await server.services.db.select({ code: barcodes.code }).from(barcodes).where(eq(barcodes.code, 'DN0000000001')))[0].code;
    const taken = await send({ ...base, barcodes: [base.barcodes[0], { ...base.barcodes[1], barcode: known }] });
    expect([taken.status, taken.body.msg]).toEqual([409, `Barcode 2 (${known}): already registered`]);
    expect(await receiptsOf('DN-1006')).toEqual([]);
  });

  it('a note is within the caller\'s scope: a dealer\'s system cannot send one, nor for another dealer\'s warehouse', async () => {
    const own = await send(note('DN-1007'), dealerKey);
    expect([own.status, own.body.msg]).toEqual([400, expect.stringMatching(/^shipped: /)]);
    const other = await send(note('DN-1008', 1, 1, { warehouseCode: otherWarehouseCode }), dealerKey);
    expect([other.status, other.body.msg]).toEqual([400, expect.stringMatching(/^warehouseId: /)]);
    expect([...await receiptsOf('DN-1007'), ...await receiptsOf('DN-1008')]).toEqual([]);
  });

  it('takes a note of 5,000 barcodes', async () => {
    const body = note('DN-5000', 10, 500);
    expect(body.barcodes).toHaveLength(5_000);
    const answer = await ok(send(body));
    expect(answer).toMatchObject({ lines: 10, barcodes: 5_000 });
    const held = await server.services.db.select({ code: barcodes.code }).from(barcodes).where(inArray(barcodes.code, body.barcodes.map((b) => b.barcode)));
    expect(held).toHaveLength(5_000);
    expect((await send({ ...body, barcodes: [...body.barcodes, ...codes(1).map((barcode) => ({ barcode, materialCode: mats[0] }))] })).status).toBe(400);
  });
});
