import { describe, expect, it } from 'vitest';
import { sameValue } from './sameValue';

describe('chart options equal by value (sameValue)', () => {
  const formatter = (v: number) => `${v}`;
  const option = () => ({ xAxis: { type: 'category', data: ['a', 'b'] }, series: [{ type: 'bar', data: [1, 2, NaN] }], tooltip: { formatter } });

  it('takes options built anew with the same contents as equal', () => {
    expect(sameValue(option(), option())).toBe(true);
    expect(sameValue([], [])).toBe(true);
  });

  it('tells apart a changed value, a missing or extra key, an array from an object, and another function', () => {
    const changed = option();
    changed.series[0].data[1] = 3;
    expect(sameValue(option(), changed)).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameValue({ tooltip: { formatter } }, { tooltip: { formatter: (v: number) => `${v}` } })).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(false); // not a plain object: by identity
    expect(sameValue(null, {})).toBe(false);
  });
});
