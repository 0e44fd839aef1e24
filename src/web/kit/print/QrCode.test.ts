import { describe, expect, it } from 'vitest';
import { qrPath } from './QrCode';

/** The dark cells of the path, as "col,row" without the quiet zone. */
const cells = (d: string) => new Set([...d.matchAll(/M(\d+) (\d+)h1/g)].map(([, x, y]) => `${Number(x) - 4},${Number(y) - 4}`));

describe('QR code', () => {
  it('sizes the symbol by the data, with a four-module quiet zone', () => {
    // Byte mode at level M: version 1 (21 modules) holds 14 characters, version 2 (25) holds 26.
    expect(qrPath('PR2026112200').modules).toBe(21 + 8);
    expect(qrPath('PR20261122000012').modules).toBe(25 + 8);
  });

  it('draws the three finder patterns: dark rings with a dark centre', () => {
    const dark = cells(qrPath('A-01-01').d);
    for (const [x0, y0] of [[0, 0], [14, 0], [0, 14]]) {
      expect(dark.has(`${x0},${y0}`) && dark.has(`${x0 + 6},${y0 + 6}`)).toBe(true);
      expect(dark.has(`${x0 + 1},${y0 + 1}`)).toBe(false);
      expect(dark.has(`${x0 + 3},${y0 + 3}`)).toBe(true);
    }
  });
});
