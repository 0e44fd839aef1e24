import { z } from 'zod';
import { PHONE_PATTERN } from '../patterns';

/** Permission codes of the logistics configuration tabs (one page, five menu routes). */
export const LogisticsPerm = {
  vehicle: 'basedata:carInfo',
  blacklist: 'basedata:carBlacklist',
  transitPoint: 'basedata:carPointoftransit',
  route: 'basedata:Carpath',
  driverRoute: 'basedata:DriverRout',
} as const;

export const VEHICLE_STATUSES = ['normal', 'disabled'] as const;
/**
 * A Chinese plate, loosely: province character, a letter, then 5 (ordinary) or 6 (new energy)
 * letters or digits, optionally ending in 挂/学/警/港/澳 (沪A12345, 粤B D12345).
 */
export const PLATE_PATTERN = /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{4,6}[\u4e00-\u9fa5]?$/;
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const blankIsNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value);
const optionalPhone = z.preprocess(blankIsNull, z.string().regex(PHONE_PATTERN).nullable().optional());
const refId = z.coerce.number().int().positive();
const optionalRef = z.preprocess((v) => (v === '' ? null : v), refId.nullable().optional());
const optionalNumber = (max: number, int = false) =>
  z.preprocess((v) => (v === '' ? null : v), (int ? z.coerce.number().int() : z.coerce.number()).min(0).max(max).nullable().optional());
const code = z.string().trim().min(1).max(32);
const status = z.enum(VEHICLE_STATUSES).default('normal');

export const routeInput = z.object({
  code,
  name: z.string().trim().min(1).max(64),
  fromPointId: refId,
  toPointId: refId,
  distanceKm: optionalNumber(100_000, true),
  hours: optionalNumber(9999),
}).strict();
export const routeFilters = z.object({ keyword: z.string().max(64).optional(), pointId: refId.optional() });

export const driverRouteInput = z.object({
  driverName: z.string().trim().min(1).max(64),
  driverPhone: optionalPhone,
  vehicleId: optionalRef,
  routeId: refId,
  status,
}).strict();
export const driverRouteFilters = z.object({ keyword: z.string().max(64).optional(), routeId: refId.optional(), status: z.enum(VEHICLE_STATUSES).optional() });

export interface VehicleRow {
  id: number; plateNo: string; vehicleType: string; capacityTons: number | null; driverName: string | null; driverPhone: string | null;
  provider: string | null; status: string; blacklisted: boolean; createdAt: string;
}
export interface BlacklistRow { id: number; plateNo: string; reason: string; blockedUntil: string | null; driverPhone: string | null; active: boolean; createdAt: string }
export interface RouteRow {
  id: number; code: string; name: string; fromPointId: number; fromPointName: string; toPointId: number; toPointName: string;
  distanceKm: number | null; hours: number | null; createdAt: string;
}
export interface DriverRouteRow {
  id: number; driverName: string; driverPhone: string | null; vehicleId: number | null; plateNo: string | null;
  routeId: number; routeCode: string; routeName: string; status: string; createdAt: string;
}
export interface LogisticsOptions {
  points: { id: number; code: string; name: string }[];
  vehicles: { id: number; plateNo: string }[];
  routes: { id: number; code: string; name: string }[];
}
