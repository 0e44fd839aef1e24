import { z } from 'zod';
import { calendarDay } from './day';
import { PHONE_PATTERN } from '../patterns';
import { CAR_REQUEST_STATUSES } from '../logistics/dispatch';
import { coercedRowId } from './rowId';

/** The calls' path is the console's without zod (dispatchPaths.ts); the server takes it with the schemas. */
export { CAR_REQUEST_API } from './dispatchPaths';

const id = coercedRowId;
const blankIsNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value);
const when = z.iso.datetime({ offset: true });

export const assignBody = z.object({
  id,
  vehicleId: id,
  driverName: z.string().trim().min(1).max(64),
  driverPhone: z.preprocess(blankIsNull, z.string().regex(PHONE_PATTERN).nullable().optional()),
  routeId: id,
  /** When the vehicle is to leave; planned stop times follow from it. */
  plannedStart: when,
  /** The labour company whose work types price the handling (labour factors); none: no handling fee. */
  laborCompany: z.preprocess(blankIsNull, z.string().max(64).nullable().optional()),
}).strict();
export type AssignBody = z.infer<typeof assignBody>;

export const moveBody = z.object({ id, note: z.preprocess(blankIsNull, z.string().max(256).nullable().optional()) }).strict();

/** A stop reached: by its sequence number (1 = first destination); the time defaults to now. */
export const stopBody = z.object({ id, seq: z.coerce.number().int().min(1).max(50), arrivedAt: when.optional() }).strict();

/** What an outside TMS posts with a token of GET /tms/getTmsToken (header `tms-token`). */
export const tmsStopBody = z.object({
  requestNo: z.string().trim().min(1).max(32),
  seq: z.coerce.number().int().min(1).max(50).optional(),
  /** The transit point's code, instead of seq. */
  pointCode: z.string().trim().min(1).max(32).optional(),
  arrivedAt: when.optional(),
}).strict().refine((b) => b.seq !== undefined || b.pointCode !== undefined, { message: 'invalidValue', path: ['seq'] });
export type TmsStopBody = z.infer<typeof tmsStopBody>;

export const tripStop = z.object({
  seq: z.number(), pointId: z.number(), pointCode: z.string(), pointName: z.string(),
  plannedAt: z.string(), arrivedAt: z.string().nullable(), source: z.string().nullable(), reportedBy: z.string().nullable(),
  /** Reached after LATE_GRACE_MINUTES, or overdue and not reached. */
  late: z.boolean(),
});
export const tripEvent = z.object({
  action: z.string(), fromStatus: z.string().nullable(), toStatus: z.string(), note: z.string().nullable(), userName: z.string().nullable(), at: z.string(),
});
export const feeBreakdown = z.object({
  distanceKm: z.number(), perKm: z.number(), distancePart: z.number(), tyres: z.number(),
  handling: z.array(z.object({ workType: z.string(), unitFee: z.number(), factor: z.number() })),
  handlingPerTyre: z.number(), handlingPart: z.number(), coefficient: z.number(), fee: z.number(),
});
export type FeeDetail = z.infer<typeof feeBreakdown>;

/** One trip as the route following page and the dispatch drawer show it. */
export const tripAnswer = z.object({
  id: z.number(), requestNo: z.string(), status: z.enum(CAR_REQUEST_STATUSES),
  dealerId: z.number().nullable(), dealerName: z.string().nullable(), warehouseName: z.string(),
  plateNo: z.string().nullable(), driverName: z.string().nullable(), driverPhone: z.string().nullable(),
  routeName: z.string().nullable(), distanceKm: z.number().nullable(), tyres: z.number(), weightTons: z.number().nullable(),
  plannedStart: z.string().nullable(), departedAt: z.string().nullable(), deliveredAt: z.string().nullable(),
  orderNos: z.array(z.string()),
  fee: z.number().nullable(), feeDetail: feeBreakdown.nullable(),
  stops: z.array(tripStop), events: z.array(tripEvent),
});
export type Trip = z.infer<typeof tripAnswer>;

/** What the assign form chooses from. */
export const assignOptionsAnswer = z.object({
  vehicles: z.array(z.object({
    id: z.number(), plateNo: z.string(), vehicleType: z.string(), capacityTons: z.number().nullable(), driverName: z.string().nullable(),
    driverPhone: z.string().nullable(), status: z.string(),
    /** The reason of a blacklist entry in force, or null. */
    blacklisted: z.string().nullable(),
    /** The request whose trip holds the vehicle, or null. */
    busyWith: z.string().nullable(),
  })),
  routes: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), distanceKm: z.number().nullable(), hours: z.number().nullable() })),
  laborCompanies: z.array(z.string()),
  perKm: z.number(),
});
export type AssignOptions = z.infer<typeof assignOptionsAnswer>;

/** What a dispatch move answers: the request's new status. */
export const moveAnswer = z.object({ id: z.number(), status: z.enum(CAR_REQUEST_STATUSES) });

/** A trip pushed to consoles when it moves or a stop is reported (socket event `trip`). */
export interface TripPush { id: number; requestNo: string; status: string; dealerId: number | null; warehouseId: number }

/** Fees reconciled: each closed or delivered trip's computed fee against the fees uploaded for its orders (psfByDelivery). */
export const reconcileBody = z.object({
  dateFrom: calendarDay.optional(),
  dateTo: calendarDay.optional(),
  dealerId: id.optional(),
  /** Only trips whose computed and uploaded fees differ. */
  differencesOnly: z.boolean().optional(),
}).strict();
export const reconcileAnswer = z.object({
  trips: z.array(z.object({
    id: z.number(), requestNo: z.string(), dealerName: z.string().nullable(), deliveredOn: z.string().nullable(), driverName: z.string().nullable(),
    fee: z.number().nullable(), uploaded: z.number(), difference: z.number(), orderNos: z.array(z.string()),
    /** Orders of the trip with no uploaded fee. */
    missing: z.array(z.string()),
  })),
  dealers: z.array(z.object({ dealerId: z.number().nullable(), dealerName: z.string().nullable(), trips: z.number(), fee: z.number(), uploaded: z.number(), difference: z.number() })),
});
export type Reconciliation = z.infer<typeof reconcileAnswer>;
