import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { feeBreakdown, type FeeDetail, type Trip, type TripPush } from '../../../shared/api/dispatch';
import type { Language } from '../../../shared/i18n/languages';
import { ACTION_LABELS, BUSY_STATUSES, deliveryFee, isLate, STATUS_LABELS, type CarRequestStatus, type DispatchAction } from '../../../shared/logistics/dispatch';
import { queryRows, type Db } from '../../db/client';
import {
  carRequestEvents, carRequests, carRequestStops, laborFactors, logisticsRoutes, orders, transitPoints, users, vehicles, warehouseCoefficients, warehouses,
} from '../../db/schema';
import { allows, type DataScope } from '../../platform/dataScope';
import { conflict, notFound } from '../../http/errors';

/** 409: the request's status does not allow the move, both named in the caller's language. */
export const refuseMove = (lang: Language, status: CarRequestStatus, action: DispatchAction | 'stop') =>
  conflict('carRequestTransition', undefined, { status: STATUS_LABELS[status]?.label[lang] ?? status, action: ACTION_LABELS[action][lang] });

export type CarRequest = typeof carRequests.$inferSelect;

/** A request the caller may see (its origin warehouse in scope), locked for update when `forUpdate`; 404 otherwise. */
export async function loadRequest(db: Db, id: number, scope: DataScope, forUpdate = false): Promise<CarRequest> {
  const q = db.select().from(carRequests).where(eq(carRequests.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row || !allows(scope.warehouseIds, row.warehouseId) || !allows(scope.dealerIds, row.dealerId)) throw notFound();
  return row;
}

/** Records a change of status (or a stop) in the request's history. */
export async function recordEvent(tx: Db, requestId: number, action: string, from: string | null, to: CarRequestStatus, userName: string | null, note?: string | null) {
  await tx.insert(carRequestEvents).values({ requestId, action, fromStatus: from, toStatus: to, userName, note: note ?? null });
}

/**
 * A trip's fee from the database: its route distance, tyres, the labour company's normal-status
 * work types and the origin warehouse's coefficient (shared/logistics/dispatch.ts deliveryFee).
 */
export async function feeOf(db: Db, request: Pick<CarRequest, 'warehouseId' | 'tyres' | 'laborCompany' | 'distanceKm'>, perKm: number): Promise<FeeDetail> {
  const handling = request.laborCompany
    ? (await db.select({ workType: laborFactors.workType, unitFee: laborFactors.unitFee, factor: laborFactors.factor }).from(laborFactors)
      .where(and(eq(laborFactors.companyName, request.laborCompany), eq(laborFactors.status, 'normal'))).orderBy(asc(laborFactors.workType)))
      .map((h) => ({ workType: h.workType, unitFee: Number(h.unitFee), factor: Number(h.factor) }))
    : [];
  const [coefficient] = await db.select({ c: warehouseCoefficients.coefficient }).from(warehouseCoefficients).where(eq(warehouseCoefficients.warehouseId, request.warehouseId));
  const distanceKm = request.distanceKm ?? 0;
  const fee = deliveryFee({ distanceKm, tyres: request.tyres, perKm, handling, coefficient: coefficient ? Number(coefficient.c) : null });
  return { distanceKm, perKm, tyres: request.tyres, handling, ...fee };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A trip as the console shows it: the request, its vehicle, route, orders, stops (late marked) and history. */
export async function tripOf(db: Db, request: CarRequest, now = new Date()): Promise<Trip> {
  const [names] = await queryRows<{ dealerName: string | null; warehouseName: string; plateNo: string | null; routeName: string | null }>(db, sql`
    select (select d.name from dealers d where d.id = ${request.dealerId}) as "dealerName",
      (select w.name from warehouses w where w.id = ${request.warehouseId}) as "warehouseName",
      (select v.plate_no from vehicles v where v.id = ${request.vehicleId}) as "plateNo",
      (select r.code || ' ' || r.name from logistics_routes r where r.id = ${request.routeId}) as "routeName"`);
  const orderRows = request.orderIds.length
    ? await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, request.orderIds)) : [];
  const stops = await db.select({
    seq: carRequestStops.seq, pointId: carRequestStops.pointId, pointCode: transitPoints.code, pointName: transitPoints.name,
    plannedAt: carRequestStops.plannedAt, arrivedAt: carRequestStops.arrivedAt, source: carRequestStops.source, reportedBy: carRequestStops.reportedBy,
  }).from(carRequestStops).innerJoin(transitPoints, eq(transitPoints.id, carRequestStops.pointId))
    .where(eq(carRequestStops.requestId, request.id)).orderBy(asc(carRequestStops.seq));
  const events = await db.select().from(carRequestEvents).where(eq(carRequestEvents.requestId, request.id)).orderBy(asc(carRequestEvents.at), asc(carRequestEvents.id));
  // The request itself opens the history (its edits are in the audit trail).
  const [creator] = request.createdBy ? await db.select({ userName: users.userName }).from(users).where(eq(users.id, request.createdBy)) : [];
  const created = { action: 'create', fromStatus: null, toStatus: 'requested', note: null, userName: creator?.userName ?? null, at: request.createdAt.toISOString() };
  // Overdue stops count as late only while the trip is still running.
  const running = BUSY_STATUSES.includes(request.status);
  return {
    id: request.id, requestNo: request.requestNo, status: request.status,
    dealerId: request.dealerId, dealerName: names.dealerName, warehouseName: names.warehouseName,
    plateNo: names.plateNo, driverName: request.driverName, driverPhone: request.driverPhone, routeName: names.routeName,
    distanceKm: request.distanceKm, tyres: request.tyres, weightTons: request.weightTons,
    plannedStart: iso(request.plannedStart), departedAt: iso(request.departedAt), deliveredAt: iso(request.deliveredAt),
    orderNos: request.orderIds.map((oid) => orderRows.find((o) => o.id === oid)?.orderNo ?? String(oid)),
    fee: request.fee, feeDetail: request.feeDetail ? feeBreakdown.parse(JSON.parse(request.feeDetail)) : null,
    stops: stops.map((s) => ({
      ...s, plannedAt: s.plannedAt.toISOString(), arrivedAt: iso(s.arrivedAt),
      late: s.arrivedAt ? isLate(s.plannedAt, s.arrivedAt, now) : running && isLate(s.plannedAt, null, now),
    })),
    events: [created, ...events.map((e) => ({ action: e.action, fromStatus: e.fromStatus, toStatus: e.toStatus, note: e.note, userName: e.userName, at: e.at.toISOString() }))],
  };
}

export const pushOf = (r: CarRequest): TripPush => ({ id: r.id, requestNo: r.requestNo, status: r.status, dealerId: r.dealerId, warehouseId: r.warehouseId });

/** The vehicle and route an assignment names, with what the checks need. */
export async function assignmentParts(db: Db, vehicleId: number, routeId: number) {
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
  const [route] = await db.select().from(logisticsRoutes).where(eq(logisticsRoutes.id, routeId));
  return { vehicle, route };
}

/** The origin warehouse's dealer: a request belongs to the dealer whose warehouse ships. */
export async function dealerOfWarehouse(db: Db, warehouseId: number): Promise<number | null> {
  const [w] = await db.select({ dealerId: warehouses.dealerId }).from(warehouses).where(eq(warehouses.id, warehouseId));
  return w?.dealerId ?? null;
}
