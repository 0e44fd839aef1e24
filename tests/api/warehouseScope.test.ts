import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodes, dealers, materials, orders, roles, stockOnHand, stockThresholds, userRoles, users, warehouses } from '../../src/server/db/schema';
import { post } from '../../src/server/modules/stock/ledger';
import type { QueryAnswer } from '../../src/shared/analytics/filters';
import type { TraceCancelResult } from '../../src/shared/analytics/reports/inventory';
import type { BarcodeTrace } from '../../src/shared/api/orders';
import { startTestServer, type TestServer } from './server';

/**
 * Data roles can narrow staff to warehouses (docs/product.md#permissions): the stock alerts and the
 * barcode trace (its page, cancel and corrections calls) apply that rule, not only the dealer rule. Staff
 * "w1staff" and "w2staff" hold the staff role and a data role naming one warehouse of dealer D.
 */
let server: TestServer;
const tokens: Record<'admin' | 'w1staff' | 'w2staff', string> = { admin: '', w1staff: '', w2staff: '' };
let D: number;
let W1: number;
let W2: number;
let material: number;
let serial = 0;

const db = () => server.services.db;
const call = <T>(path: string, body: unknown, who: keyof typeof tokens) => server.call<T>(path, { body, token: tokens[who], lang: 'en-US' });

/** A staff user whose data role names one warehouse, its rule saved through the role page's call. */
async function warehouseStaff(userName: string, warehouseId: number) {
  const [role] = await db().insert(roles).values({ code: `${userName}_scope`, name: userName, nameEn: userName, type: 'data' }).returning();
  const saved = await call('/sys/role/saveDataRules', { id: role.id, warehouseIds: [warehouseId] }, 'admin');
  expect(saved.status, saved.body.msg).toBe(200);
  const [template] = await db().select().from(users).where(eq(users.userName, 'staff'));
  const [staffRole] = await db().select().from(roles).where(eq(roles.code, 'staff'));
  const [user] = await db().insert(users).values({ userName, nickName: userName, passwordHash: template.passwordHash }).returning();
  await db().insert(userRoles).values([{ userId: user.id, roleId: staffRole.id }, { userId: user.id, roleId: role.id }]);
  return server.login(userName);
}

/** An order's moves of one barcode posted through the ledger, as a completion would. */
async function postMoves(orderType: 'PR' | 'TR', code: string, moves: { warehouseId: number; qty: 1 | -1 }[], to: { status: 'in'; warehouseId: number; inbound: boolean }) {
  const [o] = await db().insert(orders).values({
    orderNo: `WS${String(++serial).padStart(6, '0')}`, orderType, status: '2', dealerId: D, warehouseId: moves[0].warehouseId, completedAt: new Date(),
  }).returning({ id: orders.id });
  await db().transaction((tx) => post(tx, {
    orderId: o.id, orderType, userId: null, at: new Date(),
    moves: moves.map((m) => ({ barcode: code, qty: m.qty, dealerId: D, warehouseId: m.warehouseId, locationId: null, materialId: material, dotCode: '2325' })),
    states: [{ code, status: to.status, dealerId: D, warehouseId: to.warehouseId, locationId: null, inbound: to.inbound }],
  }));
}

beforeAll(async () => {
  server = await startTestServer();
  tokens.admin = await server.login('admin');
  [{ id: D, warehouseId: W1 }] = (await db().select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'))) as { id: number; warehouseId: number }[];
  [{ id: W2 }] = await db().select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.dealerId, D), ne(warehouses.id, W1))).limit(1);
  [{ id: material }] = await db().select({ id: materials.id }).from(materials)
    .where(sql`not exists (select 1 from dealer_materials dm where dm.material_id = ${materials.id}) and not exists (select 1 from barcodes b where b.material_id = ${materials.id})`)
    .orderBy(asc(materials.id)).limit(1);
  tokens.w1staff = await warehouseStaff('w1staff', W1);
  tokens.w2staff = await warehouseStaff('w2staff', W2);
});
afterAll(async () => { await server?.stop(); });

describe('stock alerts', () => {
  it('a staff user narrowed to warehouses sees the alerts of those warehouses only', async () => {
    // A minimum of 500 in both of D's warehouses; its 3 tyres lie in W2.
    await db().insert(stockThresholds).values([{ warehouseId: W1, dealerId: D, materialId: material, minQty: 500 }, { warehouseId: W2, dealerId: D, materialId: material, minQty: 500 }]);
    await db().insert(stockOnHand).values({ dealerId: D, warehouseId: W2, materialId: material, qty: 3 });
    expect((await call('/monitoring/stockAlert/sweep', {}, 'admin')).status).toBe(200);
    const alerts = async (who: keyof typeof tokens, body: Record<string, unknown> = {}) => {
      const res = await call<QueryAnswer>('/analysis/query/stock.alerts', body, who);
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data.rows.filter((r) => r.materialId === material);
    };
    const byWarehouse = (rows: QueryAnswer['rows']) => Object.fromEntries(rows.map((r) => [r.warehouseId, r.onHand]));
    expect(byWarehouse(await alerts('admin', { dealerId: D }))).toEqual({ [W1]: 0, [W2]: 3 });
    expect(byWarehouse(await alerts('w2staff'))).toEqual({ [W2]: 3 });
    expect(byWarehouse(await alerts('w1staff'))).toEqual({ [W1]: 0 });
    // Nor any alert of a warehouse outside their rule.
    const all = (await call<QueryAnswer>('/analysis/query/stock.alerts', {}, 'w1staff')).body.data.rows;
    expect(new Set(all.map((r) => r.warehouseId))).toEqual(new Set([W1]));
  });
});

describe('barcode trace: cancelling a record and listing corrections', () => {
  const trace = async (code: string) => (await call<BarcodeTrace>('/orderManage/barcode/trace', { barcode: code }, 'admin')).body.data;
  const corrections = (code: string, who: keyof typeof tokens) => call('/orderManage/barcode/trace/corrections', { barcode: code }, who);
  const cancel = (code: string, moveId: number, who: keyof typeof tokens) => call<TraceCancelResult>('/orderManage/barcode/trace/cancel', { barcode: code, moveId }, who);

  it('a tyre in another warehouse is as good as unknown; in the user\'s own warehouse it can be cancelled', async () => {
    await db().insert(barcodes).values({ code: 'WSCOPE0001', materialId: material, dotCode: '2325', status: 'pending', dealerId: D });
    await postMoves('PR', 'WSCOPE0001', [{ warehouseId: W2, qty: 1 }], { status: 'in', warehouseId: W2, inbound: true });
    const [receipt] = (await trace('WSCOPE0001')).moves;
    expect((await corrections('WSCOPE0001', 'w1staff')).status).toBe(404);
    expect((await cancel('WSCOPE0001', receipt.id, 'w1staff')).status).toBe(404);
    expect((await corrections('WSCOPE0001', 'w2staff')).status).toBe(200);
    const done = await cancel('WSCOPE0001', receipt.id, 'w2staff');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ reversed: [receipt.id], status: 'pending' });
  });

  it('the trace page itself shows a tyre only to whoever may see its warehouse, and only the moves in scope', async () => {
    await db().insert(barcodes).values({ code: 'WSCOPE0003', materialId: material, dotCode: '2325', status: 'pending', dealerId: D });
    await postMoves('PR', 'WSCOPE0003', [{ warehouseId: W2, qty: 1 }], { status: 'in', warehouseId: W2, inbound: true });
    await postMoves('TR', 'WSCOPE0003', [{ warehouseId: W2, qty: -1 }, { warehouseId: W1, qty: 1 }], { status: 'in', warehouseId: W1, inbound: false });
    const seen = (who: keyof typeof tokens) => call<BarcodeTrace>('/orderManage/barcode/trace', { barcode: 'WSCOPE0003' }, who);
    // In W1 now: W2's staff no longer see it, though their receipt and transfer-out are in its past.
    expect((await seen('w2staff')).status).toBe(404);
    const w1 = await seen('w1staff');
    expect(w1.status, w1.body.msg).toBe(200);
    expect(w1.body.data.moves.map((m) => m.qty)).toEqual([1]);
    expect((await seen('admin')).body.data.moves.map((m) => m.qty)).toEqual([1, -1, 1]);
  });

  it('a transfer is cancelled only by someone whose scope holds both of its warehouses', async () => {
    await db().insert(barcodes).values({ code: 'WSCOPE0002', materialId: material, dotCode: '2325', status: 'pending', dealerId: D });
    await postMoves('PR', 'WSCOPE0002', [{ warehouseId: W2, qty: 1 }], { status: 'in', warehouseId: W2, inbound: true });
    await postMoves('TR', 'WSCOPE0002', [{ warehouseId: W2, qty: -1 }, { warehouseId: W1, qty: 1 }], { status: 'in', warehouseId: W1, inbound: false });
    const transferIn = (await trace('WSCOPE0002')).moves.at(-1)!;
    // Now in W1: W1's staff see it, but undoing the transfer would write to W2 as well.
    expect((await corrections('WSCOPE0002', 'w1staff')).status).toBe(200);
    expect((await cancel('WSCOPE0002', transferIn.id, 'w1staff')).status).toBe(404);
    expect((await cancel('WSCOPE0002', transferIn.id, 'w2staff')).status).toBe(404);
    const [before] = await db().select().from(barcodes).where(eq(barcodes.code, 'WSCOPE0002'));
    expect(before).toMatchObject({ status: 'in', warehouseId: W1 });
    const done = await cancel('WSCOPE0002', transferIn.id, 'admin');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data.status).toBe('in');
  });
});
