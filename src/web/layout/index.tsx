import { Drawer } from '@arco-design/web-react';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { OverflowTip } from '../kit/a11y/OverflowTip';
import { appState, setSidebar, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../stores/app';
import { settings } from '../stores/settings';
import { AppMain, MAIN_ID } from './AppMain';
import { Navbar } from './Navbar';
import { NoticeWatcher } from './NoticeWatcher';
import { SettingsPanel } from './SettingsPanel';
import { SidebarMenu } from './Sidebar';
import { TagsView } from './tagsView/TagsView';
import { useSettingsSync } from './useSettingsSync';
import './layout.css';

/** For prefetch.ts, which reaches the page registry through this module (it loads it anyway). */
export { hasPage, loadPage } from '../app/pageRegistry';

/** The console shell: sidebar, top bar, tab bar, page area, settings panel. */
export default function Layout() {
  const { t } = useTranslation();
  const { sidebar, device } = useSnapshot(appState);
  const s = useSnapshot(settings);
  const location = useLocation();
  const mobile = device === 'mobile';
  const sidebarShown = s.showSidebar && !s.isHorizontal;
  useSettingsSync();
  // The page the user came for is drawn first, the menu's items a moment later: on
  // home, the menu of every section cost its first chart about a twentieth.
  const menuShown = useDeferredValue(true, false);

  // Spec: in mobile mode the sidebar closes when the user navigates.
  useEffect(() => {
    if (appState.device === 'mobile' && appState.sidebar.opened) setSidebar(false, true);
  }, [location.pathname]);

  const sidebarWidth = !sidebarShown || mobile ? 0 : sidebar.opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;

  return (
    <div
      className="layout" data-device={device} data-fixed-header={s.fixedHeader} data-animate={!sidebar.withoutAnimation}
      style={{ '--sidebar-width': `${sidebarWidth}px` } as React.CSSProperties}
    >
      {/* The first stop of Tab: past the menus and the tab bar to the page (a button: a link's #hash would be a route). */}
      <button type="button" className="skip-link" data-testid="skip-link" onClick={() => document.getElementById(MAIN_ID)?.focus()}>
        {t('a11y.skipToContent')}
      </button>
      {sidebarShown && !mobile && <nav className="layout__sidebar" aria-label={t('a11y.sidebar')}>{menuShown && <SidebarMenu />}</nav>}
      {mobile && (
        // Spec: with the sidebar open in mobile mode, a click outside it closes it.
        <Drawer
          placement="left" width={SIDEBAR_WIDTH} visible={sidebar.opened} footer={null} title={null} closable={false}
          className="layout__drawer" onCancel={() => setSidebar(false, true)}
        >
          <nav aria-label={t('a11y.sidebar')}><SidebarMenu onNavigate={() => setSidebar(false, true)} /></nav>
        </Drawer>
      )}
      <div className="layout__body">
        <div className="layout__header">
          <Navbar />
          {s.tagsView && <TagsView />}
        </div>
        <AppMain />
      </div>
      <SettingsPanel />
      <NoticeWatcher />
      <OverflowTip />
    </div>
  );
}
