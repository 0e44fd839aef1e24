import { Button, Dropdown, Menu, Tag } from '@arco-design/web-react';
import { IconStar, IconDown } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SavedViewRow } from '@shared/api/savedViews';
import { ViewContext } from '../../app/viewContext';
import { ns } from './locale';
import { viewsApi } from './viewsApi';
import './views.css';

// The dialogs load when first opened: the menu rides on every list, report and dashboard.
const SaveViewDialog = lazy(() => import('./SaveViewDialog'));
const ManageViews = lazy(() => import('./ManageViews'));

export const viewsKey = (page: string) => ['saved-views', page];

/**
 * The Views menu of a list, report or dashboard (docs/views-and-subscriptions.md): the user's saved
 * views of this page and those shared with one of their roles, to open; save the current one; and
 * manage them (rename, share, delete, subscribe by mail). Only on a menu page.
 */
export function ViewsMenu() {
  const { t } = useTranslation(ns);
  const view = useContext(ViewContext);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const page = view?.route.kind === 'page' ? view.path : null;
  const list = useQuery({ queryKey: viewsKey(page ?? ''), queryFn: () => viewsApi.list(page ?? ''), enabled: page !== null, staleTime: 60_000 });
  if (!view || !page) return null;
  const current = view.query.toString();
  const open = (v: SavedViewRow) => navigate(`${page}${v.query ? `?${v.query}` : ''}`);
  const views = list.data?.views ?? [];
  const item = (v: SavedViewRow) => (
    <Menu.Item key={`view-${v.id}`} data-testid="saved-view">
      <span className="views-menu__name">{v.name}</span>
      {!v.own && <Tag size="small" className="views-menu__tag">{t('readOnly')}</Tag>}
      {v.query === current && <Tag size="small" color="arcoblue" className="views-menu__tag">{t('current')}</Tag>}
    </Menu.Item>
  );
  const mine = views.filter((v) => v.own);
  const shared = views.filter((v) => !v.own);
  const droplist = (
    <Menu
      className="views-menu"
      onClickMenuItem={(key) => {
        if (key === 'save' || key === 'manage') return setDialog(key);
        const chosen = views.find((v) => `view-${v.id}` === key);
        if (chosen) open(chosen);
      }}
    >
      {!views.length && <Menu.Item key="none" disabled>{t('none')}</Menu.Item>}
      {mine.length > 0 && <Menu.ItemGroup title={t('mine')}>{mine.map(item)}</Menu.ItemGroup>}
      {shared.length > 0 && <Menu.ItemGroup title={t('shared')}>{shared.map(item)}</Menu.ItemGroup>}
      <Menu.Item key="save" data-testid="views-save">{t('saveCurrent')}</Menu.Item>
      <Menu.Item key="manage" data-testid="views-manage">{t('manage')}</Menu.Item>
    </Menu>
  );
  return (
    <>
      <Dropdown droplist={droplist} trigger="click" position="br">
        <Button icon={<IconStar />} data-testid="views-menu">{t('views')}<IconDown className="views-menu__caret" /></Button>
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'save' && <SaveViewDialog page={page} query={current} onClose={() => setDialog(null)} />}
        {dialog === 'manage' && list.data && <ManageViews page={page} answer={list.data} onOpen={open} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
