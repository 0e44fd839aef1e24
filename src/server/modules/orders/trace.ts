import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { barcodeTrace, traceBody, type BarcodeTrace } from '../../../shared/api/orders';
import { barcodes, brands, dealers, materials, orders, stockMoves, storageLocations, users, warehouses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { barcodeInScope, inScope } from '../../platform/dataScope';

/** Barcode trace: one tyre, where it is now and every move of it the caller may see. */
export function traceRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const moveWarehouse = alias(warehouses, 'move_warehouse');
  const moveLocation = alias(storageLocations, 'move_location');
  return [defineRoute({
    method: 'POST', url: '/orderManage/barcode/trace', tag: 'orders', permission: 'reportQuery:codeRetrospection', body: traceBody, answer: barcodeTrace,
    summary: 'One tyre and its moves, within the caller\'s data scope',
    handler: async ({ body, scope: dataScope }): Promise<BarcodeTrace> => {
      const scope = await dataScope();
      const [barcode] = await db.select({
        code: barcodes.code, status: barcodes.status, materialCode: materials.code, materialName: materials.name,
        specification: materials.specification, pattern: materials.pattern, brandName: brands.name, dotCode: barcodes.dotCode,
        batchCode: barcodes.batchCode, dealerName: dealers.name, warehouseName: warehouses.name, locationCode: storageLocations.code,
        inboundAt: barcodes.inboundAt, dealerId: barcodes.dealerId, warehouseId: barcodes.warehouseId,
      }).from(barcodes)
        .innerJoin(materials, eq(materials.id, barcodes.materialId)).innerJoin(brands, eq(brands.id, materials.brandId))
        .leftJoin(dealers, eq(dealers.id, barcodes.dealerId)).leftJoin(warehouses, eq(warehouses.id, barcodes.warehouseId))
        .leftJoin(storageLocations, eq(storageLocations.id, barcodes.locationId))
        .where(eq(barcodes.code, body.barcode));
      // The same rule as cancelling and exporting the trace: the tyre's dealer and warehouse.
      if (!barcode || !barcodeInScope(scope, barcode)) throw notFound();
      const { dealerId: _dealerId, warehouseId: _warehouseId, ...tyre } = barcode;
      const moves = await db.select({
        id: stockMoves.id, orderId: stockMoves.orderId, orderNo: orders.orderNo, orderType: stockMoves.orderType, qty: stockMoves.qty,
        warehouseName: moveWarehouse.name, locationCode: moveLocation.code, movedAt: stockMoves.movedAt, userName: users.nickName,
      }).from(stockMoves)
        .innerJoin(orders, eq(orders.id, stockMoves.orderId))
        .innerJoin(moveWarehouse, eq(moveWarehouse.id, stockMoves.warehouseId))
        .leftJoin(moveLocation, eq(moveLocation.id, stockMoves.locationId))
        .leftJoin(users, eq(users.id, stockMoves.userId))
        .where(and(eq(stockMoves.barcode, body.barcode), inScope(stockMoves.dealerId, scope.dealerIds), inScope(stockMoves.warehouseId, scope.warehouseIds)))
        .orderBy(asc(stockMoves.id));
      return { barcode: tyre, moves } as unknown as BarcodeTrace;
    },
  })];
}
