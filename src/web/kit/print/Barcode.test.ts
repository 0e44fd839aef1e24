import { describe, expect, it } from 'vitest';
import { barsPath } from './Barcode';
import { code128Widths } from './code128';

describe('Barcode drawing', () => {
  it('draws every bar after a ten-module quiet zone, and ends with one', () => {
    // '1234': start C 211232 … stop 2331112: 4 symbols of 11 modules, 13 for the stop, 20 quiet.
    const { d, modules } = barsPath(code128Widths('1234'), 50);
    expect(modules).toBe(4 * 11 + 13 + 20);
    expect(d.startsWith('M10 0h2v50h-2zM13 0h1v50h-1zM16 0h3v50h-3z')).toBe(true);
    expect(d.match(/M/g)).toHaveLength(3 * 4 + 4);
  });
});
