import { DEFAULT_SETTINGS } from '@shared/settings';
import { readablePalette } from './readablePalette';
import { isRecord } from '@shared/must';

/**
 * Arco's primary palette for the default theme colour (docs/product.md#constants: #1890ff) as `r,g,b`
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
  return defaultPalette(theme, dark) ?? generatePalette(theme, dark);
}

/** The default theme colour's palette, written out above; null for another colour. */
const defaultPalette = (theme: string, dark: boolean) =>
  (theme.toLowerCase() === DEFAULT_SETTINGS.theme ? DEFAULT_PALETTE[dark ? 'dark' : 'light'] : null);

export async function generatePalette(theme: string, dark: boolean): Promise<string[]> {
  const { generate, getRgbStr } = await import('@arco-design/color');
  const colours = generate(theme, { list: true, dark });
  return (Array.isArray(colours) ? colours : [colours]).map(getRgbStr);
}

/** Ten `r,g,b` colours, as rememberPalette writes them. */
const isPalette = (palette: unknown): palette is string[] =>
  Array.isArray(palette) && palette.length === 10 && palette.every((rgb) => typeof rgb === 'string' && /^\d{1,3},\d{1,3},\d{1,3}$/.test(rgb));

/** The last palette generated for a theme colour, kept for the page's first script (it has no colour library). */
const PALETTE_KEY = 'themePalette';

export function rememberPalette(theme: string, dark: boolean, palette: readonly string[]) {
  localStorage.setItem(PALETTE_KEY, JSON.stringify({ theme: theme.toLowerCase(), dark, palette }));
}

/**
 * The palette the page's first script paints (the login form's first frame): the default colour's,
 * or the one last generated for this colour on this browser; none for a colour not seen here yet.
 */
export function firstFramePalette(theme: string, dark: boolean): readonly string[] | null {
  const known = defaultPalette(theme, dark);
  if (known) return known;
  let kept: unknown;
  try {
    kept = JSON.parse(localStorage.getItem(PALETTE_KEY) ?? 'null');
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    return null; // not what rememberPalette wrote
  }
  const { theme: keptTheme, dark: keptDark, palette }: Record<string, unknown> = isRecord(kept) ? kept : {};
  return isPalette(palette) && keptTheme === theme.toLowerCase() && keptDark === dark ? palette : null;
}

/**
 * Puts the theme type (Arco's dark mode) and a primary palette on the page, made readable
 * (readablePalette.ts); no palette leaves the one there. Used by the console (useThemeEffect) and by
 * the first frame's script (index.html).
 */
export function paintTheme(dark: boolean, palette: readonly string[] | null) {
  if (dark) document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  if (palette) readablePalette(palette, dark).forEach((rgb, i) => document.body.style.setProperty(`--primary-${i + 1}`, rgb));
}
