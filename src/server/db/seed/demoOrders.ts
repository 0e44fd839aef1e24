import { asc, eq, isNotNull } from 'drizzle-orm';
import type { OrderInput } from '../../../shared/api/orders';
import type { OrderCtx } from '../../modules/orders/orderContext';
import { saveOrder } from '../../modules/orders/orderWrites';
import type { SessionUser } from '../../platform/sessionStore';
import type { Db } from '../client';
import { dealers, materials, users } from '../schema';
import { must } from '../../../shared/must';

const DOTS = ['0625', '1925', '2825', '3725', '4625', '0226', '1126', '2026', '3126', '3826'];

/**
 * Demo deliveries waiting to be received, made through the same service call the API uses:
 * for the first dealers, two deliveries from the maker each, with their shipped serials and the
 * dealer's notice, for a dealer to scan in the console. Nothing is received here: the stock
 * history (history.ts) already holds half a year of receipts and sales ending yesterday, and
 * receipts posted now would stand as one day's spike on every chart of today.
 */
export async function seedOrders(tx: Db): Promise<void> {
  const [admin] = await tx.select({ id: users.id, userName: users.userName, nickName: users.nickName }).from(users).where(eq(users.userName, 'admin'));
  // The seed signs in as no one: no session of its own.
  const user: SessionUser = { sessionId: 0, id: admin.id, userName: admin.userName, nickName: admin.nickName, dealerId: null };
  const ctx: OrderCtx = { db: tx, user, lang: 'zh-CN', page: 'PRorder', ip: '127.0.0.1', scope: { dealerIds: null, warehouseIds: null } };
  const catalogue = await tx.select({ id: materials.id }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(40);
  const dealerRows = await tx.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers)
    .where(isNotNull(dealers.defaultWarehouseId)).orderBy(asc(dealers.id)).limit(6);
  let serial = 0;
  const barcode = () => `T26${String(++serial).padStart(8, '0')}`;

  async function delivery(warehouseId: number, lines: { materialId: number; qty: number }[], counterparty: string) {
    const shipped = lines.flatMap((l) => Array.from({ length: l.qty }, (_, k) => ({ barcode: barcode(), materialId: l.materialId, dotCode: DOTS[(serial + k) % DOTS.length] })));
    const input: OrderInput = {
      orderType: 'PR', warehouseId, counterparty, externalNo: `DN${String(serial).padStart(8, '0')}`,
      lines: lines.map((l) => ({ materialId: l.materialId, plannedQty: l.qty })), shipped,
    };
    await saveOrder(ctx, input);
  }

  for (const [d, dealer] of dealerRows.entries()) {
    const pick = (k: number) => catalogue[(d * 5 + k) % catalogue.length].id;
    const warehouseId = must(dealer.warehouseId, `dealer ${dealer.id}'s default warehouse`);
    await delivery(warehouseId, [{ materialId: pick(0), qty: 6 }, { materialId: pick(3), qty: 4 }], '恒峰轮胎销售公司');
    await delivery(warehouseId, [{ materialId: pick(4), qty: 10 }], '恒峰轮胎销售公司');
  }
}
