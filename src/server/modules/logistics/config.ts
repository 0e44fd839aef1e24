import { and, asc, count, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { VehicleRow } from '../../../shared/api/logistics';
import type { Db } from '../../db/client';
import { driverRoutes, logisticsRoutes as routesTable, transitPoints, vehicleBlacklist, vehicles } from '../../db/schema';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest } from '../../http/errors';
import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { formatDay } from '../../../shared/dates';
import { refRows } from '../basedata/refRows';

type Held<T> = Omit<T, 'createdAt'> & { createdAt: Date };
const today = () => formatDay(new Date());
/** A blacklist entry is in force while it has no end day or its end day is today or later. */
export const inForce = () => or(sql`${vehicleBlacklist.blockedUntil} is null`, sql`${vehicleBlacklist.blockedUntil} >= ${today()}`);

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

  // ---------------------------------------------------------------- routes (declared in the manifest: src/shared/pages/basedata.ts)
  // Rows keep their points' code and name (fromPointName, ...) beside the manifest's labels, and their hours as a number.
  const routeRoutes = pageCrudRoutes(services, '/basedata/logisticsconfiguration/Carpath', routesTable, {
    tag: 'route', entity: 'logistics_route',
    ...refRows(db, routesTable, { fromPointId: transitPoints, toPointId: transitPoints }, () => undefined, { hours: sql<number | null>`${routesTable.hours}::float8` }),
    defaultOrder: asc(routesTable.code),
    check: async (v) => {
      if (v.fromPointId === v.toPointId) throw badRequest('samePoints', 'toPointId');
    },
    inUse: async (_ctx, ids) => ((await count$(driverRoutes, inArray(driverRoutes.routeId, ids))) > 0 ? 'inUse' : null),
  });

  // ---------------------------------------------------------------- driver routes (declared in the manifest: src/shared/pages/basedata.ts)
  // Rows keep the vehicle's plate and the route's code and name beside the manifest's labels; the joins bear the names the manifest sorts its refs by.
  const driverVehicle = alias(vehicles, 'ref_vehicleId');
  const driverRoute = alias(routesTable, 'ref_routeId');
  const driverColumns = {
    ...getTableColumns(driverRoutes),
    plateNo: driverVehicle.plateNo, vehicleLabel: driverVehicle.plateNo,
    routeCode: driverRoute.code, routeName: driverRoute.name, routeLabel: sql<string>`${driverRoute.code} || ' ' || ${driverRoute.name}`,
  };
  const driverList = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number) =>
    db.select(driverColumns).from(driverRoutes).leftJoin(driverRoute, eq(driverRoute.id, driverRoutes.routeId)).leftJoin(driverVehicle, eq(driverVehicle.id, driverRoutes.vehicleId))
      .where(where).orderBy(...order).limit(limit).offset(offset);
  const driverRouteRoutes = pageCrudRoutes(services, '/basedata/logisticsconfiguration/DriverRout', driverRoutes, {
    tag: 'driverRoute', entity: 'driver_route',
    list: (_ctx, where, order, limit, offset) => driverList(where, order, limit, offset),
    load: async (_ctx, id) => (await driverList(eq(driverRoutes.id, id), [driverRoutes.id], 1, 0))[0],
    defaultOrder: asc(driverRoutes.driverName),
  });

  return [...vehicleRoutes, ...blacklistRoutes, ...pointRoutes, ...routeRoutes, ...driverRouteRoutes];
}

