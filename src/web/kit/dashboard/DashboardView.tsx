import { Button, Space } from '@arco-design/web-react';
import { IconSave, IconDesktop, IconRefresh } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useContext, type ComponentProps } from 'react';
import { ViewContext } from '../../app/viewContext';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { DashboardDef } from '@shared/analytics/dashboards';
import type { Language } from '@shared/i18n/languages';
import { DashboardGrid } from './DashboardGrid';
import type { DashboardFilters } from './drill';
import { ns } from './locale';
import { oldestAsOf, useLiveRefresh, usePanelQueries } from './usePanelQueries';
import { preloadable, useLoadedComponent } from '../../firstPaint/preloadable';
import { session } from '../../stores/session';
import { shownFilters } from './shownFilters';
import { useViewState } from '../useViewState';
import { DASHBOARD_VIEW } from './dashboardView';

// The filter bar (Arco's date picker and selects) loads as the panels are drawn (pages/home).
export const FilterBar = preloadable(() => import('./FilterBar'));
// The Views menu of the dashboards page; home's dashboard opens its view there, and its first chart does not wait for it.
const ViewsMenu = lazy(() => import('../views/ViewsMenu').then((m) => ({ default: m.ViewsMenu })));

/**
 * The filter bar, and its place while it loads: its fields' boxes, empty, so nothing moves when
 * it comes. Its code failing to load leaves the dashboard without filters, not without panels.
 */
function Filters(props: ComponentProps<typeof FilterBar>) {
  const { user } = useSnapshot(session);
  const { Component: Bar, failed } = useLoadedComponent(FilterBar);
  if (Bar) return <Bar {...props} />;
  if (failed) return null;
  return (
    <div className="dash-filters" aria-hidden="true">
      {shownFilters(props.keys, user?.dealerId).map((k) => <span key={k} className={`dash-filter dash-filter--placeholder${k === 'dateRange' ? ' dash-filter--dates' : ''}`} />)}
    </div>
  );
}

/**
 * Any dashboard definition in the console: its filter bar, "data as of", refresh and wall
 * screen buttons, and the panels. It refreshes every `refreshSeconds` and at once when the
 * socket reports a stock change.
 */
export function DashboardView({ def, title }: { def: DashboardDef; title?: boolean }) {
  const { t, i18n } = useTranslation(ns);
  const lang = i18n.language as Language;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [view, setView] = useViewState(DASHBOARD_VIEW);
  const filters = view.filters as DashboardFilters;
  const setFilters = (next: DashboardFilters) => setView({ filters: next });
  const { results, fetching } = usePanelQueries(def, filters);
  useLiveRefresh(def.id);
  const viewContext = useContext(ViewContext);
  const inMenu = viewContext?.route.kind === 'page';
  // Home's dashboard is saved and subscribed to on the dashboards page: the same view opens there.
  const dashboardsPage = !inMenu && viewContext ? [...session.routeIndex.values()].find((r) => r.kind === 'page' && r.name === 'dashboard') : undefined;
  const openInDashboards = dashboardsPage && viewContext && (() => {
    const query = new URLSearchParams(viewContext.query);
    query.set('id', def.id);
    navigate(`${dashboardsPage.path}?${query.toString()}`);
  });
  const asOf = oldestAsOf(results.map((r) => r.data));

  return (
    <div className="dash-view">
      <div className="dash-view__head">
        {title && <h2 className="dash-view__title">{def.title[lang]}</h2>}
        <Filters keys={def.filters} value={filters} onChange={setFilters} />
        <Space className="dash-view__actions">
          {inMenu && <Suspense fallback={null}><ViewsMenu /></Suspense>}
          {openInDashboards && <Button icon={<IconSave />} data-testid="dashboard-views" onClick={openInDashboards}>{t('views')}</Button>}
          {asOf && <span className="dash-view__asof" data-testid="dashboard-asof">{t('asOf', { time: new Date(asOf).toLocaleTimeString(lang) })}</span>}
          <Button icon={<IconRefresh spin={fetching} />} aria-label={t('refresh')} title={t('refresh')}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ['dashboard', def.id] })} />
          <Button icon={<IconDesktop />} data-testid="dashboard-wall" onClick={() => window.open(`#/wall/${def.id}`, '_blank', 'noopener')}>{t('wall')}</Button>
        </Space>
      </div>
      <DashboardGrid def={def} results={results} filters={filters} lang={lang} />
    </div>
  );
}
