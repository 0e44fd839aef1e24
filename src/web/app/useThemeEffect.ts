import { generate, getRgbStr } from '@arco-design/color';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { settings } from '../stores/settings';

/** Applies the theme type (Arco's dark mode) and the theme colour as Arco's primary palette. */
export function useThemeEffect() {
  const { customTheme, theme } = useSnapshot(settings);
  useEffect(() => {
    const dark = customTheme === 'dark';
    if (dark) document.body.setAttribute('arco-theme', 'dark');
    else document.body.removeAttribute('arco-theme');
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    const palette = generate(theme, { list: true, dark }) as string[];
    palette.forEach((color, i) => document.body.style.setProperty(`--primary-${i + 1}`, getRgbStr(color)));
  }, [customTheme, theme]);
}
