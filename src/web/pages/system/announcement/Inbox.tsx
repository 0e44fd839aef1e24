import { Badge, Button, Empty, Modal, Pagination, Result, Spin, Switch } from '@arco-design/web-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { InboxItem } from '@shared/api/announcement';
import { announcementApi, inboxKeys } from '../../../api/announcements';
import { session } from '../../../stores/session';
import { ns } from './locale';

const PAGE_SIZE = 10;

/** The words of an announcement for its one-line summary; the HTML is parsed inert (no scripts run, nothing loads). */
function summary(html: string): string {
  // A space after each block, so list items and paragraphs do not run into each other.
  const spaced = html.replace(/(<\/(?:p|li|h[1-4]|blockquote)>|<br>)/gi, '$1 ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

export const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

/** The announcement as its reader sees it. The HTML was cleaned to a safe subset by the server before it was stored. */
export function AnnouncementView({ title, content, publishedAt }: { title: string; content: string; publishedAt: string | null }) {
  return (
    <article className="announcement-view">
      <h2 className="announcement-view__title">{title}</h2>
      {publishedAt && <div className="announcement-view__time">{formatTime(publishedAt)}</div>}
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: content }} />
    </article>
  );
}

/** Every signed-in user's announcements, unread first; opening one marks it read. */
export function Inbox() {
  const { t } = useTranslation(ns);
  const { user } = useSnapshot(session);
  const queryClient = useQueryClient();
  const [pageNum, setPageNum] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [opened, setOpened] = useState<InboxItem | null>(null);
  const list = useQuery({
    queryKey: [...inboxKeys.all, 'list', user?.userId, pageNum, unreadOnly],
    queryFn: () => announcementApi.inbox({ pageNum, pageSize: PAGE_SIZE, unreadOnly: unreadOnly || undefined }),
    placeholderData: keepPreviousData,
  });
  const unread = useQuery({ queryKey: inboxKeys.unread(user?.userId), queryFn: announcementApi.unreadCount, refetchInterval: 60_000 });
  // The list, its order and the top bar's badge all change with a read.
  const markRead = useMutation({
    mutationFn: announcementApi.read,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });

  const open = (item: InboxItem) => {
    setOpened(item);
    if (!item.read) markRead.mutate(item.id);
  };

  const data = list.data;
  return (
    <div className="inbox" data-testid="inbox">
      <div className="inbox__bar">
        <span className="inbox__count">{data ? t('total', { count: data.total, unread: unread.data?.count ?? 0 }) : ''}</span>
        <label className="inbox__filter">
          <Switch size="small" checked={unreadOnly} onChange={(v) => { setUnreadOnly(v); setPageNum(1); }} data-testid="inbox-unread-only" />
          {t('unreadOnly')}
        </label>
      </div>
      {list.isError ? (
        <Result status="error" title={t('kit.loadFailed')} extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <Spin loading={list.isFetching} block>
          {data && !data.list.length ? (
            <Empty description={unreadOnly ? t('unreadEmpty') : t('inboxEmpty')} />
          ) : (
            <ul className="inbox__list">
              {data?.list.map((item) => (
                <li key={item.id}>
                  <button
                    type="button" className={`inbox__item${item.read ? '' : ' inbox__item--unread'}`} onClick={() => open(item)}
                    data-testid="inbox-item" data-read={item.read}
                  >
                    <span className="inbox__dot">{!item.read && <Badge status="processing" aria-label={t('unread')} />}</span>
                    <span className="inbox__main">
                      <span className="inbox__title">{item.title}</span>
                      <span className="inbox__summary">{summary(item.content)}</span>
                    </span>
                    <span className="inbox__time">{formatTime(item.publishedAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Spin>
      )}
      {data && data.total > PAGE_SIZE && (
        <Pagination size="small" total={data.total} current={pageNum} pageSize={PAGE_SIZE} onChange={setPageNum} style={{ marginTop: 12, justifyContent: 'flex-end' }} />
      )}
      <Modal
        visible={!!opened} onCancel={() => setOpened(null)} footer={<Button type="primary" onClick={() => setOpened(null)}>{t('close')}</Button>}
        style={{ width: 760, maxWidth: '96vw' }} title={t('inbox')} unmountOnExit
      >
        {opened && <AnnouncementView title={opened.title} content={opened.content} publishedAt={opened.publishedAt} />}
      </Modal>
    </div>
  );
}
