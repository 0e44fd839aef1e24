import { text, type Text } from '../pages/types';

/**
 * Logistics dispatch: a car request's life. A dealer or warehouse asks for a vehicle
 * for outbound orders (requested); a dispatcher assigns a vehicle, driver and route (assigned);
 * the vehicle is loaded (loading), leaves (onTheWay), reaches its last stop (delivered), and the
 * dispatcher closes the trip with its fee (closed). Until it leaves it can be cancelled.
 * Both sides read this file: the server checks each move, the console offers only those allowed.
 */
export const CAR_REQUEST_STATUSES = ['requested', 'assigned', 'loading', 'onTheWay', 'delivered', 'closed', 'cancelled'] as const;
export type CarRequestStatus = (typeof CAR_REQUEST_STATUSES)[number];
export const isCarRequestStatus = (value: unknown): value is CarRequestStatus => CAR_REQUEST_STATUSES.some((s) => s === value);

export const STATUS_LABELS: Record<CarRequestStatus, { label: Text; color: string }> = {
  requested: { label: text('已申请', 'Requested'), color: 'arcoblue' },
  assigned: { label: text('已派车', 'Assigned'), color: 'cyan' },
  loading: { label: text('装车中', 'Loading'), color: 'orange' },
  onTheWay: { label: text('运输中', 'On the way'), color: 'purple' },
  delivered: { label: text('已送达', 'Delivered'), color: 'green' },
  closed: { label: text('已关闭', 'Closed'), color: 'gray' },
  cancelled: { label: text('已取消', 'Cancelled'), color: 'red' },
};

/** The moves a user makes, each from the statuses it may start from, to the status it leads to. */
export const TRANSITIONS = {
  assign: { from: ['requested'], to: 'assigned' },
  load: { from: ['assigned'], to: 'loading' },
  depart: { from: ['loading'], to: 'onTheWay' },
  deliver: { from: ['onTheWay'], to: 'delivered' },
  close: { from: ['delivered'], to: 'closed' },
  cancel: { from: ['requested', 'assigned', 'loading'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly CarRequestStatus[]; to: CarRequestStatus }>;
export type DispatchAction = keyof typeof TRANSITIONS;

export const ACTION_LABELS: Record<DispatchAction | 'create' | 'update' | 'stop', Text> = {
  create: text('申请', 'Requested'),
  update: text('修改申请', 'Request changed'),
  assign: text('派车', 'Assign'),
  load: text('开始装车', 'Start loading'),
  depart: text('发车', 'Depart'),
  deliver: text('送达', 'Delivered'),
  close: text('关闭', 'Close'),
  cancel: text('取消', 'Cancel'),
  stop: text('到站', 'Stop reached'),
};

export const canMove = (status: string, action: DispatchAction): boolean => {
  const from: readonly string[] = TRANSITIONS[action].from;
  return from.includes(status);
};

/** A vehicle holds a trip from assignment until delivery: it cannot take a second one meanwhile. */
export const BUSY_STATUSES: readonly CarRequestStatus[] = ['assigned', 'loading', 'onTheWay'];
/** A request may be edited or deleted only before a vehicle is assigned (deleted also once cancelled). */
export const EDITABLE_STATUSES: readonly CarRequestStatus[] = ['requested'];

/** A stop reached more than this after its planned time is late. */
export const LATE_GRACE_MINUTES = 30;
/** Speed assumed for a route without planned hours. */
export const DEFAULT_KMH = 50;

/**
 * Planned arrival at each of `stops` stops, evenly over the route's hours (the last stop at the
 * route's end), from the planned start. Without hours: distance at DEFAULT_KMH, else an hour a stop.
 */
export function plannedArrivals(start: Date, stops: number, hours: number | null, distanceKm: number | null): Date[] {
  const total = hours ?? (distanceKm ? distanceKm / DEFAULT_KMH : stops);
  return Array.from({ length: stops }, (_, i) => new Date(start.getTime() + Math.round(((i + 1) / stops) * total * 3_600_000)));
}

/** Reached after the grace, or not reached and the grace is over. */
export const isLate = (planned: Date, arrived: Date | null, now: Date): boolean =>
  (arrived ?? now).getTime() - planned.getTime() > LATE_GRACE_MINUTES * 60_000;

export interface FeeInput {
  distanceKm: number;
  tyres: number;
  perKm: number;
  handling: { workType: string; unitFee: number; factor: number }[];
  coefficient: number | null;
}
export interface FeeBreakdown {
  distancePart: number;
  handlingPerTyre: number;
  handlingPart: number;
  coefficient: number;
  fee: number;
}
/** A decimal of at most `places` places as a whole number of its smallest unit (0.35 at 2 places: 35), free of binary fractions. */
const units = (v: number, places: number) => Math.round(v * 10 ** places);
/** a / b rounded half up, for non-negative whole numbers (exact: both are integers well below 2^53). */
const divRound = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * A trip's delivery fee (CNY): the distance at the per-km rate, plus the tyres' handling (each
 * work type the trip's labour company charges, unit fee × factor, for every tyre), times the
 * origin warehouse's coefficient (1 without one). Worked in whole units of the inputs' decimals
 * (fen, thousandths of a factor), so no binary fraction turns 0.035 into 0.03; the distance and
 * handling parts are rounded half up to the fen, then the fee — never the per-tyre figure.
 */
export function deliveryFee(input: FeeInput): FeeBreakdown {
  const coefficient = input.coefficient ?? 1;
  const distanceFen = input.distanceKm * units(input.perKm, 2);
  // Per tyre, in 1e-5 CNY: unit fee in fen × factor in thousandths.
  const perTyre = input.handling.reduce((sum, h) => sum + units(h.unitFee, 2) * units(h.factor, 3), 0);
  const handlingFen = divRound(input.tyres * perTyre, 1000);
  const feeFen = divRound((distanceFen + handlingFen) * units(coefficient, 3), 1000);
  return { distancePart: distanceFen / 100, handlingPerTyre: perTyre / 100_000, handlingPart: handlingFen / 100, coefficient, fee: feeFen / 100 };
}
