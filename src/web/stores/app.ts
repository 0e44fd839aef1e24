import Cookies from 'js-cookie';
import { proxy } from 'valtio';

/** docs/product.md#constants: below this width the layout is in mobile mode. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 180;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

const SIDEBAR_COOKIE = 'sidebarStatus';

export const appState = proxy<{ sidebar: { opened: boolean; withoutAnimation: boolean }; device: 'mobile' | 'desktop'; settingsOpen: boolean }>({
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) !== '0', withoutAnimation: false },
  device: window.innerWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop',
  settingsOpen: false,
});

/** Opening or closing the sidebar; on a desk the choice is remembered in a cookie. */
export function setSidebar(opened: boolean, withoutAnimation = false) {
  appState.sidebar.opened = opened;
  appState.sidebar.withoutAnimation = withoutAnimation;
  if (appState.device === 'desktop') Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { sameSite: 'Lax' });
}

export function setDevice(device: 'mobile' | 'desktop') {
  if (appState.device === device) return;
  appState.device = device;
  // Spec: in mobile mode the sidebar closes; back on a desk it returns as it was left.
  if (device === 'mobile') setSidebar(false, true);
  else appState.sidebar.opened = Cookies.get(SIDEBAR_COOKIE) !== '0';
}
