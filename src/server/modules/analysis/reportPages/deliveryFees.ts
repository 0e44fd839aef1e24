import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { DELIVERY_FEE_PERM, deliveryFeeFilters, deliveryFeeInput, type DeliveryFeeRow } from '../../../../shared/analytics/reports/movements';
import { dealers, deliveryFees, orders } from '../../../db/schema';
import { crudRoutes, type CrudContext } from '../../../http/crud';
import { badRequest } from '../../../http/errors';
import type { RouteDef } from '../../../http/route';
import type { Services } from '../../../services';
import type { SheetColumn } from '../../../http/xlsx';
import { allows, inScope } from '../../../platform/dataScope';

type Input = z.infer<typeof deliveryFeeInput>;
const like = (column: PgColumn, text: string) => ilike(column, `%${text.replace(/[%_\\]/g, '\\$&')}%`);

/** reportQuery › psfByDelivery: the delivery fee of each delivery order, typed or imported from xlsx. */
export function deliveryFeeRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const columns = {
    id: deliveryFees.id, orderNo: deliveryFees.orderNo, orderType: orders.orderType, dealerId: deliveryFees.dealerId, dealerName: dealers.name,
    carrier: deliveryFees.carrier, fee: deliveryFees.fee, deliveredOn: deliveryFees.deliveredOn, remark: deliveryFees.remark, createdAt: deliveryFees.createdAt,
  };
  const sheetColumns: SheetColumn<DeliveryFeeRow>[] = [
    { key: 'orderNo', header: { 'zh-CN': '单号', 'en-US': 'Order no' }, width: 22, value: (r) => r.orderNo },
    { key: 'carrier', header: { 'zh-CN': '承运商', 'en-US': 'Carrier' }, width: 22, value: (r) => r.carrier },
    { key: 'fee', header: { 'zh-CN': '配送费', 'en-US': 'Fee' }, width: 12, value: (r) => Number(r.fee) },
    { key: 'deliveredOn', header: { 'zh-CN': '配送日期', 'en-US': 'Delivered on' }, width: 14, value: (r) => r.deliveredOn },
    { key: 'remark', header: { 'zh-CN': '备注', 'en-US': 'Remark' }, width: 30, value: (r) => r.remark },
  ];
  const scope = (ctx: CrudContext) => inScope(deliveryFees.dealerId, ctx.scope.dealerIds);
  const list = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number) =>
    db.select(columns).from(deliveryFees).leftJoin(orders, eq(orders.orderNo, deliveryFees.orderNo)).leftJoin(dealers, eq(dealers.id, deliveryFees.dealerId))
      .where(where).orderBy(...order).limit(limit).offset(offset)
      // Answered as JSON says a moment (the row's type): the same text the Date gave.
      .then((rows): DeliveryFeeRow[] => rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));

  return crudRoutes<DeliveryFeeRow, Input, typeof deliveryFeeFilters>(services, {
    base: '/reportQuery/psfByDelivery', tag: 'deliveryFee', pagePerm: DELIVERY_FEE_PERM, entity: 'deliveryFee',
    title: { 'zh-CN': '配送费', 'en-US': 'Delivery fees' },
    table: deliveryFees, id: deliveryFees.id,
    filters: deliveryFeeFilters, input: deliveryFeeInput,
    where: (f, ctx) => and(
      f.keyword ? or(like(deliveryFees.orderNo, f.keyword), like(deliveryFees.carrier, f.keyword)) : undefined,
      f.dealerId ? eq(deliveryFees.dealerId, f.dealerId) : undefined,
      f.dateFrom ? gte(deliveryFees.deliveredOn, f.dateFrom) : undefined,
      f.dateTo ? lte(deliveryFees.deliveredOn, f.dateTo) : undefined,
      scope(ctx),
    ),
    list: (_ctx, where, order, limit, offset) => list(where, order, limit, offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(deliveryFees).where(where))[0].n,
    load: async (ctx, id) => (await list(and(eq(deliveryFees.id, id), scope(ctx)), [deliveryFees.id], 1, 0))[0],
    sortable: { orderNo: deliveryFees.orderNo, carrier: deliveryFees.carrier, fee: deliveryFees.fee, deliveredOn: deliveryFees.deliveredOn, createdAt: deliveryFees.createdAt },
    defaultOrder: desc(deliveryFees.id),
    unique: [{ field: 'orderNo', column: deliveryFees.orderNo }],
    // The fee belongs to the order's dealer; an order outside the caller's scope is as good as unknown.
    toValues: async (input, ctx) => {
      const [order] = await db.select({ dealerId: orders.dealerId }).from(orders).where(eq(orders.orderNo, input.orderNo));
      if (!order || !allows(ctx.scope.dealerIds, order.dealerId)) throw badRequest('orderNoUnknown', 'orderNo', { orderNo: input.orderNo });
      return {
        orderNo: input.orderNo, dealerId: order.dealerId, carrier: input.carrier, fee: input.fee.toFixed(2),
        deliveredOn: input.deliveredOn, remark: input.remark ?? null,
      };
    },
    // A date cell arrives as an ISO moment; the day is its first ten characters.
    fromSheet: (v) => ({ orderNo: v.orderNo, carrier: v.carrier, fee: v.fee, deliveredOn: (v.deliveredOn ?? '').slice(0, 10), remark: v.remark || null }),
    columns: [...sheetColumns, { key: 'dealerName', header: { 'zh-CN': '经销商', 'en-US': 'Dealer' }, width: 24, value: (r) => r.dealerName }],
    importColumns: sheetColumns,
  });
}
