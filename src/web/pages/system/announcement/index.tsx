import { Badge, Button, Form, Message, Modal, Popconfirm, Radio, Select, Tabs, Tag, Tooltip } from '@arco-design/web-react';
import { IconEye, IconSend } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_STATUSES, type AnnouncementAudience, type AnnouncementRow, type AnnouncementStatus, type AudienceOptions,
} from '@shared/api/announcement';
import { Perm, buttonPerm } from '@shared/permissions';
import { isRecord } from '@shared/must';
import { announcementApi, inboxKeys } from '../../../api/announcements';
import { rethrowUnlessShown } from '../../../api/client';
import { INBOX_PATH } from '../../../app/constantRoutes';
import { useView } from '../../../app/viewContext';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useButtons } from '../../../kit/usePermission';
import { session } from '../../../stores/session';
import { AnnouncementView, formatTime, Inbox } from './Inbox';
import { RichTextEditor } from './RichTextEditor';
import { ns } from './locale';
import './announcement.css';

interface Recipients { audience: AnnouncementAudience; roleIds: number[]; dealerIds: number[] }
const EVERYONE: Recipients = { audience: 'all', roleIds: [], dealerIds: [] };
const ids = (v: unknown) => Array.isArray(v) && v.every((id) => typeof id === 'number');
/** The recipients field's value, as the form's picker writes it. */
const isRecipients = (v: unknown): v is Recipients =>
  isRecord(v) && ANNOUNCEMENT_AUDIENCES.some((a) => a === v.audience) && ids(v.roleIds) && ids(v.dealerIds);
const STATUS_COLOR: Record<AnnouncementStatus, string> = { draft: 'gray', published: 'green' };

/** Audience and its targets as one form field: who receives the announcement. */
function RecipientsField({ options }: { options?: AudienceOptions }) {
  const { t, i18n } = useTranslation(ns);
  const { form } = Form.useFormContext();
  const watched: Recipients | undefined = Form.useWatch('recipients', form);
  const value = watched ?? EVERYONE;
  const set = (patch: Partial<Recipients>) => {
    form.setFieldValue('recipients', { ...value, ...patch });
    if (form.getFieldError('recipients')) form.validate(['recipients'], () => undefined);
  };
  const roleOptions = (options?.roles ?? []).map((r) => ({ value: r.id, label: i18n.language === 'en-US' ? r.nameEn : r.name }));
  const dealerOptions = (options?.dealers ?? []).map((d) => ({ value: d.id, label: `${d.code} ${d.name}` }));
  return (
    <div className="recipients" data-testid="recipients">
      <Radio.Group
        type="button" value={value.audience} onChange={(audience: AnnouncementAudience) => set({ audience })}
        options={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: t(`audience_${a}`) }))}
      />
      {value.audience === 'all' && <div className="recipients__hint">{t('allHint')}</div>}
      {value.audience === 'roles' && (
        <Select mode="multiple" allowClear showSearch placeholder={t('pickRoles')} options={roleOptions} value={value.roleIds}
          onChange={(roleIds: number[]) => set({ roleIds })} />
      )}
      {value.audience === 'dealers' && (
        <Select mode="multiple" allowClear showSearch placeholder={t('pickDealers')} options={dealerOptions} value={value.dealerIds}
          onChange={(dealerIds: number[]) => set({ dealerIds })} />
      )}
    </div>
  );
}

/** The administrators' list: write, address, publish, delete. */
function Manage() {
  const { t, i18n } = useTranslation(ns);
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const canEdit = buttons.has(buttonPerm(Perm.announcement, 'edit'));
  const [previewing, setPreviewing] = useState<AnnouncementRow | null>(null);
  const options = useQuery({ queryKey: ['announcement', 'audienceOptions'], queryFn: announcementApi.audienceOptions });
  const english = i18n.language === 'en-US';

  const recipientsOf = (row: AnnouncementRow) => {
    if (row.audience === 'all') return <Tag size="small" color="arcoblue">{t('audience_all')}</Tag>;
    const names = row.audience === 'roles'
      ? row.roleIds.map((id) => options.data?.roles.find((r) => r.id === id)).map((r) => (r ? (english ? r.nameEn : r.name) : '?'))
      : row.dealerIds.map((id) => options.data?.dealers.find((d) => d.id === id)?.name ?? '?');
    const text = names.join(english ? ', ' : '、');
    return (
      <Tooltip content={text}>
        <span className="recipients__cell"><Tag size="small" color="purple">{t(`audience_${row.audience}`)}</Tag> {text}</span>
      </Tooltip>
    );
  };

  const publish = async (row: AnnouncementRow) => {
    try {
      await announcementApi.publish(row.id);
      Message.success(t('publishedOk'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['list', 'announcements'] }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
      ]);
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why.
    }
  };

  const statusOptions = ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }));
  const columns: Column<AnnouncementRow>[] = [
    {
      key: 'title', title: t('titleField'), sortable: true, width: 300,
      render: (v: string, row: AnnouncementRow) => (
        <Tooltip content={t('preview')} mini position="tl">
          <button type="button" className="announcement__title-link" onClick={() => setPreviewing(row)} data-testid="announcement-preview">
            <IconEye /> {v}
          </button>
        </Tooltip>
      ),
    },
    { key: 'audience', title: t('recipients'), width: 260, render: (_: unknown, row: AnnouncementRow) => recipientsOf(row) },
    { key: 'status', title: t('status'), sortable: true, render: (v: AnnouncementStatus) => <Tag size="small" color={STATUS_COLOR[v]}>{t(`status_${v}`)}</Tag> },
    { key: 'publishedAt', title: t('publishedAt'), sortable: true, render: (v: string | null) => formatTime(v) },
    { key: 'readCount', title: t('readCount') },
    { key: 'updatedAt', title: t('updatedAt'), sortable: true, render: (v: string) => formatTime(v) },
  ];
  const form: FieldDef[] = [
    { field: 'title', label: t('titleField'), required: true, maxLength: 128, wide: true },
    {
      field: 'recipients', label: t('recipients'), wide: true, render: () => <RecipientsField options={options.data} />,
      rules: [{
        validator: (value: Recipients | undefined, callback: (error?: string) => void) => {
          const r = value ?? EVERYONE;
          if (r.audience === 'roles' && !r.roleIds.length) callback(t('pickRoles'));
          else if (r.audience === 'dealers' && !r.dealerIds.length) callback(t('pickDealers'));
          else callback();
        },
      }],
    },
    { field: 'content', label: t('content'), required: true, wide: true, render: () => <RichTextEditor field="content" /> },
  ];

  return (
    <>
      <ListPage<AnnouncementRow>
        id="announcements" title={t('title')} perm={Perm.announcement} api={announcementApi} columns={columns}
        search={[{ field: 'title', label: t('titleField') }, { field: 'status', label: t('status'), type: 'select', options: statusOptions }]}
        form={form}
        toForm={(row) => ({ title: row.title, content: row.content, recipients: { audience: row.audience, roleIds: row.roleIds, dealerIds: row.dealerIds } })}
        fromForm={(values) => {
          const r = isRecipients(values.recipients) ? values.recipients : EVERYONE;
          return { title: values.title, content: values.content, audience: r.audience, roleIds: r.roleIds, dealerIds: r.dealerIds };
        }}
        rowActions={(row) => (
          <>
            {canEdit && row.status === 'draft' && (
              <Popconfirm title={t('publish')} content={t('publishConfirm')} onOk={() => publish(row)}>
                <Button size="mini" type="text" icon={<IconSend />} data-testid="announcement-publish">{t('publish')}</Button>
              </Popconfirm>
            )}
          </>
        )}
      />
      <Modal
        visible={!!previewing} onCancel={() => setPreviewing(null)} title={t('preview')} style={{ width: 760, maxWidth: '96vw' }} unmountOnExit
        footer={<Button type="primary" onClick={() => setPreviewing(null)}>{t('close')}</Button>}
      >
        {previewing && <AnnouncementView title={previewing.title} content={previewing.content} publishedAt={previewing.publishedAt} />}
      </Modal>
    </>
  );
}

/**
 * System › Announcements. Administrators (holders of the page) get the list to write and
 * publish in; everyone gets their inbox. Opened from the top bar's message icon
 * (`?from=home`) the inbox comes first; at /announcement/inbox only the inbox shows.
 */
export default function AnnouncementPage() {
  const { t } = useTranslation(ns);
  const { path, query, fullPath } = useView();
  const { routeIndex, user } = useSnapshot(session);
  const canManage = path !== INBOX_PATH && [...routeIndex.values()].some((r) => r.perm === Perm.announcement);
  const fromHome = query.get('from') === 'home';
  const [tab, setTab] = useState(canManage && !fromHome ? 'manage' : 'inbox');
  // The view is kept alive: a later click on the message icon opens it again with ?from=home.
  const [seenPath, setSeenPath] = useState(fullPath);
  if (seenPath !== fullPath) {
    setSeenPath(fullPath);
    if (fromHome) setTab('inbox');
  }
  const unread = useQuery({ queryKey: inboxKeys.unread(user?.userId), queryFn: announcementApi.unreadCount, refetchInterval: 60_000, enabled: canManage });

  if (!canManage) {
    return (
      <div className="page">
        <div className="page-card">
          <h2 className="page-card__title">{t('inbox')}</h2>
          <Inbox />
        </div>
      </div>
    );
  }
  const panes = [
    <Tabs.TabPane key="manage" title={t('manage')}><Manage /></Tabs.TabPane>,
    <Tabs.TabPane key="inbox" title={<span className="announcement__tab">{t('inbox')} <Badge count={unread.data?.count ?? 0} maxCount={99} /></span>}>
      <Inbox />
    </Tabs.TabPane>,
  ];
  return (
    <div className="page">
      <div className="page-card">
        <Tabs activeTab={tab} onChange={setTab} data-testid="announcement-tabs">{fromHome ? panes.reverse() : panes}</Tabs>
      </div>
    </div>
  );
}
