import { Button, Input, Message, Modal, Select, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedViewRow, ViewListAnswer } from '@shared/api/savedViews';
import { pickLanguage } from '@shared/i18n/languages';
import { rethrowUnlessShown } from '../../api/client';
import { ns } from './locale';
import { viewsKey } from './ViewsMenu';
import { viewsApi } from './viewsApi';

const SubscribeDialog = lazy(() => import('./SubscribeDialog'));

/**
 * The page's saved views: open any; rename, share or delete the user's own (delete asks first);
 * subscribe to a report's or dashboard's view by mail. A view shared with the user is read-only.
 */
export default function ManageViews({ page, answer, onOpen, onClose }: {
  page: string; answer: ViewListAnswer; onOpen(view: SavedViewRow): void; onClose(): void;
}) {
  const { t, i18n } = useTranslation(ns);
  const lang = pickLanguage(i18n.language);
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ['saved-views-roles'], queryFn: viewsApi.roles, staleTime: 300_000 });
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [subscribing, setSubscribing] = useState<SavedViewRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewsKey(page) });
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      Message.success(t(done));
      await refresh();
    } catch (err) {
      rethrowUnlessShown(err); // refused (a taken name, no longer the owner's): the client showed why.
    }
  };
  const remove = (v: SavedViewRow) => Modal.confirm({
    title: t('deleteTitle'), content: t('deleteConfirm', { name: v.name }), okButtonProps: { status: 'danger' },
    onOk: () => run(() => viewsApi.remove(v.id), 'deleted'),
  });
  const roleLabel = (v: SavedViewRow) => (v.sharedRoleName ? v.sharedRoleName.split(' / ')[lang === 'en-US' ? 1 : 0] : null);

  const columns: TableColumnProps<SavedViewRow>[] = [
    {
      key: 'name', title: t('name'), render: (_: unknown, v) => (
        <span>
          <Button type="text" size="mini" onClick={() => { onOpen(v); onClose(); }} data-testid="open-view">{v.name}</Button>
          {!v.own && <Tag size="small">{t('readOnly')} · {t('by', { name: v.ownerName })}</Tag>}
          {v.subscription?.status === 'active' && <Tag size="small" color="green">{t('subscribed')}</Tag>}
          {v.subscription?.status === 'stopped' && <Tag size="small" color="orange">{t('stopped')}</Tag>}
        </span>
      ),
    },
    {
      key: 'share', title: t('shareWith'), width: 180, render: (_: unknown, v) => (v.own ? (
        <Select size="mini" allowClear placeholder={t('notShared')} value={v.sharedRoleId ?? undefined} aria-label={t('shareWith')} data-testid="share-view"
          onChange={(id?: number) => void run(() => viewsApi.update({ id: v.id, sharedRoleId: id ?? null }), 'saved')}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: lang === 'en-US' ? r.nameEn : r.name }))} />
      ) : roleLabel(v) ?? '-'),
    },
    {
      key: 'actions', title: '', render: (_: unknown, v) => (
        <div className="views-table__actions">
          {answer.subscribable && <Button size="mini" type="text" onClick={() => setSubscribing(v)} data-testid="subscribe-view">{t('subscribe')}</Button>}
          {v.own && <Button size="mini" type="text" onClick={() => setRenaming({ id: v.id, name: v.name })} data-testid="rename-view">{t('rename')}</Button>}
          {v.own && <Button size="mini" type="text" status="danger" onClick={() => remove(v)} data-testid="delete-view">{t('delete')}</Button>}
        </div>
      ),
    },
  ];

  return (
    <Modal visible title={t('views')} footer={null} onCancel={onClose} style={{ width: 'min(720px, 96vw)' }} data-testid="manage-views">
      <Table<SavedViewRow> rowKey="id" size="small" columns={columns} data={answer.views} pagination={false} scroll={{ x: 'max-content' }}
        noDataElement={<span>{t('none')}</span>} border={{ wrapper: true, cell: false }} />
      <Modal visible={renaming !== null} title={t('rename')} onCancel={() => setRenaming(null)} unmountOnExit
        onOk={async () => {
          if (!renaming?.name.trim()) return;
          await run(() => viewsApi.update({ id: renaming.id, name: renaming.name.trim() }), 'renamed');
          setRenaming(null);
        }}>
        <Input value={renaming?.name} maxLength={64} aria-label={t('name')} data-testid="rename-input" onChange={(name) => setRenaming((r) => (r ? { ...r, name } : r))} />
      </Modal>
      <Suspense fallback={null}>
        {subscribing && <SubscribeDialog view={subscribing} mail={answer.mail} timeZone={answer.timeZone} onClose={() => { setSubscribing(null); void refresh(); }} />}
      </Suspense>
    </Modal>
  );
}
