import { Dropdown, Menu } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { sectionOf, type AppRoute } from '../app/routeTable';
import { session } from '../stores/session';
import { MenuIcon } from './MenuIcon';

/** docs/product.md#routes-and-screens: the first four first-level menus are shown with separators; the rest sit under More. */
export const TOP_MENU_VISIBLE = 4;

/** First-level menus; choosing one shows its children in the sidebar and opens its first page. */
export function TopMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { routes } = useSnapshot(session);
  const sections = (routes as AppRoute[]).filter((r) => !r.hidden);
  const active = sectionOf(sections, location.pathname)?.path;
  const shown = sections.slice(0, TOP_MENU_VISIBLE);
  const rest = sections.slice(TOP_MENU_VISIBLE);
  const open = (route: AppRoute) => navigate(route.path);

  return (
    <nav className="top-menu" aria-label={t('a11y.sections')}>
      {shown.map((route, i) => (
        <Fragment key={route.path}>
          {i > 0 && <span className="top-menu__separator" aria-hidden>|</span>}
          <button type="button" className="top-menu__item" data-active={route.path === active} aria-current={route.path === active ? 'true' : undefined} onClick={() => open(route)}>
            <MenuIcon name={route.meta.icon} />
            <span>{route.meta.title}</span>
          </button>
        </Fragment>
      ))}
      {rest.length > 0 && (
        <>
          <span className="top-menu__separator" aria-hidden>|</span>
          <Dropdown
            // Enter on the button opens it too, not only the pointer resting on it.
            trigger={['hover', 'click']}
            droplist={
              <Menu selectedKeys={active ? [active] : []} onClickMenuItem={(path) => navigate(path)}>
                {rest.map((route) => (
                  <Menu.Item key={route.path}><MenuIcon name={route.meta.icon} />{route.meta.title}</Menu.Item>
                ))}
              </Menu>
            }
          >
            <button type="button" className="top-menu__item" data-active={rest.some((r) => r.path === active)}>
              <span>{t('navbar.more')}</span>
              <IconDown />
            </button>
          </Dropdown>
        </>
      )}
    </nav>
  );
}

/** Top navigation mode: the whole menu across the top, the sidebar off (docs/product.md#routes-and-screens). */
export function HorizontalMenu() {
  const navigate = useNavigate();
  const location = useLocation();
  const { routes } = useSnapshot(session);
  const render = (list: readonly AppRoute[]): React.ReactNode[] =>
    list.filter((r) => !r.hidden).map((r) =>
      r.kind === 'page' ? (
        <Menu.Item key={r.path}><MenuIcon name={r.meta.icon} />{r.meta.title}</Menu.Item>
      ) : (
        <Menu.SubMenu key={r.path} title={<><MenuIcon name={r.meta.icon} />{r.meta.title}</>}>{render(r.children)}</Menu.SubMenu>
      ),
    );
  return (
    <Menu mode="horizontal" className="horizontal-menu" selectedKeys={[location.pathname]} onClickMenuItem={(path) => navigate(path)}>
      {render(routes as AppRoute[])}
    </Menu>
  );
}
