import { Menu } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { sectionOf, type AppRoute } from '../app/routeTable';
import { appState, setSidebar } from '../stores/app';
import { session } from '../stores/session';
import { settings } from '../stores/settings';
import { Logo } from './Logo';
import { MenuIcon } from './MenuIcon';

const visible = (routes: readonly AppRoute[]) => routes.filter((r) => !r.hidden);

/**
 * The menu items of `routes`. With `opened`, a submenu's items are made only once it has been
 * opened: Arco keeps a closed submenu's items in the page, hidden, and the menu of every section
 * (home's) was 860 of home's 1,170 elements, made and styled before its first chart (issue 14).
 */
function renderItems(routes: readonly AppRoute[], opened?: ReadonlySet<string>) {
  return visible(routes).map((route) =>
    route.kind === 'page' ? (
      <Menu.Item key={route.path}>
        <MenuIcon name={route.meta.icon} />
        {route.meta.title}
      </Menu.Item>
    ) : (
      <Menu.SubMenu key={route.path} title={<><MenuIcon name={route.meta.icon} />{route.meta.title}</>}>
        {!opened || opened.has(route.path) ? renderItems(route.children, opened) : null}
      </Menu.SubMenu>
    ),
  );
}

/** The children of the current first-level menu (spec section 2), with a logo and a collapse toggle. */
export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { routes } = useSnapshot(session);
  const { sidebar, device } = useSnapshot(appState);
  const { sidebarLogo } = useSnapshot(settings);
  const section = sectionOf(routes as AppRoute[], location.pathname);
  const collapsed = device === 'desktop' && !sidebar.opened;
  const groups = section ? visible(section.children).map((g) => g.path) : [];
  // The submenus opened so far in the menu of every section. A folded sidebar shows a submenu's
  // items in a popup, made when it shows, so its items are all given.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const everySection = (path: string) => setOpened((was) => (was.has(path) ? was : new Set(was).add(path)));

  return (
    <div className="sidebar" data-collapsed={collapsed}>
      {sidebarLogo && <Logo collapsed={collapsed} />}
      <div className="sidebar__menu">
        {section ? (
          <Menu
            key={section.path}
            selectedKeys={[location.pathname]}
            defaultOpenKeys={groups}
            collapse={collapsed}
            autoOpen
            onClickMenuItem={(path) => {
              navigate(path);
              onNavigate?.();
            }}
          >
            {renderItems(section.children)}
          </Menu>
        ) : (
          // Outside any section (home, personal centre) the sidebar offers every section.
          <Menu
            selectedKeys={[location.pathname]}
            collapse={collapsed}
            onClickMenuItem={(path) => { navigate(path); onNavigate?.(); }}
            onClickSubMenu={everySection}
          >
            <Menu.Item key="/home"><MenuIcon name="home" />{t('route.home')}</Menu.Item>
            {renderItems(routes as AppRoute[], collapsed ? undefined : opened)}
          </Menu>
        )}
      </div>
      {device === 'desktop' && (
        <button type="button" className="sidebar__toggle" aria-label={t('navbar.toggleSidebar')} onClick={() => setSidebar(!sidebar.opened)}>
          {collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
        </button>
      )}
    </div>
  );
}
