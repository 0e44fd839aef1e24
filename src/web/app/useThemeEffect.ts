import { useLayoutEffect } from 'react';
import { useSnapshot } from 'valtio';
import { settings } from '../stores/settings';
import { paintTheme, primaryPalette, rememberPalette } from './themePalette';

/** Applies the theme type (Arco's dark mode) and the theme colour as Arco's primary palette. */
export function useThemeEffect() {
  const { customTheme, theme } = useSnapshot(settings);
  // Before the first paint, so a dark console never flashes light.
  useLayoutEffect(() => {
    const dark = customTheme === 'dark';
    const palette = primaryPalette(theme, dark);
    if (!('then' in palette)) return paintTheme(dark, palette);
    paintTheme(dark, null);
    // A newer choice made while the colour library loaded wins.
    let current = true;
    void palette.then((p) => {
      if (current) paintTheme(dark, p);
      // Kept for the login form's first frame at the next visit (firstFrameInline.ts); only a head start.
      try {
        rememberPalette(theme, dark, p);
      } catch (err) {
        console.warn('The theme colour\'s palette was not kept for the next visit', err);
      }
    });
    return () => { current = false; };
  }, [customTheme, theme]);
}
