import { asc, eq, isNotNull } from 'drizzle-orm';
import type { OrderInput } from '../../../shared/api/orders';
import type { OrderPage } from '../../../shared/orders/orderTypes';
import { completeOrder } from '../../modules/orders/completion';
import type { OrderCtx } from '../../modules/orders/orderContext';
import { saveOrder } from '../../modules/orders/orderWrites';
import { uploadScans } from '../../modules/orders/scanning';
import type { SessionUser } from '../../modules/system/sessionStore';
import type { Db } from '../client';
import { dealers, materials, storageLocations, users, warehouses } from '../schema';

const DOTS = ['0625', '1925', '2825', '3725', '4625', '0226', '1126', '2026', '3126', '3826'];

/**
 * Demo orders, made through the same service calls the API uses (so the ledger, on-hand and
 * daily roll-up agree from the start): for the first dealers, deliveries from the maker that
 * were received and partly sold, and deliveries still waiting to be received; stock in the
 * maker's central warehouses.
 */
export async function seedOrders(tx: Db): Promise<void> {
  const [admin] = await tx.select({ id: users.id, userName: users.userName }).from(users).where(eq(users.userName, 'admin'));
  const user = { id: admin.id, userName: admin.userName, dealerId: null } as unknown as SessionUser;
  const ctx = (page: OrderPage): OrderCtx => ({ db: tx, user, lang: 'zh-CN', page, ip: '127.0.0.1', scope: { dealerIds: null, warehouseIds: null } });
  const catalogue = await tx.select({ id: materials.id }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(40);
  const dealerRows = await tx.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers)
    .where(isNotNull(dealers.defaultWarehouseId)).orderBy(asc(dealers.id)).limit(6);
  const central = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC01'));
  let serial = 0;
  const barcode = () => `T26${String(++serial).padStart(8, '0')}`;

  async function delivery(warehouseId: number, lines: { materialId: number; qty: number }[], counterparty: string) {
    const shipped = lines.flatMap((l) => Array.from({ length: l.qty }, (_, k) => ({ barcode: barcode(), materialId: l.materialId, dotCode: DOTS[(serial + k) % DOTS.length] })));
    const input: OrderInput = {
      orderType: 'PR', warehouseId, counterparty, externalNo: `DN${String(serial).padStart(8, '0')}`,
      lines: lines.map((l) => ({ materialId: l.materialId, plannedQty: l.qty })), shipped,
    };
    const { id } = await saveOrder(ctx('PRorder'), input);
    return { id, codes: shipped.map((s) => s.barcode) };
  }
  async function locationOf(warehouseId: number) {
    const [loc] = await tx.select({ id: storageLocations.id }).from(storageLocations)
      .where(eq(storageLocations.warehouseId, warehouseId)).orderBy(asc(storageLocations.code)).limit(1);
    return loc?.id ?? null;
  }
  async function receive(page: OrderPage, orderId: number, codes: string[], locationId: number | null) {
    await uploadScans(ctx(page), { orderId, uploadId: `seed-${page}-${orderId}`, scans: codes.map((c) => ({ barcode: c, locationId })) });
    await completeOrder(ctx(page), orderId);
  }

  for (const [d, dealer] of dealerRows.entries()) {
    const warehouseId = dealer.warehouseId!;
    const locationId = await locationOf(warehouseId);
    const pick = (k: number) => catalogue[(d * 5 + k) % catalogue.length].id;
    // Received earlier and partly sold.
    const received = await delivery(warehouseId, [{ materialId: pick(0), qty: 12 }, { materialId: pick(1), qty: 8 }, { materialId: pick(2), qty: 6 }], '恒峰轮胎销售公司');
    await receive('PRorder', received.id, received.codes, locationId);
    const sold = received.codes.slice(0, 5);
    const { id: saleId } = await saveOrder(ctx('WLorder'), {
      orderType: 'WL', warehouseId, counterparty: '城东汽修中心', lines: [{ materialId: pick(0), plannedQty: 5 }],
    });
    await uploadScans(ctx('WLorder'), { orderId: saleId, uploadId: `seed-WL-${saleId}`, scans: sold.map((c) => ({ barcode: c })) });
    await completeOrder(ctx('WLorder'), saleId);
    // Waiting to be received: the dealer scans these in the console.
    await delivery(warehouseId, [{ materialId: pick(0), qty: 6 }, { materialId: pick(3), qty: 4 }], '恒峰轮胎销售公司');
    await delivery(warehouseId, [{ materialId: pick(4), qty: 10 }], '恒峰轮胎销售公司');
  }

  if (central.length) {
    const warehouseId = central[0].id;
    const locationId = await locationOf(warehouseId);
    const lines = catalogue.slice(0, 8).map((m, k) => ({ materialId: m.id, qty: 10 + k * 3 }));
    const { id, codes } = await delivery(warehouseId, lines, '本厂生产线');
    await receive('PRorder', id, codes, locationId);
  }
}
