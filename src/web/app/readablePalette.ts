/**
 * WCAG 2.1 contrast of two `r,g,b` colours (1 to 21): the ratio of their relative luminances,
 * each plus 0.05 (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
 */
export function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const rgb = (s: string) => s.split(',').map(Number);
const mix = (fg: number[], alpha: number, bg: number[]) => fg.map((v, i) => Math.round(v * alpha + bg[i] * (1 - alpha)));

/** What primary text sits on: the page and Arco's selected-item fills, light (white, fill-2) and dark (bg-2, and the primary's own 20% tint on it). */
const WHITE = [255, 255, 255];
const FILL_2 = [242, 243, 245];
const DARK_BG_2 = [35, 35, 36];

/** Whether `--primary-6` reads at 4.5:1 as text on the theme's surfaces and, light, under white text. */
function readable(primary: number[], dark: boolean) {
  return dark
    ? contrast(primary, DARK_BG_2) >= 4.5 && contrast(primary, mix(primary, 0.2, DARK_BG_2)) >= 4.5
    : contrast(primary, WHITE) >= 4.5 && contrast(primary, FILL_2) >= 4.5;
}

/**
 * A primary palette whose sixth step, the one Arco paints text, links and filled buttons with, reads
 * at 4.5:1 (docs/accessibility.md, "Contrast"): the steps from the fifth on move along the palette
 * (darker in the light theme, lighter in the dark) until it does. The default colour #1890ff is
 * 3.2:1 under white text: its light palette's sixth step becomes its seventh, 15,109,210 (5.1:1).
 */
export function readablePalette(palette: readonly string[], dark: boolean): string[] {
  let shift = 0;
  while (5 + shift < palette.length - 1 && !readable(rgb(palette[5 + shift]), dark)) shift += 1;
  return palette.map((step, i) => (i < 4 ? step : palette[Math.min(palette.length - 1, i + shift)]));
}
