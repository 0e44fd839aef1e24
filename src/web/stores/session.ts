import Cookies from 'js-cookie';
import { proxy, ref } from 'valtio';
import type { CurrentUserInfo, DictGroups } from '@shared/api/session';
import { buildRoutes, indexRoutes, type AppRoute } from '../app/routeTable';
import { TOKEN_COOKIE, tokenFromCookie } from './tokenCookie';

export { TOKEN_COOKIE };
const BUTTONS_KEY = 'buttonList';

interface SessionState {
  token: string;
  user: CurrentUserInfo | null;
  routes: AppRoute[];
  routeIndex: Map<string, AppRoute>;
  buttons: string[];
  dict: DictGroups;
  loaded: boolean;
  dictVersion: string;
  signedOut: boolean;
}

/** The signed-in user, the routes made from their menu tree, their buttons and the dictionaries. */
export const session = proxy<SessionState>({
  token: tokenFromCookie() ?? '',
  user: null,
  routes: [],
  routeIndex: ref(new Map<string, AppRoute>()),
  buttons: [],
  dict: {},
  loaded: false,
  /** The server's dictionary version when `dict` was fetched (x-dict-version). */
  dictVersion: '',
  /** Set by an explicit logout: the login page then opens without a redirect back. */
  signedOut: false,
});

export function setToken(token: string) {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
  session.token = token;
  session.signedOut = false;
}

/** The token as the cookie holds it now (another tab may have signed in or out). */
export const getToken = tokenFromCookie;

/** After user info arrives: routes and buttons from the menu tree (docs/product.md#session). */
export function setUser(user: CurrentUserInfo, dict: DictGroups) {
  const routes = buildRoutes(user.menuTree);
  session.user = user;
  session.routes = routes;
  session.routeIndex = ref(indexRoutes(routes));
  session.buttons = user.buttonList;
  session.dict = dict;
  session.loaded = true;
  // docs/product.md#permissions: button permissions are kept in local storage too.
  localStorage.setItem(BUTTONS_KEY, JSON.stringify(user.buttonList));
}

/** Logout and failed loads: token, routes, permissions go; open views are reset by the caller. */
export function clearSession(opts: { signedOut?: boolean } = {}) {
  session.signedOut = opts.signedOut ?? false;
  Cookies.remove(TOKEN_COOKIE);
  localStorage.removeItem(BUTTONS_KEY);
  // The offline copy of the user's menu (offline/heldSession.ts) goes with the session.
  localStorage.removeItem('offline.session');
  session.token = '';
  session.user = null;
  session.routes = [];
  session.routeIndex = ref(new Map());
  session.buttons = [];
  session.dict = {};
  session.dictVersion = '';
  session.loaded = false;
}
