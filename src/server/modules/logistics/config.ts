import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  driverRouteFilters, driverRouteInput, LogisticsPerm, routeFilters, routeInput,
  type DriverRouteRow, type LogisticsOptions, type RouteRow, type VehicleRow,
} from '../../../shared/api/logistics';
import { CODE_PATTERN } from '../../../shared/patterns';
import type { Db } from '../../db/client';
import { driverRoutes, logisticsRoutes as routesTable, transitPoints, vehicleBlacklist, vehicles } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { like, stamp } from '../basedata/devices';

type Held<T> = Omit<T, 'createdAt'> & { createdAt: Date };
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** A blacklist entry is in force while it has no end day or its end day is today or later. */
const inForce = () => or(sql`${vehicleBlacklist.blockedUntil} is null`, sql`${vehicleBlacklist.blockedUntil} >= ${today()}`);
const checkCode = (value: string) => {
  if (!CODE_PATTERN.test(value)) throw badRequest('uppercase', 'code');
};

/** Whether a plate is on the blacklist now. */
export async function isBlacklisted(db: Db, plateNo: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(vehicleBlacklist).where(and(eq(vehicleBlacklist.plateNo, plateNo), inForce()));
  return row.n > 0;
}

/** Base data › logistics configuration: vehicles, blacklist, transit points, routes and driver routes (one page, five tabs). */
export function logisticsConfigRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const count$ = async (table: PgTable, where: SQL | undefined) => (await db.select({ n: count() }).from(table).where(where))[0].n;

  // ---------------------------------------------------------------- vehicles
  const vehicleColumns = () => ({
    id: vehicles.id, plateNo: vehicles.plateNo, vehicleType: vehicles.vehicleType, capacityTons: sql<number | null>`${vehicles.capacityTons}::float8`,
    driverName: vehicles.driverName, driverPhone: vehicles.driverPhone, provider: vehicles.provider, status: vehicles.status,
    // Spelled out: inside a one-table select drizzle leaves column names unqualified, which the subquery would capture.
    blacklisted: sql<boolean>`exists (select 1 from vehicle_blacklist b where b.plate_no = "vehicles"."plate_no"
      and (b.blocked_until is null or b.blocked_until >= ${today()}))`,
    createdAt: vehicles.createdAt,
  });
  const vehicleList = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<Held<VehicleRow>[]> =>
    db.select(vehicleColumns()).from(vehicles).where(where).orderBy(...order).limit(limit).offset(offset);

  // Declared in the manifest (src/shared/pages/basedata.ts); a row also says whether its plate is blacklisted today.
  const vehicleRoutes = pageCrudRoutes(services, '/basedata/logisticsconfiguration/carInfo', vehicles, {
    tag: 'vehicle', entity: 'vehicle',
    list: (_ctx, where, order, limit, offset) => vehicleList(where, order, limit, offset),
    load: async (_ctx, id) => (await vehicleList(eq(vehicles.id, id), [vehicles.id], 1, 0))[0],
    defaultOrder: asc(vehicles.plateNo),
    check: async (v) => {
      if (v.status === 'normal' && (await isBlacklisted(db, String(v.plateNo)))) throw badRequest('plateBlacklisted', 'plateNo', { plate: String(v.plateNo) });
    },
    inUse: async (_ctx, ids) => ((await count$(driverRoutes, inArray(driverRoutes.vehicleId, ids))) > 0 ? 'inUse' : null),
  });

  // ---------------------------------------------------------------- blacklist
  const blacklistColumns = {
    id: vehicleBlacklist.id, plateNo: vehicleBlacklist.plateNo, reason: vehicleBlacklist.reason, blockedUntil: vehicleBlacklist.blockedUntil, driverPhone: vehicleBlacklist.driverPhone,
    active: sql<boolean>`(${vehicleBlacklist.blockedUntil} is null or ${vehicleBlacklist.blockedUntil} >= ${today()})`, createdAt: vehicleBlacklist.createdAt,
  };
  const blacklistRoutes = pageCrudRoutes(services, '/basedata/logisticsconfiguration/carBlacklist', vehicleBlacklist, {
    tag: 'blacklist', entity: 'vehicle_blacklist',
    // Rows carry whether the block is in force today.
    list: (_ctx, where, order, limit, offset) => db.select(blacklistColumns).from(vehicleBlacklist).where(where).orderBy(...order).limit(limit).offset(offset),
    load: async (_ctx, id) => (await db.select(blacklistColumns).from(vehicleBlacklist).where(eq(vehicleBlacklist.id, id)))[0],
    defaultOrder: asc(vehicleBlacklist.plateNo),
  });

  // ---------------------------------------------------------------- transit points (declared in the manifest: src/shared/pages/basedata.ts)
  const pointRoutes = pageCrudRoutes(services, '/basedata/logisticsconfiguration/carPointoftransit', transitPoints, {
    tag: 'transitPoint', entity: 'transit_point',
    defaultOrder: asc(transitPoints.code),
    inUse: async (_ctx, ids) =>
      ((await count$(routesTable, or(inArray(routesTable.fromPointId, ids), inArray(routesTable.toPointId, ids)))) > 0 ? 'inUse' : null),
  });

  // ---------------------------------------------------------------- routes
  const fromPoint = alias(transitPoints, 'from_point');
  const toPoint = alias(transitPoints, 'to_point');
  const routeColumns = {
    id: routesTable.id, code: routesTable.code, name: routesTable.name,
    fromPointId: routesTable.fromPointId, fromPointName: sql<string>`${fromPoint.name}`, toPointId: routesTable.toPointId, toPointName: sql<string>`${toPoint.name}`,
    distanceKm: routesTable.distanceKm, hours: sql<number | null>`${routesTable.hours}::float8`, createdAt: routesTable.createdAt,
  };
  const routeList = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<Held<RouteRow>[]> =>
    db.select(routeColumns).from(routesTable).innerJoin(fromPoint, eq(fromPoint.id, routesTable.fromPointId)).innerJoin(toPoint, eq(toPoint.id, routesTable.toPointId))
      .where(where).orderBy(...order).limit(limit).offset(offset);
  async function pointExists(id: number, field: string) {
    const [p] = await db.select({ id: transitPoints.id }).from(transitPoints).where(eq(transitPoints.id, id));
    if (!p) throw badRequest('invalidValue', field);
  }
  const routeRoutes = crudRoutes<Held<RouteRow>, z.infer<typeof routeInput>, typeof routeFilters>(services, {
    base: '/logistics/route', tag: 'route', pagePerm: LogisticsPerm.route, entity: 'logistics_route',
    title: { 'zh-CN': '线路', 'en-US': 'Routes' },
    table: routesTable, id: routesTable.id,
    filters: routeFilters, input: routeInput,
    where: (f) => and(
      f.keyword ? or(like(routesTable.code, f.keyword), like(routesTable.name, f.keyword)) : undefined,
      f.pointId ? or(eq(routesTable.fromPointId, f.pointId), eq(routesTable.toPointId, f.pointId)) : undefined,
    ),
    list: (_ctx, where, order, limit, offset) => routeList(where, order, limit, offset),
    count: (_ctx, where) => count$(routesTable, where),
    load: async (_ctx, id) => (await routeList(eq(routesTable.id, id), [routesTable.id], 1, 0))[0],
    sortable: { code: routesTable.code, name: routesTable.name, distanceKm: routesTable.distanceKm, hours: routesTable.hours, createdAt: routesTable.createdAt },
    defaultOrder: asc(routesTable.code),
    unique: [{ field: 'code', column: routesTable.code }],
    toValues: async (input) => {
      checkCode(input.code);
      if (input.fromPointId === input.toPointId) throw badRequest('samePoints', 'toPointId');
      await pointExists(input.fromPointId, 'fromPointId');
      await pointExists(input.toPointId, 'toPointId');
      return {
        code: input.code, name: input.name, fromPointId: input.fromPointId, toPointId: input.toPointId,
        distanceKm: input.distanceKm ?? null, hours: input.hours == null ? null : String(input.hours),
      };
    },
    inUse: async (_ctx, ids) => ((await count$(driverRoutes, inArray(driverRoutes.routeId, ids))) > 0 ? 'inUse' : null),
    columns: [
      { key: 'code', header: { 'zh-CN': '线路编码', 'en-US': 'Code' }, value: (r) => r.code },
      { key: 'name', header: { 'zh-CN': '线路名称', 'en-US': 'Name' }, value: (r) => r.name },
      { key: 'fromPointName', header: { 'zh-CN': '起点', 'en-US': 'From' }, value: (r) => r.fromPointName },
      { key: 'toPointName', header: { 'zh-CN': '终点', 'en-US': 'To' }, value: (r) => r.toPointName },
      { key: 'distanceKm', header: { 'zh-CN': '里程(公里)', 'en-US': 'Distance (km)' }, value: (r) => r.distanceKm },
      { key: 'hours', header: { 'zh-CN': '时长(小时)', 'en-US': 'Hours' }, value: (r) => r.hours },
    ],
    extraRoutes: [
      defineRoute({
        method: 'POST', url: '/logistics/route/options', tag: 'route', permission: LogisticsPerm.route,
        summary: 'Routes: the transit points the route form chooses from',
        handler: async (): Promise<LogisticsOptions> => ({
          points: await db.select({ id: transitPoints.id, code: transitPoints.code, name: transitPoints.name }).from(transitPoints).orderBy(asc(transitPoints.code)),
          vehicles: [], routes: [],
        }),
      }),
    ],
  });

  // ---------------------------------------------------------------- driver routes
  const driverColumns = {
    id: driverRoutes.id, driverName: driverRoutes.driverName, driverPhone: driverRoutes.driverPhone, vehicleId: driverRoutes.vehicleId, plateNo: vehicles.plateNo,
    routeId: driverRoutes.routeId, routeCode: sql<string>`${routesTable.code}`, routeName: sql<string>`${routesTable.name}`, status: driverRoutes.status,
    createdAt: driverRoutes.createdAt,
  };
  const driverList = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<Held<DriverRouteRow>[]> =>
    db.select(driverColumns).from(driverRoutes).innerJoin(routesTable, eq(routesTable.id, driverRoutes.routeId)).leftJoin(vehicles, eq(vehicles.id, driverRoutes.vehicleId))
      .where(where).orderBy(...order).limit(limit).offset(offset);
  const driverRouteRoutes = crudRoutes<Held<DriverRouteRow>, z.infer<typeof driverRouteInput>, typeof driverRouteFilters>(services, {
    base: '/logistics/driverRoute', tag: 'driverRoute', pagePerm: LogisticsPerm.driverRoute, entity: 'driver_route',
    title: { 'zh-CN': '司机线路', 'en-US': 'Driver routes' },
    table: driverRoutes, id: driverRoutes.id,
    filters: driverRouteFilters, input: driverRouteInput,
    where: (f) => and(
      f.keyword ? or(like(driverRoutes.driverName, f.keyword), like(driverRoutes.driverPhone, f.keyword)) : undefined,
      f.routeId ? eq(driverRoutes.routeId, f.routeId) : undefined,
      f.status ? eq(driverRoutes.status, f.status) : undefined,
    ),
    list: (_ctx, where, order, limit, offset) => driverList(where, order, limit, offset),
    count: (_ctx, where) => count$(driverRoutes, where),
    load: async (_ctx, id) => (await driverList(eq(driverRoutes.id, id), [driverRoutes.id], 1, 0))[0],
    sortable: { driverName: driverRoutes.driverName, status: driverRoutes.status, routeCode: routesTable.code, createdAt: driverRoutes.createdAt },
    defaultOrder: asc(driverRoutes.driverName),
    toValues: async (input) => {
      const [route] = await db.select({ id: routesTable.id }).from(routesTable).where(eq(routesTable.id, input.routeId));
      if (!route) throw badRequest('invalidValue', 'routeId');
      if (input.vehicleId != null) {
        const [v] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, input.vehicleId));
        if (!v) throw badRequest('invalidValue', 'vehicleId');
      }
      return { driverName: input.driverName, driverPhone: input.driverPhone ?? null, vehicleId: input.vehicleId ?? null, routeId: input.routeId, status: input.status };
    },
    columns: [
      { key: 'driverName', header: { 'zh-CN': '司机', 'en-US': 'Driver' }, value: (r) => r.driverName },
      { key: 'driverPhone', header: { 'zh-CN': '司机电话', 'en-US': 'Driver phone' }, value: (r) => r.driverPhone },
      { key: 'plateNo', header: { 'zh-CN': '车牌号', 'en-US': 'Plate number' }, value: (r) => r.plateNo },
      { key: 'routeCode', header: { 'zh-CN': '线路编码', 'en-US': 'Route code' }, value: (r) => r.routeCode },
      { key: 'routeName', header: { 'zh-CN': '线路名称', 'en-US': 'Route' }, value: (r) => r.routeName },
      { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
      { key: 'createdAt', header: { 'zh-CN': '创建时间', 'en-US': 'Created' }, width: 20, value: (r) => stamp(r.createdAt) },
    ],
    extraRoutes: [
      defineRoute({
        method: 'POST', url: '/logistics/driverRoute/options', tag: 'driverRoute', permission: LogisticsPerm.driverRoute,
        summary: 'Driver routes: the vehicles and routes the form chooses from',
        handler: async (): Promise<LogisticsOptions> => ({
          points: [],
          vehicles: await db.select({ id: vehicles.id, plateNo: vehicles.plateNo }).from(vehicles).orderBy(asc(vehicles.plateNo)),
          routes: await db.select({ id: routesTable.id, code: routesTable.code, name: routesTable.name }).from(routesTable).orderBy(asc(routesTable.code)),
        }),
      }),
    ],
  });

  return [...vehicleRoutes, ...blacklistRoutes, ...pointRoutes, ...routeRoutes, ...driverRouteRoutes];
}

