import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import {
  assignBody, assignOptionsAnswer, CAR_REQUEST_API, moveAnswer, moveBody, stopBody, tripAnswer, type AssignOptions,
} from '../../../shared/api/dispatch';
import {
  BUSY_STATUSES, canMove, EDITABLE_STATUSES, plannedArrivals, TRANSITIONS, type DispatchAction,
} from '../../../shared/logistics/dispatch';
import { pageAt } from '../../../shared/pages';
import { queryRows, type Db } from '../../db/client';
import { carRequests, carRequestStops, laborFactors, logisticsRoutes, orders, vehicleBlacklist } from '../../db/schema';
import { isUniqueViolation } from '../../db/pgErrors';
import { badRequest, conflict } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import { inForce } from './config';
import { defineRoute, type RouteContext, type RouteDef } from '../../http/route';
import { recordAudit } from '../../platform/audit';
import type { Services } from '../../services';
import { dayOf } from '../stock/ledger';
import { reportStop } from './stops';
import { assignmentParts, dealerOfWarehouse, feeOf, loadRequest, pushOf, recordEvent, refuseMove, tripOf, type CarRequest } from './trips';

const REQUEST_ROUTE = '/ordermanage/logistics/carrequest';
const perm = (page: string) => pageAt(`/ordermanage/logistics/${page}`).perm;
const REQUEST = perm('carrequest');
const DISPATCH = perm('carmanagement');
const FOLLOW = perm('carroutefollowing');

/**
 * Ordermanage › Logistics: car requests (a manifest list: src/shared/pages/logistics.ts) and
 * the dispatch moves on them — assign, load, depart, deliver, close, cancel — each checked
 * against shared/logistics/dispatch.ts, recorded in the request's history and the audit trail,
 * and pushed to open consoles.
 */
export function carRequestRoutes(services: Services): RouteDef[] {
  const { db, config } = services;

  /** The orders a request names: of its warehouse, and on no other open request. */
  async function checkOrders(values: Record<string, unknown>, editingId?: number) {
    const ids = Array.isArray(values.orderIds) ? values.orderIds.map(Number) : [];
    const found = await db.select({ id: orders.id, orderNo: orders.orderNo, warehouseId: orders.warehouseId }).from(orders).where(inArray(orders.id, ids));
    const stray = found.find((o) => o.warehouseId !== values.warehouseId);
    if (stray) throw badRequest('orderNotFromWarehouse', 'orderIds', { orderNo: stray.orderNo });
    const [taken] = await queryRows<{ requestNo: string; orderId: number }>(db, sql`
      select r.request_no as "requestNo", o.id as "orderId" from car_requests r cross join lateral unnest(r.order_ids) as o(id)
      where o.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and r.status <> 'cancelled' ${editingId ? sql`and r.id <> ${editingId}` : sql``} limit 1`);
    if (taken) throw conflict('orderOnOtherRequest', 'orderIds', { orderNo: found.find((o) => o.id === Number(taken.orderId))?.orderNo ?? '', requestNo: taken.requestNo });
  }

  const crud = pageCrudRoutes(services, REQUEST_ROUTE, carRequests, {
    entity: 'car_request',
    // Dispatchers and route followers read the same list (dispatchers export it too); only requesters write it.
    readBy: [{ code: DISPATCH, export: true }, { code: FOLLOW }],
    // Checked again in the write: a dispatcher may assign the request between the check and it.
    writableWhen: { where: sql`${carRequests.status} in ('requested', 'cancelled')`, refusal: 'carRequestLocked' },
    check: async (values, ctx, editingId) => {
      if (editingId) {
        const before = await loadRequest(db, editingId, ctx.scope);
        if (!EDITABLE_STATUSES.includes(before.status)) throw conflict('carRequestLocked');
      }
      await checkOrders(values, editingId);
      const dealerId = await dealerOfWarehouse(db, Number(values.warehouseId));
      if (editingId) return { dealerId };
      // The number comes from the id the row will take: unique without a retry.
      const [{ id }] = await queryRows<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('car_requests', 'id'))::int as id`);
      return { id: Number(id), requestNo: `CR${dayOf(new Date()).replaceAll('-', '')}${String(id).padStart(6, '0')}`, dealerId, createdBy: ctx.user.id };
    },
    inUse: async (_ctx, ids) => {
      const [locked] = await db.select({ id: carRequests.id }).from(carRequests)
        .where(and(inArray(carRequests.id, ids), notInArray(carRequests.status, ['requested', 'cancelled']))).limit(1);
      return locked ? 'carRequestLocked' : null;
    },
  });

  /** Runs a move in one transaction on the locked request, records it, and pushes the trip. */
  async function move(
    rc: Pick<RouteContext<unknown>, 'user' | 'lang' | 'scope' | 'req'>,
    id: number, action: DispatchAction, note: string | null | undefined,
    apply?: (tx: Db, request: CarRequest) => Promise<Partial<CarRequest>>,
  ) {
    const scope = await rc.scope();
    const after = await db.transaction(async (tx) => {
      const request = await loadRequest(tx, id, scope, true);
      if (!canMove(request.status, action)) throw refuseMove(rc.lang, request.status, action);
      const to = TRANSITIONS[action].to;
      const changes = { ...(await apply?.(tx, request)), status: to };
      const [updated] = await tx.update(carRequests).set(changes).where(eq(carRequests.id, id)).returning();
      await recordEvent(tx, id, action, request.status, to, rc.user.userName, note);
      await recordAudit(tx, { id: rc.user.id, userName: rc.user.userName, ip: rc.req.ip }, {
        action, entity: 'car_request', entityId: id, before: { status: request.status }, after: changes,
      });
      return updated;
    });
    services.realtime.tripChanged(pushOf(after));
    return { id: after.id, status: after.status };
  }

  const assign = defineRoute({
    method: 'POST', url: `${CAR_REQUEST_API}/assign`, tag: 'carrequest', permission: `${DISPATCH}:assign`, body: assignBody, answer: moveAnswer,
    summary: 'Assign a vehicle, driver and route to a requested car request: refused for a blacklisted vehicle or driver (with the reason), a vehicle on another trip, or a load over its capacity; makes the stops',
    handler: async (rc) => {
      const b = rc.body;
      const { vehicle, route } = await assignmentParts(db, b.vehicleId, b.routeId);
      if (!vehicle) throw badRequest('invalidValue', 'vehicleId');
      if (!route) throw badRequest('invalidValue', 'routeId');
      if (vehicle.status !== 'normal') throw conflict('vehicleDisabled', 'vehicleId', { plate: vehicle.plateNo });
      const driverPhone = b.driverPhone ?? null;
      // A driver is known by phone: the one named, else the vehicle's own.
      const phone = driverPhone ?? vehicle.driverPhone;
      const [blocked] = await db.select().from(vehicleBlacklist)
        .where(and(inForce(), phone ? sql`(${vehicleBlacklist.plateNo} = ${vehicle.plateNo} or ${vehicleBlacklist.driverPhone} = ${phone})` : eq(vehicleBlacklist.plateNo, vehicle.plateNo)))
        .orderBy(sql`${vehicleBlacklist.plateNo} = ${vehicle.plateNo} desc`).limit(1);
      if (blocked?.plateNo === vehicle.plateNo) throw conflict('vehicleBlacklisted', 'vehicleId', { plate: vehicle.plateNo, reason: blocked.reason });
      if (blocked) throw conflict('driverBlacklisted', 'driverPhone', { driver: `${b.driverName} ${phone}`, reason: blocked.reason });
      const start = new Date(b.plannedStart);
      try {
        return await move(rc, b.id, 'assign', null, async (tx, request) => {
          const [busy] = await tx.select({ requestNo: carRequests.requestNo }).from(carRequests)
            .where(and(eq(carRequests.vehicleId, vehicle.id), inArray(carRequests.status, [...BUSY_STATUSES]), ne(carRequests.id, request.id))).limit(1);
          if (busy) throw conflict('vehicleBusy', 'vehicleId', { plate: vehicle.plateNo, requestNo: busy.requestNo });
          const capacity = vehicle.capacityTons === null ? null : Number(vehicle.capacityTons);
          if (capacity !== null && request.weightTons !== null && request.weightTons > capacity) {
            throw conflict('overCapacity', 'vehicleId', { weight: request.weightTons, capacity });
          }
          const arrivals = plannedArrivals(start, request.destinationIds.length, route.hours === null ? null : Number(route.hours), route.distanceKm);
          await tx.delete(carRequestStops).where(eq(carRequestStops.requestId, request.id));
          await tx.insert(carRequestStops).values(request.destinationIds.map((pointId, i) => ({ requestId: request.id, seq: i + 1, pointId, plannedAt: arrivals[i] })));
          const planned = { ...request, laborCompany: b.laborCompany ?? null, distanceKm: route.distanceKm };
          const fee = await feeOf(tx, planned, config.DELIVERY_FEE_PER_KM);
          return {
            vehicleId: vehicle.id, driverName: b.driverName, driverPhone, routeId: route.id, plannedStart: start, laborCompany: b.laborCompany ?? null,
            distanceKm: route.distanceKm, assignedAt: new Date(), fee: fee.fee, feeDetail: JSON.stringify(fee),
          };
        });
      } catch (err) {
        // Two dispatchers giving the same vehicle at once: the partial unique index refuses the second.
        if (isUniqueViolation(err, 'car_requests_vehicle_busy_idx')) throw conflict('vehicleBusy', 'vehicleId', { plate: vehicle.plateNo, requestNo: '-' });
        throw err;
      }
    },
  });

  const simpleMoves: { action: Exclude<DispatchAction, 'assign'>; summary: string; apply?: (tx: Db, r: CarRequest) => Promise<Partial<CarRequest>> }[] = [
    { action: 'load', summary: 'The assigned vehicle starts loading' },
    { action: 'depart', summary: 'The loaded vehicle leaves its warehouse', apply: async () => ({ departedAt: new Date() }) },
    { action: 'deliver', summary: 'The trip is delivered (also set by reporting its last stop)', apply: async () => ({ deliveredAt: new Date() }) },
    {
      action: 'close', summary: 'Close a delivered trip: its fee is worked out again from today\'s factors and kept',
      apply: async (tx, r) => {
        const fee = await feeOf(tx, r, config.DELIVERY_FEE_PER_KM);
        return { closedAt: new Date(), fee: fee.fee, feeDetail: JSON.stringify(fee) };
      },
    },
    { action: 'cancel', summary: 'Cancel a request before its vehicle leaves; its orders may go on another request' },
  ];
  const moves = simpleMoves.map((m) => defineRoute({
    method: 'POST', url: `${CAR_REQUEST_API}/${m.action}`, tag: 'carrequest',
    // The requester may cancel its own request too.
    permission: m.action === 'cancel' ? [`${DISPATCH}:cancel`, `${REQUEST}:cancel`] : `${DISPATCH}:${m.action}`,
    body: moveBody, answer: moveAnswer, summary: m.summary,
    handler: (rc) => move(rc, rc.body.id, m.action, rc.body.note, m.apply),
  }));

  const trip = defineRoute({
    method: 'POST', url: `${CAR_REQUEST_API}/trip`, tag: 'carrequest', permission: [REQUEST, DISPATCH, FOLLOW], body: moveBody.pick({ id: true }), answer: tripAnswer,
    summary: 'A request with its trip: vehicle, driver, route, orders, stops with planned and reported times (late ones marked), fee and history',
    handler: async (rc) => tripOf(db, await loadRequest(db, rc.body.id, await rc.scope())),
  });

  const stop = defineRoute({
    method: 'POST', url: `${CAR_REQUEST_API}/stop`, tag: 'carrequest', permission: `${FOLLOW}:report`, body: stopBody, answer: moveAnswer,
    summary: 'Report a stop of a trip on the way as reached (now, or at the time given); the last stop delivers the trip',
    handler: async (rc) => {
      const request = await loadRequest(db, rc.body.id, await rc.scope());
      return reportStop(services, rc.lang, request.id, rc.body.seq, rc.body.arrivedAt ? new Date(rc.body.arrivedAt) : new Date(), { source: 'console', by: rc.user.userName });
    },
  });

  const assignOptions = defineRoute({
    method: 'POST', url: `${CAR_REQUEST_API}/assignOptions`, tag: 'carrequest', permission: `${DISPATCH}:assign`, answer: assignOptionsAnswer,
    summary: 'What the assign form chooses from: vehicles (with their driver, capacity, a blacklist reason in force and the trip holding them), routes and labour companies',
    handler: async () => {
      const vehicleRows = await queryRows<AssignOptions['vehicles'][number]>(db, sql`
        select v.id, v.plate_no as "plateNo", v.vehicle_type as "vehicleType", v.capacity_tons::float8 as "capacityTons", v.driver_name as "driverName",
          v.driver_phone as "driverPhone", v.status,
          (select b.reason from vehicle_blacklist b where b.plate_no = v.plate_no
            and (b.blocked_until is null or b.blocked_until >= ${dayOf(new Date())}) limit 1) as blacklisted,
          (select r.request_no from car_requests r where r.vehicle_id = v.id and r.status in (${sql.join(BUSY_STATUSES.map((s) => sql`${s}`), sql`, `)}) limit 1) as "busyWith"
        from vehicles v order by v.status = 'normal' desc, v.plate_no`);
      const routeRows = await db.select({ id: logisticsRoutes.id, code: logisticsRoutes.code, name: logisticsRoutes.name, distanceKm: logisticsRoutes.distanceKm, hours: sql<number | null>`${logisticsRoutes.hours}::float8` })
        .from(logisticsRoutes).orderBy(logisticsRoutes.code);
      const companies = await db.selectDistinct({ name: laborFactors.companyName }).from(laborFactors).where(eq(laborFactors.status, 'normal')).orderBy(laborFactors.companyName);
      return { vehicles: vehicleRows.map((v) => ({ ...v, id: Number(v.id) })), routes: routeRows, laborCompanies: companies.map((c) => c.name), perKm: config.DELIVERY_FEE_PER_KM };
    },
  });

  return [...crud, assignOptions, assign, ...moves, trip, stop];
}
