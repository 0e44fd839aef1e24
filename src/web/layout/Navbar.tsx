import { Avatar, Badge, Dropdown, Menu, Modal, Tooltip } from '@arco-design/web-react';
import { IconDown, IconExport, IconMenuFold, IconMenuUnfold, IconNotification, IconSettings, IconUser } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { appState, setSidebar } from '../stores/app';
import { session } from '../stores/session';
import { settings } from '../stores/settings';
import { ErrorLogButton } from './ErrorLog';
import { Logo } from './Logo';
import { HorizontalMenu, TopMenu } from './TopMenu';
import { useLogout } from './useLogout';

export const ANNOUNCEMENT_PATH = '/system/permission/announcement';

/** The top bar of spec section 2. */
export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user, routeIndex } = useSnapshot(session);
  const { sidebar, device } = useSnapshot(appState);
  const s = useSnapshot(settings);
  const sidebarShown = s.showSidebar && !s.isHorizontal;
  const canReadAnnouncements = routeIndex.has(ANNOUNCEMENT_PATH);

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
        {canReadAnnouncements && (
          <Tooltip content={t('navbar.messages')}>
            <button type="button" className="navbar__icon" aria-label={t('navbar.messages')} onClick={() => navigate(`${ANNOUNCEMENT_PATH}?from=home`)}>
              <Badge count={0} dot={false}><IconNotification /></Badge>
            </button>
          </Tooltip>
        )}
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
          <button type="button" className="navbar__user" data-testid="user-menu">
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
