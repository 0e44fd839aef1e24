import { generate, getRgbStr } from '@arco-design/color';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { DEFAULT_PALETTE, generatePalette, primaryPalette } from './themePalette';

describe('the primary palette', () => {
  it('written out for the default theme colour is what the colour library generates, light and dark', () => {
    for (const dark of [false, true]) {
      const generated = (generate(DEFAULT_SETTINGS.theme, { list: true, dark }) as string[]).map(getRgbStr);
      expect(DEFAULT_PALETTE[dark ? 'dark' : 'light']).toEqual(generated);
      expect(primaryPalette(DEFAULT_SETTINGS.theme, dark)).toEqual(generated);
    }
  });

  it('of another colour comes from the library, with that colour as its sixth step', async () => {
    const palette = await primaryPalette('#00b42a', false);
    expect(palette).toHaveLength(10);
    expect(palette[5]).toBe('0,180,42');
    expect(await generatePalette('#00b42a', true)).not.toEqual(palette);
  });
});
