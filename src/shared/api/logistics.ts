/** Permission codes of the logistics configuration tabs (one page, five menu routes). */
export const LogisticsPerm = {
  vehicle: 'basedata:carInfo',
  blacklist: 'basedata:carBlacklist',
  transitPoint: 'basedata:carPointoftransit',
  route: 'basedata:Carpath',
  driverRoute: 'basedata:DriverRout',
} as const;

/**
 * A Chinese plate, loosely: province character, a letter, then 5 (ordinary) or 6 (new energy)
 * letters or digits, optionally ending in 挂/学/警/港/澳 (沪A12345, 粤B D12345).
 */
export const PLATE_PATTERN = /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{4,6}[\u4e00-\u9fa5]?$/;

export interface VehicleRow {
  id: number; plateNo: string; vehicleType: string; capacityTons: number | null; driverName: string | null; driverPhone: string | null;
  provider: string | null; status: string; blacklisted: boolean; createdAt: string;
}
export interface BlacklistRow { id: number; plateNo: string; reason: string; blockedUntil: string | null; driverPhone: string | null; active: boolean; createdAt: string }
/** A route's row: its points' code and name, and `code name` labels of the manifest list. */
export interface RouteRow {
  id: number; code: string; name: string; fromPointId: number; fromPointCode: string; fromPointName: string; fromPointLabel: string;
  toPointId: number; toPointCode: string; toPointName: string; toPointLabel: string; distanceKm: number | null; hours: number | null; createdAt: string;
}
/** A driver route's row: the vehicle's plate and the route's code and name, and the manifest list's labels. */
export interface DriverRouteRow {
  id: number; driverName: string; driverPhone: string | null; vehicleId: number | null; plateNo: string | null; vehicleLabel: string | null;
  routeId: number; routeCode: string; routeName: string; routeLabel: string; status: string; createdAt: string;
}
