import { recordExchange } from '../monitoring/exchangeLog';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { noticeTitleOf } from '../../../shared/api/notices';
import type { OrderInput } from '../../../shared/api/orders';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import { isOpen, ORDER_PAGES, ORDER_STATUS, ORDER_TYPES, type OrderType } from '../../../shared/orders/orderTypes';
import type { Db } from '../../db/client';
import { barcodes, brands, deliveryNotices, materials, orderLines, orderScans, orders } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { NoticePayload } from '../../realtime/types';
import { recordAudit } from '../../platform/audit';
import { enqueueWebhooks } from '../integration/webhookEvents';
import { writableWarehouse } from '../basedata/warehousingShared';
import { assertOpen, loadOrder, type OrderCtx } from './orderContext';
import { newOrderNo } from './orderNumbers';
import { pageScope } from './queries';

const actor = (ctx: OrderCtx) => ({ id: ctx.user.id, userName: ctx.user.userName, ip: ctx.ip });

/** Checks a header and its lines; answers the order's dealer (its warehouse's owner). */
async function checkInput(ctx: OrderCtx, input: OrderInput): Promise<{ dealerId: number | null }> {
  if (!(ORDER_PAGES[ctx.page] as readonly OrderType[]).includes(input.orderType)) throw badRequest('orderTypeNotOnPage', 'orderType');
  const effect = ORDER_TYPES[input.orderType].effect;
  const source = await writableWarehouse(ctx, input.warehouseId);
  if (input.dealerId != null && input.dealerId !== source.dealerId) throw badRequest('notOfDealer', 'warehouseId');
  if (effect === 'transfer') {
    if (!input.targetWarehouseId || input.targetWarehouseId === input.warehouseId) throw badRequest('targetWarehouseRequired', 'targetWarehouseId');
    await writableWarehouse(ctx, input.targetWarehouseId, 'targetWarehouseId');
  } else if (input.targetWarehouseId) {
    throw badRequest('invalidValue', 'targetWarehouseId');
  }
  if (effect !== 'count' && !input.lines.length) throw badRequest('orderLinesRequired', 'lines');
  if (effect === 'count' && input.lines.length) throw badRequest('invalidValue', 'lines');
  const keys = input.lines.map((l) => `${l.materialId}|${effect === 'adjust' ? l.adjustKind : ''}`);
  if (new Set(keys).size !== keys.length) throw badRequest('orderLineDuplicate', 'lines');
  if (effect === 'adjust' && input.lines.some((l) => !l.adjustKind)) throw badRequest('adjustKindRequired', 'lines');
  const materialIds = [...new Set(input.lines.map((l) => l.materialId))];
  if (materialIds.length) {
    const known = await ctx.db.select({ id: materials.id }).from(materials).where(inArray(materials.id, materialIds));
    if (known.length !== materialIds.length) throw badRequest('invalidValue', 'lines');
  }
  if (input.shipped?.length) {
    // Shipped serials come with the maker's delivery, never from the dealer receiving it.
    if (effect !== 'receive' || ctx.user.dealerId != null) throw badRequest('shippedNotAllowed', 'shipped');
    const onLines = new Set(materialIds);
    const wrong = input.shipped.find((s) => !onLines.has(s.materialId));
    if (wrong) throw badRequest('barcodeWrongMaterial', 'shipped', { barcode: wrong.barcode, material: String(wrong.materialId) });
  }
  return { dealerId: source.dealerId };
}

/**
 * Creates an order; a delivery to a dealer registers its shipped tyres and tells the dealer.
 * `source`: where it came from (dictionary source: WEB, or ERP for a delivery note).
 */
export async function saveOrder(ctx: OrderCtx, input: OrderInput, source: 'WEB' | 'ERP' = 'WEB'): Promise<{ id: number; dealerId: number | null; notice: NoticePayload | null }> {
  const { dealerId } = await checkInput(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const { id, orderNo } = await newOrderNo(tx, input.orderType);
    await tx.insert(orders).values({
      id, orderNo, orderType: input.orderType, dealerId, warehouseId: input.warehouseId, targetWarehouseId: input.targetWarehouseId ?? null,
      counterparty: input.counterparty ?? null, externalNo: input.externalNo ?? null, remark: input.remark ?? null,
      source, createdBy: ctx.user.id,
    });
    if (input.lines.length) {
      await tx.insert(orderLines).values(input.lines.map((l) => ({ orderId: id, materialId: l.materialId, plannedQty: l.plannedQty, adjustKind: l.adjustKind ?? null })));
    }
    if (input.shipped?.length) await registerShipped(tx, dealerId, input.shipped);
    await recordAudit(tx, actor(ctx), { action: 'create', entity: 'order', entityId: id, after: { ...input, orderNo, shipped: input.shipped?.length } });
    const delivery = ORDER_TYPES[input.orderType].effect === 'receive' && dealerId != null && ctx.user.dealerId !== dealerId;
    return { id, dealerId, notice: delivery ? await createNotice(tx, id, orderNo, input.orderType, dealerId) : null };
  });
}

async function registerShipped(tx: Db, dealerId: number | null, shipped: NonNullable<OrderInput['shipped']>) {
  const codes = shipped.map((s) => s.barcode);
  if (new Set(codes).size !== codes.length) throw badRequest('orderLineDuplicate', 'shipped');
  for (let i = 0; i < codes.length; i += 1000) {
    const [taken] = await tx.select({ code: barcodes.code }).from(barcodes).where(inArray(barcodes.code, codes.slice(i, i + 1000))).limit(1);
    if (taken) throw conflict('barcodeExists', 'shipped', { barcode: taken.code });
  }
  for (let i = 0; i < shipped.length; i += 1000) {
    await tx.insert(barcodes).values(shipped.slice(i, i + 1000).map((s) => ({
      code: s.barcode, materialId: s.materialId, dotCode: s.dotCode ?? null, batchCode: s.batchCode ?? null, status: 'pending', dealerId,
    })));
  }
}

/** The dealer's new-delivery message (infDeliveryOrderNotice), written with the order. */
async function createNotice(tx: Db, orderId: number, orderNo: string, orderType: OrderType, dealerId: number): Promise<NoticePayload> {
  const items = await tx.select({
    brand: brands.name, specification: materials.specification, pattern: materials.pattern, quantity: orderLines.plannedQty,
  }).from(orderLines).innerJoin(materials, eq(materials.id, orderLines.materialId)).innerJoin(brands, eq(brands.id, materials.brandId))
    .where(eq(orderLines.orderId, orderId));
  const orderItemList = items.map((i) => ({ ...i, batch: null }));
  // Stored in the default language; every answer titles it again in the reader's.
  const noticeTitle = noticeTitleOf(DEFAULT_LANGUAGE, orderType, orderNo, orderItemList);
  const [row] = await tx.insert(deliveryNotices).values({ dealerId, orderId, orderType, noticeTitle, items: orderItemList })
    .returning({ id: deliveryNotices.id, createdAt: deliveryNotices.createdAt });
  return { id: row.id, orderId, orderNo, orderType, noticeTitle, orderItemList, createdAt: row.createdAt.toISOString() };
}

/** Changes an open order's header and lines; a line cannot drop below what was scanned on it. */
export async function updateOrder(ctx: OrderCtx, id: number, input: OrderInput): Promise<void> {
  const { dealerId } = await checkInput(ctx, input);
  if (input.shipped?.length) throw badRequest('shippedNotAllowed', 'shipped');
  await ctx.db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertOpen(order);
    if (input.orderType !== order.orderType || input.warehouseId !== order.warehouseId) {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderScans).where(eq(orderScans.orderId, id));
      if (Number(n) > 0) throw conflict('orderHasScans', 'warehouseId');
    }
    const held = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    const keyOf = (l: { materialId: number; adjustKind?: string | null }) => `${l.materialId}|${l.adjustKind ?? ''}`;
    const wanted = new Map(input.lines.map((l) => [keyOf(l), l]));
    for (const line of held) {
      const next = wanted.get(keyOf(line));
      if (line.scannedQty > (next?.plannedQty ?? 0)) throw conflict('orderLineBelowScanned', 'lines', { scanned: line.scannedQty });
      if (next) await tx.update(orderLines).set({ plannedQty: next.plannedQty }).where(eq(orderLines.id, line.id));
      else await tx.delete(orderLines).where(eq(orderLines.id, line.id));
      wanted.delete(keyOf(line));
    }
    if (wanted.size) {
      await tx.insert(orderLines).values([...wanted.values()].map((l) => ({ orderId: id, materialId: l.materialId, plannedQty: l.plannedQty, adjustKind: l.adjustKind ?? null })));
    }
    await tx.update(orders).set({
      orderType: input.orderType, dealerId, warehouseId: input.warehouseId, targetWarehouseId: input.targetWarehouseId ?? null,
      counterparty: input.counterparty ?? null, externalNo: input.externalNo ?? null, remark: input.remark ?? null,
    }).where(eq(orders.id, id));
    await recordAudit(tx, actor(ctx), { action: 'update', entity: 'order', entityId: id, before: order, after: input });
  });
}

/** Deletes orders nobody has scanned on yet; anything else is cancelled instead, so its trail stays. */
export async function deleteOrders(ctx: OrderCtx, requested: number[]): Promise<number> {
  const ids = [...new Set(requested)];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select({ id: orders.id, status: orders.status, orderNo: orders.orderNo }).from(orders)
      .where(and(inArray(orders.id, ids), pageScope(ctx.page, ctx.scope))).for('update');
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => !isOpen(r.status))) throw conflict('orderNotOpen');
    if (rows.some((r) => r.status !== ORDER_STATUS.created)) throw conflict('orderHasScans');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderScans).where(inArray(orderScans.orderId, ids));
    if (Number(n) > 0) throw conflict('orderHasScans');
    await tx.delete(orders).where(inArray(orders.id, ids));
    await recordAudit(tx, actor(ctx), rows.map((r) => ({ action: 'delete', entity: 'order', entityId: r.id, before: r })));
    return rows.length;
  });
}

export async function cancelOrder(ctx: OrderCtx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, id, true);
    assertOpen(order);
    await tx.update(orders).set({ status: ORDER_STATUS.cancelled }).where(eq(orders.id, id));
    await recordAudit(tx, actor(ctx), { action: 'cancel', entity: 'order', entityId: id, before: { status: order.status } });
    await enqueueWebhooks(tx, 'order.cancelled', [{ dealerId: order.dealerId, ref: `order:${id}`, payload: { orderId: id } }]);
  });
}

/** Print and upload flags: printing any order but a cancelled one; uploading completed orders only. */
export async function markOrders(ctx: OrderCtx, requested: number[], flag: 'print' | 'upload'): Promise<number> {
  const ids = [...new Set(requested)]; // a repeated id marks its order once, not a 404
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select({ id: orders.id, status: orders.status, orderNo: orders.orderNo, dealerId: orders.dealerId, warehouseId: orders.warehouseId }).from(orders)
      .where(and(inArray(orders.id, ids), pageScope(ctx.page, ctx.scope))).for('update');
    if (rows.length !== ids.length) throw notFound();
    if (flag === 'upload' && rows.some((r) => r.status !== ORDER_STATUS.completed)) throw conflict('orderNotCompleted');
    if (flag === 'print' && rows.some((r) => r.status === ORDER_STATUS.cancelled)) throw conflict('orderNotOpen');
    await tx.update(orders).set(flag === 'print' ? { printStatus: '1' } : { uploadStatus: '1' }).where(inArray(orders.id, ids));
    await recordAudit(tx, actor(ctx), { action: flag === 'print' ? 'print' : 'upload', entity: 'order', after: { ids } });
    // An upload to the ERP is an exchange the upload monitor lists.
    if (flag === 'upload') {
      for (const r of rows) {
        await recordExchange(tx, { system: 'ERP', kind: 'orderUpload', dealerId: r.dealerId, warehouseId: r.warehouseId, ref: r.orderNo, ok: true, userName: ctx.user.userName });
      }
    }
    return rows.length;
  });
}

