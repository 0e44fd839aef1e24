/**
 * The code of the signed-in console, loaded by dynamic imports only, so the entry and the login
 * page stay as small as they are (nothing of a route, chart, dashboard or dictionary
 * ahead of the login form). The router renders these modules; the functions here start them
 * early, so they download side by side instead of one after another as each renders.
 */
import { HOME_PATH, isHomePath } from '../app/homePath';
import { whenIdle } from '../kit/whenIdle';
import { preloadable } from './preloadable';

/** The session gate with the console's providers, and the layout: rendered by the router, loaded ahead by it. */
export const SignedIn = preloadable(() => import('../app/SessionGate'));
export const Layout = preloadable(() => import('../layout'));
export const loadSignedIn = () => SignedIn.load();
export const loadLayout = () => Layout.load();

/**
 * Each view's load, started once (the guard, the view's own placeholder and the sign-in page's idle
 * prefetch ask for the same one) and whether it has settled well. A failed one is forgotten, so
 * the next ask tries again.
 */
const views = new Map<string, { loading: Promise<void>; done: boolean }>();
function loadOnce(key: string, load: () => Promise<unknown>): Promise<void> {
  const known = views.get(key);
  if (known) return known.loading;
  const view = {
    done: false,
    loading: load().then(() => { view.done = true; }, (err: unknown) => {
      views.delete(key);
      throw err;
    }),
  };
  views.set(key, view);
  return view.loading;
}

/**
 * The signed-in shell and the home page with its dashboard (chart library, the home definition),
 * fetched side by side; once the layout is in, the components that render home are told their
 * modules are in (layout's `loadPage`), so none suspends when its turn comes. Settles when all
 * of it is in.
 */
export const loadHome = (): Promise<void> => loadOnce(HOME_PATH, () => Promise.all([
  loadSignedIn(),
  loadLayout().then((layout) => layout.loadPage(HOME_PATH)),
  import('../kit/chart/Chart'),
  // Home's definition is in the shell's chunk (build/chunks.ts); this puts it in the registry's cache.
  import('../kit/dashboard/registry').then((r) => r.loadDashboard('home')),
]));

/** The signed-in shell and the page at `path`, home's whole first view where it is home; settles when they are in. */
export function loadView(path: string): Promise<void> {
  if (isHomePath(path)) return loadHome();
  // A path that is no page's own (a section, a redirect) is left to the page area, which resolves it.
  return loadOnce(path, () => Promise.all([
    loadSignedIn(),
    loadLayout().then((layout) => (layout.hasPage(path) ? layout.loadPage(path) : undefined)),
  ]));
}

/**
 * At the entry, signed in on home: home's first view starts loading as the entry runs (index.html's
 * first script has fetched its files already), not once the route guard's first render has run
 * its effects: the shell's and the chart library's code then run before React's first render
 * rather than after it.
 */
export function loadHomeAtEntry(path: string): void {
  // A failed early load is not an error: the guard loads the view again and shows its error there.
  if (isHomePath(path)) void loadHome().catch(() => undefined);
}

/** Whether `loadView(path)` has brought everything in. */
export const viewLoaded = (path: string) => views.get(isHomePath(path) ? HOME_PATH : path)?.done ?? false;

/**
 * While the sign-in page waits for the user, load what the first page after it needs. Each is
 * otherwise fetched only when the previous one has rendered, a chain of round trips and parses
 * after the sign-in click (docs/architecture.md#budgets). Called once the form is on screen and its own
 * calls are done; the browser starts when it is idle, so nothing competes with the form.
 */
export function prefetchHomeWhenIdle(): void {
  // A failed early load is not an error: the route imports the module again when it renders.
  whenIdle(() => void loadHome().catch(() => undefined));
}
