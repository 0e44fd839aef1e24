import type { Language } from '../../../shared/i18n/languages';

type Texts = Record<string, Record<Language, string>>;

/** A mail's texts in both languages, said with `{name}` filled from its parameters (a missing one says nothing). */
export const sayer = <T extends Texts>(texts: T) => (key: keyof T, lang: Language, params: Record<string, string | number> = {}): string =>
  texts[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** Text put into a mail's HTML as text. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
