import { isRecord } from './must';

/**
 * Display settings (docs/product.md#entities), stored locally and on the server as a JSON string.
 * Plain checks rather than zod: this runs in the console's first bundle, where zod would
 * cost more than the whole login page.
 */
export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSidebar: boolean;
  showTopTitle: boolean;
  showTopMenu: boolean;
  isHorizontal: boolean;
  customTheme: 'dark' | 'light';
}

/** docs/product.md#constants: theme colour #1890ff, theme dark. */
export const DEFAULT_SETTINGS: Settings = Object.freeze({
  theme: '#1890ff',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  showSidebar: true,
  showTopTitle: true,
  showTopMenu: true,
  isHorizontal: false,
  customTheme: 'dark',
});

const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
/** Each field's value when valid, else undefined. */
const valid: { [K in keyof Settings]: (v: unknown) => Settings[K] | undefined } = {
  theme: (v) => (typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v) ? v : undefined),
  tagsView: flag,
  fixedHeader: flag,
  sidebarLogo: flag,
  showSidebar: flag,
  showTopTitle: flag,
  showTopMenu: flag,
  isHorizontal: flag,
  customTheme: (v) => (v === 'dark' || v === 'light' ? v : undefined),
};

/** Reads a stored settings string, keeping every valid field and defaulting the rest. */
export function parseSettings(raw: string | null | undefined): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  if (!raw) return out;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return out;
  }
  if (!isRecord(value)) return out;
  const stored = value;
  const read = <K extends keyof Settings>(key: K): Settings[K] => valid[key](stored[key]) ?? DEFAULT_SETTINGS[key];
  return {
    theme: read('theme'), tagsView: read('tagsView'), fixedHeader: read('fixedHeader'), sidebarLogo: read('sidebarLogo'), showSidebar: read('showSidebar'),
    showTopTitle: read('showTopTitle'), showTopMenu: read('showTopMenu'), isHorizontal: read('isHorizontal'), customTheme: read('customTheme'),
  };
}
