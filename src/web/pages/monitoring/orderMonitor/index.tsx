import { Button, DatePicker, Message, Space, Tag, Tooltip } from '@arco-design/web-react';
import { IconCheck, IconLaunch } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { NoticeItem, NoticeRow, SetReadAnswer } from '@shared/api/notices';
import { NOTICE_BASE, ORDER_MONITOR_PERM, noticeTitleOf } from '@shared/api/noticeWatch';
import type { Page } from '@shared/api/paging';
import { isOrderType, ORDER_TYPE_CODES, orderTypeLabel, pageOfType } from '@shared/orders/orderTypes';
import { rethrowUnlessShown } from '../../../api/client';
import { crudApi, type PageQuery } from '../../../api/crud';
import { api } from '../../../api/http';
import { NOTICE_LIST_ID } from '../../../api/realtime';
import { storedLanguage } from '../../../i18n';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { session } from '../../../stores/session';
import { ns } from './locale';

const noticeApi = {
  ...crudApi<NoticeRow, Record<string, unknown>>(NOTICE_BASE),
  page: (query: PageQuery) => api.post<Page<NoticeRow>>(`${NOTICE_BASE}/list`, query),
};
const itemText = (i: NoticeItem) => `${i.brand} ${i.specification} ${i.pattern}${i.batch ? ` · ${i.batch}` : ''} ×${i.quantity}`;
/** The order's own page in the warehousing menu, asked to open the order. */
const orderPath = (r: NoticeRow) => (isOrderType(r.orderType) ? `/ordermanage/Order/${pageOfType(r.orderType)}` : null);

/** Monitoring › Order messages: the new-delivery notices of the user's scope, with the user's read state. */
export default function OrderMonitorPage() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { routeIndex, user } = useSnapshot(session);
  const dealerUser = user?.dealerId != null;
  const [selected, setSelected] = useState<NoticeRow[]>([]);
  const [dates, setDates] = useState<string[]>([]);
  const [marking, setMarking] = useState(false);
  const lang = storedLanguage();
  const typeLabel = (type: string) => orderTypeLabel(type, lang);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', NOTICE_LIST_ID] });

  const setRead = (ids: number[]) => api.post<SetReadAnswer>(`${NOTICE_BASE}/setRead`, { ids });
  const markSelected = async () => {
    const ids = selected.filter((r) => !r.read).map((r) => r.id);
    if (!ids.length) return void Message.warning(t('selectToRead'));
    setMarking(true);
    try {
      await setRead(ids);
      Message.success(t('marked', { count: ids.length }));
      await refresh();
    } catch (err) {
      rethrowUnlessShown(err); // shown by the client
    } finally {
      setMarking(false);
    }
  };
  /** Opening a notice's order reads it. */
  const openOrder = (row: NoticeRow, path: string) => {
    // A failed setRead was shown by the client; the order opens anyway.
    if (!row.read) void setRead([row.id]).then(refresh, () => undefined);
    navigate(`${path}?orderId=${row.orderId}`);
  };

  const columns: Column<NoticeRow>[] = [
    {
      // Titled in the console's language, as the popup is (a language switch reloads the page).
      key: 'noticeTitle', title: t('noticeTitle'),
      render: (_: unknown, r: NoticeRow) => (
        <div style={{ fontWeight: r.read ? 400 : 600, minWidth: 200, maxWidth: 320, whiteSpace: 'normal' }} data-testid="notice-title">
          {noticeTitleOf(lang, r.orderType, r.orderNo, r.orderItemList)}
        </div>
      ),
    },
    {
      key: 'read', title: t('readState'),
      render: (v: boolean) => <Tag size="small" color={v ? 'gray' : 'arcoblue'} data-testid="notice-read">{t(v ? 'read' : 'unread')}</Tag>,
    },
    { key: 'orderType', title: t('orderType'), sortable: true, render: (v: string) => typeLabel(v) },
    {
      // One line per item, the first few; the rest in the tooltip.
      key: 'orderItemList', title: t('items'),
      render: (items: NoticeItem[]) => (
        <Tooltip content={<div>{items.map((i, k) => <div key={k}>{itemText(i)}</div>)}</div>}>
          <div style={{ fontSize: 13 }}>
            {items.slice(0, 3).map((i, k) => <div key={k}>{itemText(i)}</div>)}
            {items.length > 3 && <div style={{ color: 'var(--color-text-3)' }}>{t('more', { count: items.length - 3 })}</div>}
          </div>
        </Tooltip>
      ),
    },
    ...(dealerUser ? [] : [{ key: 'dealerName', title: t('dealer'), render: (_: unknown, r: NoticeRow) => `${r.dealerCode} ${r.dealerName}` }]),
    { key: 'createdAt', title: t('createdAt'), sortable: true, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
  ];

  const rowActions = (row: NoticeRow) => {
    const path = orderPath(row);
    return path && routeIndex.has(path)
      ? <Button size="mini" type="text" icon={<IconLaunch />} onClick={() => openOrder(row, path)} data-testid="notice-open">{t('openOrder')}</Button>
      : null;
  };

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<NoticeRow>
          id={NOTICE_LIST_ID} title={t('title')} perm={ORDER_MONITOR_PERM} api={noticeApi} columns={columns}
          search={[
            { field: 'read', label: t('readState'), type: 'select', options: [{ label: t('unread'), value: 'unread' }, { label: t('read'), value: 'read' }] },
            { field: 'orderType', label: t('orderType'), type: 'select', options: ORDER_TYPE_CODES.map((c) => ({ label: typeLabel(c), value: c })) },
          ]}
          fixedFilters={dates.length === 2 ? { dateFrom: dates[0], dateTo: dates[1] } : undefined}
          onSelect={setSelected}
          rowActions={rowActions}
          actionsWidth={120}
          toolbar={(
            <Space size={8}>
              <Button icon={<IconCheck />} loading={marking} onClick={() => void markSelected()} data-testid="notice-mark-read">
                {t('markRead')}{selected.length ? ` (${selected.length})` : ''}
              </Button>
              <DatePicker.RangePicker
                style={{ width: 260 }} placeholder={[t('dates'), t('dates')]} value={dates}
                onChange={(v: string[] | undefined) => setDates(v ?? [])}
              />
            </Space>
          )}
        />
      </div>
    </div>
  );
}
