// The script vite.prerenderLogin.ts inlines in index.html's body, right after the root element: a
// visit without a session gets the login form with the page's first frame, from the markup the
// build rendered (pages/login/firstFrame.tsx), in the stored language and theme, before any of the
// console's code has loaded (issue 14). The login page takes it over when it renders
// (pages/login/firstFrameHandOff.ts).
import { DEFAULT_SETTINGS } from '@shared/settings';
import { storedLanguage } from '../i18n/stored';
import { tokenFromCookie } from '../stores/tokenCookie';
import { storedSettings } from '../stores/storedSettings';
import { FIRST_FRAME_ATTRIBUTE, firstFrameTemplateId } from '../pages/login/firstFrameHandOff';
import { hashPath, LOGIN_PATH, OPEN_PATHS } from './openPaths';
import { DEFAULT_PALETTE, paintTheme } from './themePalette';

function showLoginFirstFrame() {
  const path = hashPath(window.location.hash);
  // A session goes on to its view (or, on /login, is sent on); open pages are not the login page.
  if (tokenFromCookie() || (path !== LOGIN_PATH && OPEN_PATHS.includes(path))) return;
  const template = document.getElementById(firstFrameTemplateId(storedLanguage()));
  const root = document.getElementById('root');
  if (!(template instanceof HTMLTemplateElement) || !root || root.firstChild) return;
  const { customTheme, theme } = storedSettings();
  const dark = customTheme === 'dark';
  // Another theme colour needs the colour library: the console paints it when it starts.
  paintTheme(dark, theme.toLowerCase() === DEFAULT_SETTINGS.theme ? DEFAULT_PALETTE[dark ? 'dark' : 'light'] : null);
  const frame = template.content.cloneNode(true) as DocumentFragment;
  (frame.firstElementChild as HTMLElement).setAttribute(FIRST_FRAME_ATTRIBUTE, '');
  root.appendChild(frame);
}

try {
  showLoginFirstFrame();
} catch (err) {
  // Only a head start (storage refused, say): the login page renders when its code is in.
  console.warn('The login form\'s first frame was not shown', err);
}
