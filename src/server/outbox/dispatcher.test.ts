import { describe, expect, it } from 'vitest';
import { backoffSeconds } from './dispatcher';

describe('backoffSeconds', () => {
  it('waits the first wait after the first attempt, then doubles', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffSeconds(attempt, 30, 0))).toEqual([30, 60, 120, 240]);
  });

  it('never waits more than an hour', () => {
    expect(backoffSeconds(30, 30, 0)).toBe(3600);
  });

  it('takes up to a tenth off at random, so failures made together spread out', () => {
    expect(backoffSeconds(2, 30, 1)).toBeCloseTo(54);
    expect(backoffSeconds(2, 30, 0.5)).toBeCloseTo(57);
  });
});
