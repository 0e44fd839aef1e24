import { Badge, Button, Descriptions, Drawer, Empty, Form, Input, Message, Modal, Select, Space, Switch, Table, Tabs, Tag, Typography } from '@arco-design/web-react';
import { IconEdit, IconEmail, IconRefresh } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { InboxRow, MailDetail, MailUser, SentRow } from '@shared/api/basedata/devices';
import { DevicesPerm, MAX_MAIL_RECIPIENTS } from '@shared/api/basedata/deviceRules';
import type { Page } from '@shared/api/paging';
import { rethrowUnlessShown } from '../../../api/client';
import { api } from '../../../api/http';
import { useButtons } from '../../../kit/usePermission';
import { useViewTab } from '../../../kit/useViewState';
import { validValues } from '../../../kit/validValues';
import { appState } from '../../../stores/app';
import { session } from '../../../stores/session';
import { stamp } from '../../../kit/stamp';
import { ns } from './locale';
import { must } from '@shared/must';

const mailApi = {
  inbox: (body: Record<string, unknown>) => api.post<Page<InboxRow>>('/basedata/mail/inbox', body),
  sent: (body: Record<string, unknown>) => api.post<Page<SentRow>>('/basedata/mail/sent', body),
  read: (id: number) => api.post<MailDetail>('/basedata/mail/read', { id }),
  unreadCount: () => api.post<{ count: number }>('/basedata/mail/unreadCount', {}),
  recipients: () => api.post<MailUser[]>('/basedata/mail/recipients', {}),
  send: (body: { subject: string; body: string; recipientIds: number[] }) => api.post<{ id: number }>('/basedata/mail/send', body),
};

const MAIL_TABS = ['inbox', 'sent'] as const;

/** Base data › Mail: plain-text mail between users, inbox and sent box with read state. */
export default function MailPage() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const [tab, setTab] = useViewTab(MAIL_TABS);
  const [opened, setOpened] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  const unread = useQuery({ queryKey: ['mail', 'unread'], queryFn: mailApi.unreadCount, refetchInterval: 60_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mail'] });

  return (
    <div className="page">
      <div className="page-card">
        <Tabs
          activeTab={tab} onChange={setTab}
          extra={(
            <Space>
              <Button icon={<IconRefresh />} onClick={() => void refresh()} aria-label={t('kit.refresh')} />
              {buttons.has(`${DevicesPerm.mail}:add`) && (
                <Button type="primary" icon={<IconEdit />} onClick={() => setComposing(true)} data-testid="mail-compose">{t('compose')}</Button>
              )}
            </Space>
          )}
        >
          <Tabs.TabPane key="inbox" title={<Badge count={unread.data?.count ?? 0} dot={false} offset={[10, -2]}><span>{t('inbox')}</span></Badge>}>
            <InboxList onOpen={setOpened} />
          </Tabs.TabPane>
          <Tabs.TabPane key="sent" title={t('sent')}>
            <SentList onOpen={setOpened} />
          </Tabs.TabPane>
        </Tabs>
      </div>
      <MailDrawer id={opened} onClose={() => setOpened(null)} />
      <ComposeDialog visible={composing} onClose={() => setComposing(false)} />
    </div>
  );
}

function useBox<T>(box: 'inbox' | 'sent', list: (body: Record<string, unknown>) => Promise<Page<T>>, extra: Record<string, unknown>) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery({
    queryKey: ['mail', box, pageNum, pageSize, extra],
    queryFn: () => list({ pageNum, pageSize, ...extra }),
    placeholderData: keepPreviousData,
  });
  const pagination = {
    current: pageNum, pageSize, total: query.data?.total ?? 0, showTotal: true, sizeCanChange: true,
    onChange: (current: number, size: number) => { setPageNum(size !== pageSize ? 1 : current); setPageSize(size); },
  };
  return { query, pagination, reset: () => setPageNum(1) };
}

function InboxList({ onOpen }: { onOpen(id: number): void }) {
  const { t } = useTranslation(ns);
  const [keyword, setKeyword] = useState('');
  const [onlyUnread, setOnlyUnread] = useState(false);
  const { query, pagination, reset } = useBox('inbox', mailApi.inbox, { keyword: keyword || undefined, unread: onlyUnread || undefined });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('keywordHint')} style={{ width: 240 }} onSearch={(v) => { setKeyword(v); reset(); }} />
        <Switch size="small" checked={onlyUnread} onChange={(v) => { setOnlyUnread(v); reset(); }} aria-label={t('onlyUnread')} />
        <span aria-hidden="true">{t('onlyUnread')}</span>
      </Space>
      <Table<InboxRow>
        rowKey="id" loading={query.isFetching} data={query.data?.list ?? []} pagination={pagination} scroll={{ x: 'max-content' }}
        noDataElement={<Empty description={t('empty')} />} border={{ wrapper: true, cell: false }}
        onRow={(row) => ({ onClick: () => onOpen(row.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: '', dataIndex: 'readAt', width: 44, render: (v: string | null) => <IconEmail style={{ color: v ? 'var(--color-text-4)' : 'rgb(var(--primary-6))' }} /> },
          {
            title: t('subject'), dataIndex: 'subject',
            render: (v: string, r: InboxRow) => <span style={{ fontWeight: r.readAt ? 400 : 600 }} data-testid="mail-subject">{v}</span>,
          },
          { title: t('sender'), dataIndex: 'senderName' },
          { title: t('kit.status'), dataIndex: 'readAt', render: (v: string | null) => <Tag size="small" color={v ? 'gray' : 'arcoblue'}>{t(v ? 'read' : 'unread')}</Tag> },
          { title: t('sentAt'), dataIndex: 'createdAt', render: (v: string) => stamp(v) },
        ]}
      />
    </>
  );
}

function SentList({ onOpen }: { onOpen(id: number): void }) {
  const { t } = useTranslation(ns);
  const [keyword, setKeyword] = useState('');
  const { query, pagination, reset } = useBox('sent', mailApi.sent, { keyword: keyword || undefined });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('subject')} style={{ width: 240 }} onSearch={(v) => { setKeyword(v); reset(); }} />
      </Space>
      <Table<SentRow>
        rowKey="id" loading={query.isFetching} data={query.data?.list ?? []} pagination={pagination} scroll={{ x: 'max-content' }}
        noDataElement={<Empty description={t('empty')} />} border={{ wrapper: true, cell: false }}
        onRow={(row) => ({ onClick: () => onOpen(row.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('subject'), dataIndex: 'subject' },
          { title: t('recipients'), dataIndex: 'recipients', render: (v: string[]) => <Typography.Ellipsis style={{ maxWidth: 320 }}>{v.join(', ')}</Typography.Ellipsis> },
          {
            title: t('read'), dataIndex: 'readCount',
            render: (v: number, r: SentRow) => <Tag size="small" color={v === r.recipients.length ? 'green' : 'orange'}>{t('readCount', { read: v, total: r.recipients.length })}</Tag>,
          },
          { title: t('sentAt'), dataIndex: 'createdAt', render: (v: string) => stamp(v) },
        ]}
      />
    </>
  );
}

/** One mail; opening it marks it read, so the inbox and the unread count refresh. */
function MailDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const { device } = useSnapshot(appState);
  const mail = useQuery({
    queryKey: ['mail-detail', id],
    queryFn: async () => {
      const detail = await mailApi.read(must(id, 'the mail opened'));
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
      return detail;
    },
    enabled: id != null,
  });
  const d = mail.data;
  return (
    <Drawer title={d?.subject ?? ''} visible={id != null} onCancel={onClose} footer={null} width={device === 'mobile' ? '100%' : 560} unmountOnExit>
      {d && (
        <div data-testid="mail-detail">
          <Descriptions column={1} size="small" data={[
            { label: t('sender'), value: d.senderName },
            { label: t('recipients'), value: <Space wrap size={4}>{d.recipients.map((r) => <Tag key={r.id} size="small" color={r.readAt ? 'green' : 'gray'}>{r.name}</Tag>)}</Space> },
            { label: t('sentAt'), value: stamp(d.createdAt) },
          ]} />
          {/* Plain text: shown as text, line breaks kept, never as HTML. */}
          <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginTop: 16, lineHeight: 1.7 }}>{d.body}</div>
        </div>
      )}
    </Drawer>
  );
}

function ComposeDialog({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const dealerUser = useSnapshot(session).user?.dealerId != null;
  const people = useQuery({ queryKey: ['mail-recipients'], queryFn: mailApi.recipients, enabled: visible, staleTime: 60_000 });
  const options = (people.data ?? []).map((u) => ({ label: `${u.nickName} (${u.userName})${u.dealerName ? ` · ${u.dealerName}` : ''}`, value: u.id }));
  const required = [{ required: true, message: t('msg:required') }];

  const submit = async () => {
    const values = await validValues<{ subject: string; body: string; recipientIds: number[] }>(form);
    if (!values) return; // the form marks what is wrong
    setSaving(true);
    try {
      await mailApi.send(values);
      Message.success(t('sentDone'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['mail'] });
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why; the dialog keeps the text.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={t('compose')} visible={visible} onCancel={onClose} onOk={submit} confirmLoading={saving} okText={t('send')} cancelText={t('common.cancel')}
      unmountOnExit maskClosable={false} style={{ width: 640, maxWidth: '96vw' }}>
      <Form form={form} layout="vertical" data-testid="mail-form">
        <Form.Item field="recipientIds" label={t('recipients')} rules={[...required, { maxLength: MAX_MAIL_RECIPIENTS, message: t('msg:invalidValue') }]} extra={dealerUser ? t('recipientsHint') : undefined}>
          <Select mode="multiple" options={options} loading={people.isFetching} showSearch allowClear maxTagCount={8} placeholder={t('recipients')} />
        </Form.Item>
        <Form.Item field="subject" label={t('subject')} rules={[...required, { maxLength: 128, message: t('msg:tooLong', { max: 128 }) }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item field="body" label={t('body')} rules={required}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={20_000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
