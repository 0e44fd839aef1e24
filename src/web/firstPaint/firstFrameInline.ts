// The script build/prerenderLogin.ts inlines in index.html's body, right after the root element: a
// visit without a session gets the login form with the page's first frame, from the markup the
// build rendered (loginFirstFrame.tsx), in the stored language and theme, before any of the
// console's code has loaded. The login page takes it over when it renders
// (loginFirstFrameHandOff.ts).
import { storedLanguage } from '../i18n/stored';
import { tokenFromCookie } from '../stores/tokenCookie';
import { storedSettings } from '../stores/storedSettings';
import { FIRST_FRAME_ATTRIBUTE, firstFrameTemplateId } from './loginFirstFrameHandOff';
import { hashLocation, isLoginPath, isOpenPath, loginRedirect } from '../app/openPaths';
import { firstFramePalette, paintTheme } from '../app/themePalette';

function showLoginFirstFrame() {
  // The page's language is the stored one from the first frame on (index.html says zh-CN, the default).
  const lang = storedLanguage();
  document.documentElement.lang = lang;
  const { pathname: path, search } = hashLocation(window.location.hash);
  // A session goes on to its view (or, on /login, is sent on); open pages are not the login page.
  if (tokenFromCookie() || isOpenPath(path)) return;
  const template = document.getElementById(firstFrameTemplateId(lang));
  const root = document.getElementById('root');
  if (!(template instanceof HTMLTemplateElement) || !root || root.firstChild) return;
  const { customTheme, theme } = storedSettings();
  const dark = customTheme === 'dark';
  // A colour not seen on this browser yet needs the colour library: the console paints it when it starts.
  paintTheme(dark, firstFramePalette(theme, dark));
  // Any other path goes to login with the way back, as the route guard would send it: said here,
  // the router starts on the login page, and the form is never taken off the screen meanwhile.
  if (!isLoginPath(path)) window.history.replaceState(window.history.state, '', `#${loginRedirect(path + search)}`);
  const frame = document.importNode(template.content, true);
  frame.firstElementChild?.setAttribute(FIRST_FRAME_ATTRIBUTE, '');
  root.appendChild(frame);
}

try {
  showLoginFirstFrame();
} catch (err) {
  // Only a head start (storage refused, say): the login page renders when its code is in.
  console.warn('The login form\'s first frame was not shown', err);
}
