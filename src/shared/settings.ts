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

const valid: { [K in keyof Settings]: (v: unknown) => boolean } = {
  theme: (v) => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v),
  tagsView: (v) => typeof v === 'boolean',
  fixedHeader: (v) => typeof v === 'boolean',
  sidebarLogo: (v) => typeof v === 'boolean',
  showSidebar: (v) => typeof v === 'boolean',
  showTopTitle: (v) => typeof v === 'boolean',
  showTopMenu: (v) => typeof v === 'boolean',
  isHorizontal: (v) => typeof v === 'boolean',
  customTheme: (v) => v === 'dark' || v === 'light',
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
  if (!value || typeof value !== 'object') return out;
  for (const key of Object.keys(valid) as (keyof Settings)[]) {
    const v = (value as Record<string, unknown>)[key];
    if (valid[key](v)) (out as unknown as Record<string, unknown>)[key] = v;
  }
  return out;
}
