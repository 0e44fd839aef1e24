import { describe, expect, it } from 'vitest';
import { statTrend } from './statTrend';

describe('a stat against its previous period', () => {
  it('goes up or down by the percentage of the previous value', () => {
    expect(statTrend(120, 100)).toEqual({ direction: 'up', percent: 20, tone: 'good' });
    expect(statTrend('75', '100')).toEqual({ direction: 'down', percent: -25, tone: 'bad' });
  });
  it('is flat when nothing changed', () => expect(statTrend(5, 5)).toEqual({ direction: 'flat', percent: 0, tone: 'flat' }));
  it('has a direction but no percentage after a zero period', () => expect(statTrend(3, 0)).toEqual({ direction: 'up', percent: null, tone: 'good' }));
  it('is good news going down where less is better (failures, days of stock)', () => {
    expect(statTrend(0, 3, 'down')).toMatchObject({ direction: 'down', tone: 'good' });
    expect(statTrend(4, 3, 'down')).toMatchObject({ direction: 'up', tone: 'bad' });
  });
  it('says nothing when a value is missing', () => {
    expect(statTrend(3, null)).toBeNull();
    expect(statTrend(null, 3)).toBeNull();
  });
});
