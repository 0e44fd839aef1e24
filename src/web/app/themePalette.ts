import { DEFAULT_SETTINGS } from '@shared/settings';

/**
 * Arco's primary palette for the default theme colour (spec section 9: #1890ff) as `r,g,b`
 * triples, light and dark: what `generate` of @arco-design/color gives (themePalette.test.ts
 * checks it), written out so the first paint, the login page's included, needs no colour
 * library. Another colour loads the library.
 */
export const DEFAULT_PALETTE = {
  light: ['232,248,255', '190,232,255', '149,214,255', '107,193,255', '66,170,255', '24,144,255', '15,109,210', '8,79,166', '3,52,121', '0,29,77'],
  dark: ['0,29,77', '5,53,121', '16,83,166', '30,117,210', '49,156,255', '62,168,255', '106,192,255', '149,214,255', '192,233,255', '236,249,255'],
} as const;

/** The ten `--primary-N` values of a theme colour: at once for the default, after loading the library for any other. */
export function primaryPalette(theme: string, dark: boolean): readonly string[] | Promise<string[]> {
  if (theme.toLowerCase() === DEFAULT_SETTINGS.theme) return DEFAULT_PALETTE[dark ? 'dark' : 'light'];
  return generatePalette(theme, dark);
}

export async function generatePalette(theme: string, dark: boolean): Promise<string[]> {
  const { generate, getRgbStr } = await import('@arco-design/color');
  return (generate(theme, { list: true, dark }) as string[]).map(getRgbStr);
}

/**
 * Puts the theme type (Arco's dark mode) and a primary palette on the page; no palette leaves the
 * one there. Used by the console (useThemeEffect) and by the first frame's script (index.html).
 */
export function paintTheme(dark: boolean, palette: readonly string[] | null) {
  if (dark) document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  palette?.forEach((rgb, i) => document.body.style.setProperty(`--primary-${i + 1}`, rgb));
}
