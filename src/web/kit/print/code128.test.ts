import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Values, code128Widths } from './code128';

describe('Code 128', () => {
  it('has 107 distinct symbols of 11 modules and a stop of 13', () => {
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    const sum = (p: string) => [...p].reduce((s, d) => s + Number(d), 0);
    expect(CODE128_PATTERNS.slice(0, 106).every((p) => p.length === 6 && sum(p) === 11)).toBe(true);
    expect(sum(CODE128_PATTERNS[106])).toBe(13);
  });

  it('encodes letters in subset B with the weighted check symbol', () => {
    // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 ≡ 55 (mod 103)
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('starts in subset C for leading digits and pairs them', () => {
    // 105 + 12·1 + 34·2 = 185 ≡ 82
    expect(code128Values('1234')).toEqual([105, 12, 34, 82, 106]);
    // 105 + 12 = 117 ≡ 14
    expect(code128Values('12')).toEqual([105, 12, 14, 106]);
  });

  it('switches to B for an odd digit left over, and to C for a digit tail', () => {
    // 105 + 12 + 34·2 + 100·3 + 21·4 = 569 ≡ 54
    expect(code128Values('12345')).toEqual([105, 12, 34, 100, 21, 54, 106]);
    // 104 + 33 + 34·2 + 99·3 + 12·4 + 34·5 + 56·6 + 78·7 = 1602 ≡ 57
    expect(code128Values('AB12345678')).toEqual([104, 33, 34, 99, 12, 34, 56, 78, 57, 106]);
  });

  it('keeps short digit runs inside text in subset B', () => {
    // 104 + 33 + 17·2 + 18·3 + 19·4 + 20·5 + 34·6 = 605 ≡ 90
    expect(code128Values('A1234B')).toEqual([104, 33, 17, 18, 19, 20, 34, 90, 106]);
    expect(code128Values('T-1234567-X').slice(0, 6)).toEqual([104, 52, 13, 17, 99, 23]);
  });

  it('draws the bar pattern of known strings', () => {
    expect(code128Widths('1234').join('')).toBe(['211232', '112232', '131123', '121241', '2331112'].join(''));
    // 'A' is 33; 104 + 33 = 137 ≡ 34
    expect(code128Widths('A').join('')).toBe(['211214', '111323', '131123', '2331112'].join(''));
  });

  it('refuses what subset B cannot encode', () => {
    expect(() => code128Values('')).toThrow();
    expect(() => code128Values('轮胎')).toThrow(/cannot encode/);
  });
});
