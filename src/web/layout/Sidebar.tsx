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
import { tagsState } from '../stores/tags';
import { Logo } from './Logo';
import { MenuIcon } from './MenuIcon';

const visible = (routes: readonly AppRoute[]) => routes.filter((r) => !r.hidden);

/**
 * The menu items of `routes`. With `opened`, a submenu's items are made only once it has been
 * opened: Arco keeps a closed submenu's items in the page, hidden, and the menu of every section
 * (home's) was 860 of home's 1,170 elements, made and styled before its first chart.
 */
function renderItems(routes: readonly AppRoute[], aria: ItemAria, opened?: ReadonlySet<string>) {
  return visible(routes).map((route) =>
    route.kind === 'page' ? (
      <Menu.Item key={route.path} {...aria(route.path)}>
        <MenuIcon name={route.meta.icon} />
        {route.meta.title}
      </Menu.Item>
    ) : (
      <Menu.SubMenu key={route.path} title={<><MenuIcon name={route.meta.icon} />{route.meta.title}</>}>
        {!opened || opened.has(route.path) ? renderItems(route.children, aria, opened) : null}
      </Menu.SubMenu>
    ),
  );
}

type ItemAria = (path: string) => { role?: string; 'aria-current'?: 'page' };

/**
 * The roles of the sidebar's menu (docs/accessibility.md, "The shell"). Open, it is a list of links
 * under buttons that show or hide each group, not the application menu Arco's role="menu" announces
 * (whose arrow keys it does not implement): no role on the menu, links for the pages, the current
 * one marked. Folded, each group is a submenu in a popup, and Arco's menu roles fit.
 */
const itemAria = (folded: boolean, current: string): ItemAria => (path) =>
  (folded ? {} : { role: 'link', ...(path === current ? { 'aria-current': 'page' as const } : {}) });

/** Space presses what a role of button or link says it is, as Enter does (Arco listens for Enter only). */
function pressWithSpace(e: React.KeyboardEvent) {
  const target = e.target as HTMLElement;
  if (e.key !== ' ' || !target.matches('.arco-menu-inline-header, .arco-menu-item')) return;
  e.preventDefault();
  target.click();
}

/** A page open in the tab bar opens from the menu as it was left (its filters, page, tab); another at its plain address. */
const openedAt = (path: string) => tagsState.views.find((v) => v.path === path)?.fullPath ?? path;

/** The children of the current first-level menu (docs/product.md#routes-and-screens), with a logo and a collapse toggle. */
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
  const aria = itemAria(collapsed, location.pathname);
  const menuRole = collapsed ? {} : { role: undefined };

  return (
    <div className="sidebar" data-collapsed={collapsed} onKeyDown={pressWithSpace}>
      {sidebarLogo && <Logo collapsed={collapsed} />}
      <div className="sidebar__menu">
        {section ? (
          <Menu
            key={section.path}
            selectedKeys={[location.pathname]}
            defaultOpenKeys={groups}
            collapse={collapsed}
            autoOpen
            {...menuRole}
            onClickMenuItem={(path) => {
              navigate(openedAt(path));
              onNavigate?.();
            }}
          >
            {renderItems(section.children, aria)}
          </Menu>
        ) : (
          // Outside any section (home, personal centre) the sidebar offers every section.
          <Menu
            selectedKeys={[location.pathname]}
            collapse={collapsed}
            {...menuRole}
            onClickMenuItem={(path) => { navigate(openedAt(path)); onNavigate?.(); }}
            onClickSubMenu={everySection}
          >
            <Menu.Item key="/home" {...aria('/home')}><MenuIcon name="home" />{t('route.home')}</Menu.Item>
            {renderItems(routes as AppRoute[], aria, collapsed ? undefined : opened)}
          </Menu>
        )}
      </div>
      {device === 'desktop' && (
        <button type="button" className="sidebar__toggle" aria-label={t('navbar.toggleSidebar')} aria-expanded={!collapsed} onClick={() => setSidebar(!sidebar.opened)}>
          {collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
        </button>
      )}
    </div>
  );
}
