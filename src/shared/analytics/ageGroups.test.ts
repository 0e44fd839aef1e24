import { describe, expect, it } from 'vitest';
import { DOT_AGE_KEYS, dotAgeGroup, stockAgeCutoffs, stockAgeRange, stockAgeStart } from './ageGroups';
import { dotAgeWeeks, STOCK_AGE_BUCKETS, stockAgeBucket } from './domain';

/** The closed form of a cutoff: local midnight after the day `months` months back, clamped to that month's end. */
function monthsBack(now: Date, months: number): Date {
  const [y, m, d] = [now.getFullYear(), now.getMonth() - months, now.getDate()];
  return new Date(y, m, Math.min(d, new Date(y, m + 1, 0).getDate()) + 1);
}
const minute = 60_000;

describe('stock-age bucket edges', () => {
  it('fall where stockAgeBucket changes: a tyre in from the cutoff on is younger, one a minute before it older', () => {
    for (const now of [new Date(2026, 10, 24, 9), new Date(2026, 2, 31, 23, 59), new Date(2024, 1, 29, 0, 1), new Date(2025, 0, 1, 12)]) {
      const cutoffs = stockAgeCutoffs(now);
      expect(cutoffs).toHaveLength(STOCK_AGE_BUCKETS.length - 1);
      cutoffs.forEach((cutoff, i) => {
        expect(stockAgeBucket(cutoff, now), `${now.toISOString()} #${i}`).toBe(STOCK_AGE_BUCKETS[i]);
        expect(stockAgeBucket(new Date(cutoff.getTime() - minute), now), `${now.toISOString()} #${i}`).toBe(STOCK_AGE_BUCKETS[i + 1]);
      });
    }
  });

  it('are 4, 7, 10 and 13 whole months back, clamped at a short month, every day of two years', () => {
    for (let day = new Date(2025, 0, 1, 15); day < new Date(2027, 0, 1); day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1, 15)) {
      expect(stockAgeCutoffs(day).map((c) => c.getTime()), day.toDateString()).toEqual([4, 7, 10, 13].map((m) => monthsBack(day, m).getTime()));
    }
    // On 31 May, 31 January is four whole months back (4-6) and 1 February three (0-3).
    expect(stockAgeBucket(new Date(2026, 0, 31), new Date(2026, 4, 31))).toBe('4-6');
    expect(stockAgeBucket(new Date(2026, 1, 1), new Date(2026, 4, 31))).toBe('0-3');
  });

  it('give each bucket its range of start moments, open at both ends', () => {
    const now = new Date(2026, 10, 24, 9);
    const cutoffs = stockAgeCutoffs(now);
    expect(stockAgeRange('0-3', now)).toEqual({ from: cutoffs[0], before: null });
    expect(stockAgeRange('7-9', now)).toEqual({ from: cutoffs[2], before: cutoffs[1] });
    expect(stockAgeRange('12+', now)).toEqual({ from: null, before: cutoffs[3] });
  });

  it('count a tyre without an inbound time from its barcode\'s creation, not as new', () => {
    const createdAt = new Date(2026, 4, 2);
    expect(stockAgeStart({ inboundAt: null, createdAt })).toBe(createdAt);
    expect(stockAgeBucket(stockAgeStart({ inboundAt: null, createdAt }), new Date(2026, 10, 24))).toBe('4-6');
    const inboundAt = new Date(2026, 9, 1);
    expect(stockAgeStart({ inboundAt, createdAt })).toBe(inboundAt);
  });
});

describe('DOT age groups', () => {
  it('end at 26, 52, 104 and 156 whole weeks, inclusive', () => {
    expect([-3, 0, 26, 27, 52, 53, 104, 105, 156, 157, 900].map(dotAgeGroup)).toEqual([
      'dotUpTo26w', 'dotUpTo26w', 'dotUpTo26w', 'dot27to52w', 'dot27to52w', 'dot1to2y', 'dot1to2y', 'dot2to3y', 'dot2to3y', 'dotOver3y', 'dotOver3y',
    ]);
  });

  it('put a tyre without a valid DOT code in its own group, last', () => {
    expect(dotAgeGroup(dotAgeWeeks('5424', new Date()))).toBe('noDot');
    expect(dotAgeGroup(dotAgeWeeks('', new Date()))).toBe('noDot');
    expect(DOT_AGE_KEYS.at(-1)).toBe('noDot');
  });

  it('count whole weeks from the production Monday: 26 weeks to the day is still the first group', () => {
    // Week 21 of 2026 starts on Monday 18 May; 26 weeks on is Monday 16 November.
    expect(dotAgeGroup(dotAgeWeeks('2126', new Date('2026-11-16T00:00:00Z')))).toBe('dotUpTo26w');
    expect(dotAgeGroup(dotAgeWeeks('2126', new Date('2026-11-22T23:59:00Z')))).toBe('dotUpTo26w');
    expect(dotAgeGroup(dotAgeWeeks('2126', new Date('2026-11-23T00:00:00Z')))).toBe('dot27to52w');
  });
});
