export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Whether a value is a supported language's tag, exactly. */
export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l === value);
/** A supported language's tag as a Language (i18next's current one is always one), else the default. */
export const languageOf = (tag: string | null | undefined): Language => (isLanguage(tag) ? tag : DEFAULT_LANGUAGE);

/** Picks a supported language from a `lang` query value or an Accept-Language header. */
export function pickLanguage(...candidates: (string | undefined | null)[]): Language {
  for (const raw of candidates) {
    if (!raw) continue;
    for (const part of raw.split(',')) {
      const tag = part.split(';')[0].trim().toLowerCase();
      if (tag.startsWith('en')) return 'en-US';
      if (tag.startsWith('zh')) return 'zh-CN';
    }
  }
  return DEFAULT_LANGUAGE;
}
