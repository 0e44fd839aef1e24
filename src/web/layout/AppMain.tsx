import { Activity, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { CONSTANT_ROUTES } from '../app/constantRoutes';
import { loadPage, pageFor } from '../app/pageRegistry';
import { useLoadedFirst } from '../firstPaint/preloadable';
import { resolvePath } from '../app/resolve';
import { SCAN_ENTRY_PATH, scanEntryPath } from '../offline/scanEntry';
import type { AppRoute } from '../app/routeTable';
import { ViewContext, type ViewInfo } from '../app/viewContext';
import { ErrorBoundary } from '../kit/ErrorBoundary';
import { PageLoading } from '../kit/PageLoading';
import { session } from '../stores/session';
import { tagsState, visit } from '../stores/tags';
import { viewTitle } from './tagsView/tagsRules';

/** Titles of constant routes are i18n keys; menu routes carry the server's label. */
export function useRouteTitle() {
  const { t } = useTranslation();
  return (route: AppRoute) => viewTitle(route.kind === 'constant' ? t(route.meta.title) : route.meta.title);
}

/** The page area's id: the skip link moves the keyboard's focus there. */
export const MAIN_ID = 'main-content';

/**
 * A view's page once its code is in, with its own loading state until then rather than a Suspense
 * fallback, whose reveal React holds until 300 ms after it showed (useLoadedFirst): every first
 * visit to a page took some 340 to 450 ms from the click, the page's code in after 50 to 150.
 */
function LoadedPage({ path }: { path: string }) {
  const Page = pageFor(path);
  const ready = useLoadedFirst(() => loadPage(path), () => Page.loaded() !== undefined);
  return ready ? <Page /> : <PageLoading />;
}

/**
 * The page area. Every visited view that may be cached stays mounted inside React's
 * <Activity>: hidden views keep their state (filters, scroll, form input) and their effects
 * pause, so a background dashboard stops polling (docs/architecture.md#the-console).
 */
export function AppMain() {
  const location = useLocation();
  const { routeIndex, buttons } = useSnapshot(session);
  const { views, refreshKeys } = useSnapshot(tagsState);
  const { t } = useTranslation();
  const titleOf = useRouteTitle();
  const resolution = resolvePath(location.pathname, location.search, routeIndex);
  const current = resolution.kind === 'view' ? resolution.route : null;
  const fullPath = location.pathname + location.search;

  // Pinned (affix) views are in the tab bar from the start, whichever page the user opened first.
  useEffect(() => {
    for (const route of CONSTANT_ROUTES.filter((r) => r.meta.affix)) {
      visit({ path: route.path, fullPath: route.path, title: t(route.meta.title), affix: true, noCache: route.meta.noCache });
    }
  }, [t]);

  const title = current ? titleOf(current) : '';
  const currentPath = current?.path;
  const affix = current?.meta.affix ?? false;
  const noCache = current?.meta.noCache ?? false;
  useEffect(() => {
    if (!currentPath) return;
    visit({ path: currentPath, fullPath, title, affix, noCache });
    document.title = `${title} - ${t('app.title')}`;
  }, [currentPath, fullPath, title, affix, noCache, t]);

  // A hidden view is display:none, which loses its scroll position; keep it per view.
  const main = useRef<HTMLElement>(null);
  const scrollTops = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const box = main.current;
    if (!box || !currentPath) return;
    box.scrollTop = scrollTops.current.get(currentPath) ?? 0;
    const remember = () => scrollTops.current.set(currentPath, box.scrollTop);
    box.addEventListener('scroll', remember, { passive: true });
    return () => box.removeEventListener('scroll', remember);
  }, [currentPath]);

  const mounted = useMemo(() => {
    const list = views.filter((v) => !v.noCache).map((v) => v.path);
    if (current && !list.includes(current.path)) list.push(current.path);
    return list;
  }, [views, current]);

  // The installed console's start (docs/offline-floor.md): the first scanning list this user reaches.
  if (location.pathname === SCAN_ENTRY_PATH) return <Navigate to={scanEntryPath(routeIndex.values(), buttons)} replace />;
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  if (resolution.kind === 'notFound') return <Navigate to="/404" replace />;

  return (
    <main className="app-main" ref={main} id={MAIN_ID} tabIndex={-1}>
      {mounted.map((path) => {
        const route = path === current?.path ? current : routeIndex.get(path) ?? resolveConstant(path);
        if (!route) return null;
        const active = path === current?.path;
        const visited = views.find((v) => v.path === path);
        const viewFullPath = active ? fullPath : visited?.fullPath ?? path;
        const info: ViewInfo = {
          route, path, fullPath: viewFullPath, title: titleOf(route),
          query: new URLSearchParams(viewFullPath.includes('?') ? viewFullPath.slice(viewFullPath.indexOf('?')) : ''),
        };
        return (
          <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
            <ViewContext.Provider value={info}>
              <section className="app-view" data-view={path}>
                <ErrorBoundary>
                  <Suspense fallback={<PageLoading />}>
                    <LoadedPage path={path} />
                  </Suspense>
                </ErrorBoundary>
              </section>
            </ViewContext.Provider>
          </Activity>
        );
      })}
    </main>
  );
}

function resolveConstant(path: string) {
  const r = resolvePath(path, '', new Map());
  return r.kind === 'view' ? r.route : undefined;
}
