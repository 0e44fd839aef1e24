import { describe, expect, it } from 'vitest';
import { statTrend } from './statTrend';

describe('a stat against its previous period', () => {
  it('goes up or down by the percentage of the previous value', () => {
    expect(statTrend(120, 100)).toEqual({ direction: 'up', percent: 20 });
    expect(statTrend('75', '100')).toEqual({ direction: 'down', percent: -25 });
  });
  it('is flat when nothing changed', () => expect(statTrend(5, 5)).toEqual({ direction: 'flat', percent: 0 }));
  it('has a direction but no percentage after a zero period', () => expect(statTrend(3, 0)).toEqual({ direction: 'up', percent: null }));
  it('says nothing when a value is missing', () => {
    expect(statTrend(3, null)).toBeNull();
    expect(statTrend(null, 3)).toBeNull();
  });
});
