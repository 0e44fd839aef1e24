import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { createHashRouter, Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PageLoading } from '../kit/PageLoading';
// In the entry, not lazy: the first page of every visit without a session, shown without a second round trip.
import Login from '../pages/login';
import { session } from '../stores/session';
import { LOGIN_PATH, loginRedirect } from './openPaths';
import { Layout, loadSignedIn, loadView, SignedIn, viewLoaded } from '../firstPaint/prefetch';
import { preloadable, useLoadedFirst, type Module, type Preloadable } from '../firstPaint/preloadable';

const AuthRedirect = lazy(() => import('../pages/login/AuthRedirect'));
const ErrorPage = lazy(() => import('../pages/error'));
const Wall = preloadable(() => import('../pages/wall'));

const suspense = (node: ReactNode) => <Suspense fallback={<PageLoading fullscreen />}>{node}</Suspense>;

/**
 * The route guard's first step, in the entry (docs/product.md#session): no token goes to login with the
 * redirect, before any of the signed-in code loads. With a token, the session loader
 * (SessionGate, with the console's providers) and the view's own code load side by side; the
 * session is checked as soon as the gate's code is in, so an expired token goes back to login
 * without waiting for the view's.
 *
 * Until the code is in, the guard shows the loading page itself rather than through a Suspense
 * fallback: React reveals a boundary that showed its fallback no sooner than 300 ms
 * after it showed, so home's first chart waited some 190 ms for a shell that had arrived.
 */
function RequireToken({ children, view }: { children: ReactNode; view?: GuardedView }) {
  const { token, signedOut } = useSnapshot(session);
  const { pathname, search } = useLocation();
  const preloaded = useRef(false);
  const gateReady = useLoadedFirst(token ? loadSignedIn : undefined, () => SignedIn.loaded() !== undefined);
  useEffect(() => {
    if (!token || preloaded.current) return;
    preloaded.current = true;
    // The user-info call starts as soon as the gate's module is in, not when React gets to render it.
    if (!session.loaded) void loadSignedIn().then((gate) => gate.loadSession()).catch(() => undefined);
    // A failed early load is not an error: the view imports the module again when it renders, and shows its error there.
    void view?.load(pathname).catch(() => undefined);
  }, [token, view, pathname]);
  if (!token) return <Navigate to={signedOut ? LOGIN_PATH : loginRedirect(pathname + search)} replace />;
  if (!gateReady) return <PageLoading fullscreen />;
  return suspense(<SignedIn>{suspense(view ? <ViewReady view={view} path={pathname}>{children}</ViewReady> : children)}</SignedIn>);
}

/** Inside the session gate: the view once its code is in (started by the guard), the loading page until then. */
function ViewReady({ view, path, children }: { view: GuardedView; path: string; children: ReactNode }) {
  const ready = useLoadedFirst(() => view.load(path), () => view.loaded(path));
  return ready ? children : <PageLoading fullscreen />;
}

/** What a guarded route renders, to load ahead: the session gate's code and the view's own. */
interface GuardedView {
  load(path: string): Promise<unknown>;
  loaded(path: string): boolean;
}
/** The layout with the page at the path (home with its whole first view). */
const consoleView: GuardedView = { load: loadView, loaded: viewLoaded };
/** A view in a window of its own, without the layout: a print card, a wall screen. */
const standaloneView = (View: Preloadable<Module>): GuardedView => ({
  load: () => Promise.all([loadSignedIn(), View.load()]),
  loaded: () => SignedIn.loaded() !== undefined && View.loaded() !== undefined,
});

/** docs/product.md#routes-and-screens: print and report cards, opened in their own window for the print dialog. */
export const PRINT_CARDS = {
  '/tyreReportCard': preloadable(() => import('../pages/print/TyreReport')),
  '/prCard': preloadable(() => import('../pages/print/OrderCard')),
  '/prCard2': preloadable(() => import('../pages/print/BarcodeLabels')),
  '/prCardCopy': preloadable(() => import('../pages/print/OrderCardCopy')),
  '/trCardCopy': preloadable(() => import('../pages/print/TransferCardCopy')),
  '/bhdCardCopy': preloadable(() => import('../pages/print/PickingList')),
  '/LocationReport': preloadable(() => import('../pages/print/LocationLabels')),
};

/**
 * Public routes and error pages are fixed; everything else renders inside the layout, which
 * resolves the path against the routes made from the user's menu tree.
 */
export const router = createHashRouter([
  { path: '/login', element: <Login /> },
  { path: '/auth-redirect', element: suspense(<AuthRedirect />) },
  { path: '/404', element: suspense(<ErrorPage status={404} />) },
  { path: '/401', element: suspense(<ErrorPage status={401} />) },
  { path: '/error/404', element: <Navigate to="/404" replace /> },
  { path: '/error/401', element: <Navigate to="/401" replace /> },
  ...Object.entries(PRINT_CARDS).map(([path, Card]) => ({ path, element: <RequireToken view={standaloneView(Card)}><Card /></RequireToken> })),
  // Wall screens: full screen dashboards without the layout (dashboards/*.ts).
  { path: '/wall/:id', element: <RequireToken view={standaloneView(Wall)}><Wall /></RequireToken> },
  { path: '*', element: <RequireToken view={consoleView}><Layout /></RequireToken> },
]);
