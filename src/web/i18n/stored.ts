import { languageOf, type Language } from '@shared/i18n/languages';

/** Where the console keeps the chosen language (docs/product.md#entities). Apart from i18next, for the page's first script. */
export const LANGUAGE_KEY = 'language';

export function storedLanguage(): Language {
  return languageOf(localStorage.getItem(LANGUAGE_KEY));
}
