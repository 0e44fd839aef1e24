import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { contrast, readablePalette } from './readablePalette';
import { DEFAULT_PALETTE, generatePalette } from './themePalette';

const rgb = (s: string) => s.split(',').map(Number);

describe('the readable primary palette', () => {
  it('measures contrast as WCAG does: black on white 21, a colour on itself 1, #767676 on white 4.54', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([24, 144, 255], [24, 144, 255])).toBe(1);
    expect(contrast([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 2);
  });

  it('makes the default colour\'s sixth step its seventh in the light theme, and keeps the first four steps', () => {
    const light = readablePalette(DEFAULT_PALETTE.light, false);
    expect(light[5]).toBe('15,109,210');
    expect(light[4]).toBe(DEFAULT_PALETTE.light[5]);
    expect(light.slice(0, 4)).toEqual(DEFAULT_PALETTE.light.slice(0, 4));
    expect(light).toHaveLength(10);
  });

  it('gives every theme colour of the settings panel a sixth step that reads at 4.5:1 under white text (light) and on the dark surfaces', async () => {
    for (const colour of [DEFAULT_SETTINGS.theme, '#165dff', '#00b42a', '#722ed1', '#f53f3f', '#ff7d00', '#14c9c9']) {
      const light = readablePalette(await generatePalette(colour, false), false);
      expect(contrast(rgb(light[5]), [255, 255, 255]), colour).toBeGreaterThanOrEqual(4.5);
      const dark = readablePalette(await generatePalette(colour, true), true);
      expect(contrast(rgb(dark[5]), [35, 35, 36]), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
