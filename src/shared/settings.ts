import { z } from 'zod';

/** Display settings (spec section 3), stored locally and on the server as a JSON string. */
export const settingsSchema = z.object({
  theme: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#1890ff'),
  tagsView: z.boolean().default(true),
  fixedHeader: z.boolean().default(true),
  sidebarLogo: z.boolean().default(true),
  showSidebar: z.boolean().default(true),
  showTopTitle: z.boolean().default(true),
  showTopMenu: z.boolean().default(true),
  isHorizontal: z.boolean().default(false),
  customTheme: z.enum(['dark', 'light']).default('dark'),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Reads a stored settings string, keeping every valid field and defaulting the rest. */
export function parseSettings(raw: string | null | undefined): Settings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return { ...DEFAULT_SETTINGS };
    const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const [key, field] of Object.entries(settingsSchema.shape)) {
      const parsed = field.safeParse((value as Record<string, unknown>)[key]);
      if (parsed.success && (value as Record<string, unknown>)[key] !== undefined) out[key] = parsed.data;
    }
    return out as Settings;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}
