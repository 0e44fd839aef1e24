/**
 * The code of the signed-in console, loaded by dynamic imports only, so the entry and the login
 * page stay as small as they are (issue 14: nothing of a route, chart, dashboard or dictionary
 * ahead of the login form). The router renders these modules; the functions here start them
 * early, so they download side by side instead of one after another as each renders.
 */
import { HOME_PATH } from './constantRoutes';
import { preloadable } from './preloadable';

// A failed early load is not an error: the route imports the module again when it renders.
const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);

/** The session gate with the console's providers, and the layout: rendered by the router, loaded ahead by it. */
export const SignedIn = preloadable(() => import('./SessionGate'));
export const Layout = preloadable(() => import('../layout'));
export const loadSignedIn = () => SignedIn.load();
export const loadLayout = () => Layout.load();

/**
 * The signed-in shell and the home page with its dashboard (filter bar, chart library, the home
 * definition), fetched side by side; once the layout is in, the components that render home are
 * told their modules are in (layout's `preloadPage`), so none suspends when its turn comes.
 */
export function loadHome(): void {
  quietly(loadSignedIn());
  quietly(loadLayout().then((layout) => layout.preloadPage(HOME_PATH)));
  quietly(import('../pages/home'));
  quietly(import('../kit/dashboard/FilterBar'));
  quietly(import('../kit/chart/Chart'));
  // The definition's file beside the shell, not after it: the registry, in the shell, asks for it only
  // once the shell has come and run (a round trip more, 60 to 300 ms, before home's first chart).
  quietly(import('../../../dashboards/home'));
  quietly(import('../kit/dashboard/registry').then((r) => r.loadDashboard('home')));
}

/**
 * While the sign-in page waits for the user, load what the first page after it needs. Each is
 * otherwise fetched only when the previous one has rendered, a chain of round trips and parses
 * after the sign-in click (DESIGN.md budgets). Called once the form is on screen and its own
 * calls are done; the browser starts when it is idle, so nothing competes with the form.
 */
export function prefetchHomeWhenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(loadHome, { timeout: 2000 });
  else setTimeout(loadHome, 300);
}
