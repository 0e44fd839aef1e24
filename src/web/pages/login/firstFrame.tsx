import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { LANGUAGES, type Language } from '@shared/i18n/languages';
import { i18n, LANGUAGE_KEY } from '../../i18n';
import Login from './index';

/**
 * The login page as its first render draws it, in each language: the markup the build writes into
 * index.html (vite.prerenderLogin.ts), so the form is on screen with the page's first frame, before
 * any script has loaded (issue 14). Rendered by the build in node, from the component itself.
 */
export function loginFirstFrames(): Record<Language, string> {
  const out = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    localStorage.setItem(LANGUAGE_KEY, lang);
    void i18n.changeLanguage(lang);
    out[lang] = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/login']}><Login /></MemoryRouter>
      </I18nextProvider>,
    );
  }
  return out;
}
