import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/i18n/languages';
import { messageTable } from '@shared/i18n/messages';
import en from './en-US';
import zh from './zh-CN';
import { LANGUAGE_KEY, storedLanguage } from './stored';

export { LANGUAGE_KEY, storedLanguage };

/** The messages shared with the server (validation, errors), under the `msg` namespace. */
const sharedMessages = (lang: Language) =>
  Object.fromEntries(Object.entries(messageTable).map(([k, v]) => [k, v[lang].replace(/\{(\w+)\}/g, '{{$1}}')]));

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  // A page's own namespace falls back to the shell's strings (kit, common).
  fallbackNS: 'translation',
  resources: {
    'zh-CN': { translation: zh, msg: sharedMessages('zh-CN') },
    'en-US': { translation: en, msg: sharedMessages('en-US') },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
});

// Screen readers and the browser read the page in its language (index.html's first script says so too).
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Spec: choosing a language stores it and reloads the page, so menus come back in it. */
export function switchLanguage(lang: Language) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  window.location.reload();
}

/** A page's own strings, zh-CN and en-US side by side, added under the page's namespace. */
export function defineLocale<T extends Record<string, unknown>>(ns: string, strings: { 'zh-CN': T; 'en-US': T }) {
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, ns, strings[lang], true, true);
  return ns;
}
