import { describe, expect, it } from 'vitest';
import { canMove, deliveryFee, isLate, plannedArrivals, TRANSITIONS } from './dispatch';

describe('car request transitions', () => {
  it('moves only from the statuses each action starts from', () => {
    expect(canMove('requested', 'assign')).toBe(true);
    expect(canMove('assigned', 'assign')).toBe(false);
    expect(canMove('loading', 'depart')).toBe(true);
    expect(canMove('requested', 'depart')).toBe(false);
    expect(canMove('onTheWay', 'cancel')).toBe(false);
    expect(canMove('delivered', 'close')).toBe(true);
    expect(canMove('closed', 'close')).toBe(false);
    // Every path ends in closed or cancelled: nothing leaves them.
    for (const action of Object.keys(TRANSITIONS) as (keyof typeof TRANSITIONS)[]) {
      expect(canMove('closed', action)).toBe(false);
      expect(canMove('cancelled', action)).toBe(false);
    }
  });
});

describe('delivery fee', () => {
  // Worked by hand: 120 km x 3.5 = 420.00; handling 0.80 x 1.2 + 0.60 x 1.0 = 1.56 a tyre, x 150 = 234.00;
  // (420 + 234) x 1.1 = 719.40.
  it('is distance at the per-km rate plus handling per tyre, times the warehouse coefficient', () => {
    const fee = deliveryFee({
      distanceKm: 120, tyres: 150, perKm: 3.5, coefficient: 1.1,
      handling: [{ workType: 'loading', unitFee: 0.8, factor: 1.2 }, { workType: 'unloading', unitFee: 0.6, factor: 1 }],
    });
    expect(fee).toEqual({ distancePart: 420, handlingPerTyre: 1.56, handlingPart: 234, coefficient: 1.1, fee: 719.4 });
  });
  it('takes a coefficient of 1 when the warehouse has none, and no handling without a labour company', () => {
    expect(deliveryFee({ distanceKm: 33, tyres: 10, perKm: 3.5, coefficient: null, handling: [] }).fee).toBe(115.5);
  });
  it('rounds the parts and the fee half up to the fen, never the per-tyre figure, and free of binary fractions', () => {
    // 0.10 x 0.35 = 0.035 a tyre (a float makes it 0.034999...): 200 tyres = 7.00, not 6.00 nor 8.00.
    expect(deliveryFee({ distanceKm: 0, tyres: 200, perKm: 0, coefficient: null, handling: [{ workType: 'loading', unitFee: 0.1, factor: 0.35 }] }))
      .toMatchObject({ handlingPerTyre: 0.035, handlingPart: 7, fee: 7 });
    // 0.125 a tyre x 400 = 50.00 exactly (rounding per tyre first would make 52.00).
    expect(deliveryFee({ distanceKm: 0, tyres: 400, perKm: 0, coefficient: null, handling: [{ workType: 'loading', unitFee: 0.25, factor: 0.5 }] }).handlingPart).toBe(50);
    // 7 km x 3.33 = 23.31; 3 tyres x 0.33 x 1.5 = 1.485 -> 1.49; (23.31 + 1.49) x 0.95 = 23.56
    expect(deliveryFee({ distanceKm: 7, tyres: 3, perKm: 3.33, coefficient: 0.95, handling: [{ workType: 'loading', unitFee: 0.33, factor: 1.5 }] }))
      .toMatchObject({ distancePart: 23.31, handlingPart: 1.49, fee: 23.56 });
    // Half a fen rounds up: 1 tyre x 0.01 x 0.5 = 0.005 -> 0.01
    expect(deliveryFee({ distanceKm: 0, tyres: 1, perKm: 0, coefficient: null, handling: [{ workType: 'loading', unitFee: 0.01, factor: 0.5 }] }).fee).toBe(0.01);
  });
});

describe('stop times', () => {
  const start = new Date('2026-03-01T08:00:00Z');
  it('spreads planned arrivals evenly over the route hours, the last at the end', () => {
    expect(plannedArrivals(start, 3, 6, null).map((d) => d.toISOString()))
      .toEqual(['2026-03-01T10:00:00.000Z', '2026-03-01T12:00:00.000Z', '2026-03-01T14:00:00.000Z']);
  });
  it('assumes 50 km/h without hours, and an hour a stop without distance', () => {
    expect(plannedArrivals(start, 1, null, 100)[0].toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(plannedArrivals(start, 2, null, null)[1].toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });
  it('marks a stop late past 30 minutes of grace, reached or not', () => {
    const planned = new Date('2026-03-01T10:00:00Z');
    expect(isLate(planned, new Date('2026-03-01T10:30:00Z'), start)).toBe(false);
    expect(isLate(planned, new Date('2026-03-01T10:31:00Z'), start)).toBe(true);
    expect(isLate(planned, null, new Date('2026-03-01T10:20:00Z'))).toBe(false);
    expect(isLate(planned, null, new Date('2026-03-01T11:00:00Z'))).toBe(true);
  });
});
