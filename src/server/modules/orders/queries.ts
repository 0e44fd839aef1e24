import { and, asc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { OrderLineRow, OrderRow, OrderScanRow, orderFilters } from '../../../shared/api/orders';
import { ORDER_PAGES, type OrderPage } from '../../../shared/orders/orderTypes';
import type { Db } from '../../db/client';
import { brands, dealers, materials, orderLines, orderScans, orders, storageLocations, users, warehouses } from '../../db/schema';
import { inScope, type DataScope } from '../../platform/dataScope';
import { onHandIn } from '../stock/ledger';

/** A row as the server holds it: timestamps are Dates until the answer serialises them. */
export type HeldOrder = Omit<OrderRow, 'createdAt' | 'completedAt'> & { createdAt: Date; completedAt: Date | null };

const target = alias(warehouses, 'target_warehouse');
const creator = alias(users, 'creator');

const columns = {
  id: orders.id, orderNo: orders.orderNo, orderType: orders.orderType, status: orders.status,
  uploadStatus: orders.uploadStatus, printStatus: orders.printStatus,
  dealerId: orders.dealerId, dealerCode: dealers.code, dealerName: dealers.name,
  warehouseId: orders.warehouseId, warehouseCode: warehouses.code, warehouseName: warehouses.name,
  targetWarehouseId: orders.targetWarehouseId, targetWarehouseCode: target.code, targetWarehouseName: target.name,
  counterparty: orders.counterparty, externalNo: orders.externalNo, remark: orders.remark, source: orders.source,
  plannedQty: sql<number>`(select coalesce(sum(l.planned_qty), 0)::int from order_lines l where l.order_id = ${orders.id})`,
  scannedQty: sql<number>`(select count(*)::int from order_scans s where s.order_id = ${orders.id})`,
  createdBy: creator.nickName, createdAt: orders.createdAt, completedAt: orders.completedAt, stocktakeId: orders.stocktakeId,
};

export const sortable: Record<string, PgColumn> = {
  orderNo: orders.orderNo, orderType: orders.orderType, status: orders.status, createdAt: orders.createdAt,
  completedAt: orders.completedAt, dealerName: dealers.name, warehouseName: warehouses.name,
};

/** Orders of one page's types within the caller's data scope. */
export function pageScope(page: OrderPage, scope: DataScope): SQL | undefined {
  return and(
    inArray(orders.orderType, [...ORDER_PAGES[page]]),
    inScope(orders.dealerId, scope.dealerIds),
    inScope(orders.warehouseId, scope.warehouseIds),
  );
}

export function filterWhere(f: z.infer<typeof orderFilters>): SQL | undefined {
  const keyword = f.keyword?.trim().replace(/[%_\\]/g, '\\$&');
  const nextDay = (d: string) => new Date(new Date(`${d}T00:00:00`).getTime() + 86_400_000);
  return and(
    keyword ? or(ilike(orders.orderNo, `%${keyword}%`), ilike(orders.externalNo, `%${keyword}%`), ilike(orders.counterparty, `%${keyword}%`)) : undefined,
    f.orderType ? eq(orders.orderType, f.orderType) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.uploadStatus ? eq(orders.uploadStatus, f.uploadStatus) : undefined,
    f.printStatus ? eq(orders.printStatus, f.printStatus) : undefined,
    f.dealerId ? eq(orders.dealerId, f.dealerId) : undefined,
    f.warehouseId ? eq(orders.warehouseId, f.warehouseId) : undefined,
    f.dateFrom ? gte(orders.createdAt, new Date(`${f.dateFrom}T00:00:00`)) : undefined,
    f.dateTo ? lt(orders.createdAt, nextDay(f.dateTo)) : undefined,
  );
}

export function listOrders(db: Db, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<HeldOrder[]> {
  return db.select(columns).from(orders)
    .leftJoin(dealers, eq(dealers.id, orders.dealerId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(target, eq(target.id, orders.targetWarehouseId))
    .leftJoin(creator, eq(creator.id, orders.createdBy))
    .where(where).orderBy(...order).limit(limit).offset(offset) as Promise<HeldOrder[]>;
}

export async function countOrders(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders)
    .leftJoin(dealers, eq(dealers.id, orders.dealerId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(where);
  return Number(row.n);
}

export async function orderLinesOf(db: Db, orderId: number, warehouseId: number): Promise<OrderLineRow[]> {
  const lines = await db.select({
    id: orderLines.id, materialId: orderLines.materialId, materialCode: materials.code, materialName: materials.name,
    brandName: brands.name, specification: materials.specification, pattern: materials.pattern,
    plannedQty: orderLines.plannedQty, scannedQty: orderLines.scannedQty, adjustKind: orderLines.adjustKind,
  }).from(orderLines)
    .innerJoin(materials, eq(materials.id, orderLines.materialId))
    .innerJoin(brands, eq(brands.id, materials.brandId))
    .where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const onHand = await onHandIn(db, warehouseId, lines.map((l) => l.materialId));
  return lines.map((l) => ({ ...l, adjustKind: l.adjustKind as OrderLineRow['adjustKind'], onHand: onHand.get(l.materialId) ?? 0 }));
}

export async function orderScansOf(db: Db, orderId: number): Promise<(Omit<OrderScanRow, 'scannedAt'> & { scannedAt: Date })[]> {
  const rows = await db.select({
    barcode: orderScans.barcode, materialId: orderScans.materialId, materialCode: materials.code, lineId: orderScans.lineId,
    locationId: orderScans.locationId, locationCode: storageLocations.code, adjustKind: orderScans.adjustKind,
    dotCode: sql<string | null>`(select b.dot_code from barcodes b where b.code = ${orderScans.barcode})`,
    scannedAt: orderScans.scannedAt, source: orderScans.source,
  }).from(orderScans)
    .innerJoin(materials, eq(materials.id, orderScans.materialId))
    .leftJoin(storageLocations, eq(storageLocations.id, orderScans.locationId))
    .where(eq(orderScans.orderId, orderId)).orderBy(asc(orderScans.id));
  return rows.map((r) => ({ ...r, adjustKind: r.adjustKind as OrderScanRow['adjustKind'] }));
}
