import { Avatar, Badge, Dropdown, Menu, Modal, Tooltip } from '@arco-design/web-react';
import { IconDown, IconExport, IconMenuFold, IconMenuUnfold, IconNotification, IconSettings, IconUser } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { announcementApi, inboxKeys } from '../api/announcements';
import { INBOX_PATH } from '../app/constantRoutes';
import { appState, setSidebar } from '../stores/app';
import { session } from '../stores/session';
import { settings } from '../stores/settings';
import { ErrorLogButton } from './ErrorLog';
import { Logo } from './Logo';
import { HorizontalMenu, TopMenu } from './TopMenu';
import { useLogout } from './useLogout';

export const ANNOUNCEMENT_PATH = '/system/permission/announcement';

/** The top bar of docs/product.md#routes-and-screens. */
export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user, routeIndex } = useSnapshot(session);
  const { sidebar, device } = useSnapshot(appState);
  const s = useSnapshot(settings);
  const sidebarShown = s.showSidebar && !s.isHorizontal;
  // Everyone reads announcements: on the announcement page when the menu grants it, else on the inbox route.
  const messagesPath = routeIndex.has(ANNOUNCEMENT_PATH) ? `${ANNOUNCEMENT_PATH}?from=home` : INBOX_PATH;
  const unread = useQuery({
    queryKey: inboxKeys.unread(user?.userId), queryFn: announcementApi.unreadCount, refetchInterval: 60_000, enabled: !!user,
  }).data?.count ?? 0;
  const messagesLabel = unread ? `${t('navbar.messages')} · ${t('navbar.unread', { count: unread })}` : t('navbar.messages');

  const confirmLogout = () =>
    Modal.confirm({ title: t('navbar.logout'), content: t('navbar.logoutConfirm'), onOk: logout });

  return (
    <header className="navbar">
      {(sidebarShown || device === 'mobile') && (
        <button
          type="button" className="navbar__icon" aria-label={t('navbar.toggleSidebar')} data-testid="hamburger"
          onClick={() => setSidebar(!sidebar.opened)}
        >
          {sidebar.opened && device === 'desktop' ? <IconMenuFold /> : <IconMenuUnfold />}
        </button>
      )}
      {s.isHorizontal && <Logo />}
      {s.showTopTitle && device === 'desktop' && <div className="navbar__title">{t('app.title')}</div>}
      <div className="navbar__menu">
        {device === 'mobile' ? null : s.isHorizontal ? <HorizontalMenu /> : s.showTopMenu && <TopMenu />}
      </div>
      <div className="navbar__right">
        <ErrorLogButton />
        <Tooltip content={messagesLabel}>
          <button type="button" className="navbar__icon" aria-label={messagesLabel} onClick={() => navigate(messagesPath)} data-testid="messages">
            <Badge count={unread} maxCount={99} offset={[6, -2]}><IconNotification /></Badge>
          </button>
        </Tooltip>
        <Tooltip content={t('navbar.settings')}>
          <button type="button" className="navbar__icon" aria-label={t('navbar.settings')} data-testid="open-settings" onClick={() => (appState.settingsOpen = true)}>
            <IconSettings />
          </button>
        </Tooltip>
        <Dropdown
          trigger="click"
          position="br"
          droplist={
            <Menu onClickMenuItem={(key) => (key === 'profile' ? navigate('/profile/index') : confirmLogout())}>
              <Menu.Item key="profile"><IconUser /> {t('navbar.profile')}</Menu.Item>
              <Menu.Item key="logout" data-testid="logout"><IconExport /> {t('navbar.logout')}</Menu.Item>
            </Menu>
          }
        >
          <button type="button" className="navbar__user" data-testid="user-menu" aria-haspopup="menu" aria-label={user?.nickName ?? t('navbar.profile')}>
            <Avatar size={28} style={{ backgroundColor: 'rgb(var(--primary-6))' }}>
              {user?.avatar ? <img src={user.avatar} alt="" /> : (user?.nickName ?? '?').slice(0, 1)}
            </Avatar>
            {device === 'desktop' && <span className="navbar__user-name">{user?.nickName}</span>}
            <IconDown />
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
