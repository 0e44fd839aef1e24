import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { LANGUAGES, type Language } from '@shared/i18n/languages';
import { i18n, LANGUAGE_KEY } from '../i18n';
import Login from '../pages/login/index';

/**
 * The login page as its first render draws it, in each language: the markup the build writes into
 * index.html (build/prerenderLogin.ts), so the form is on screen with the page's first frame, before
 * any script has loaded. Rendered by the build in node, from the component itself; the
 * language it found is put back.
 */
export function loginFirstFrames(): Record<Language, string> {
  // Each language's markup, written below for every one of LANGUAGES.
  const out: Record<Language, string> = { 'zh-CN': '', 'en-US': '' };
  const had = { stored: localStorage.getItem(LANGUAGE_KEY), language: i18n.language };
  try {
    for (const lang of LANGUAGES) {
      localStorage.setItem(LANGUAGE_KEY, lang);
      // Synchronous: every language's strings are in the bundle (i18n/index.ts, initAsync: false).
      void i18n.changeLanguage(lang);
      if (i18n.language !== lang) throw new Error(`the login page's strings in ${lang} did not load at once`);
      // React hoists a preload of the form's image ahead of the markup: the image is in the markup itself.
      out[lang] = renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/login']}><Login /></MemoryRouter>
        </I18nextProvider>,
      ).replace(/^(<link [^>]*>)+/, '');
    }
  } finally {
    if (had.stored === null) localStorage.removeItem(LANGUAGE_KEY);
    else localStorage.setItem(LANGUAGE_KEY, had.stored);
    void i18n.changeLanguage(had.language);
  }
  return out;
}
