import { useLayoutEffect } from 'react';
import { useSnapshot } from 'valtio';
import { settings } from '../stores/settings';
import { primaryPalette } from './themePalette';

/** Applies the theme type (Arco's dark mode) and the theme colour as Arco's primary palette. */
export function useThemeEffect() {
  const { customTheme, theme } = useSnapshot(settings);
  // Before the first paint, so a dark console never flashes light.
  useLayoutEffect(() => {
    const dark = customTheme === 'dark';
    if (dark) document.body.setAttribute('arco-theme', 'dark');
    else document.body.removeAttribute('arco-theme');
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    const apply = (palette: readonly string[]) => palette.forEach((rgb, i) => document.body.style.setProperty(`--primary-${i + 1}`, rgb));
    const palette = primaryPalette(theme, dark);
    if (!('then' in palette)) return apply(palette);
    // A newer choice made while the colour library loaded wins.
    let current = true;
    void palette.then((p) => current && apply(p));
    return () => { current = false; };
  }, [customTheme, theme]);
}
