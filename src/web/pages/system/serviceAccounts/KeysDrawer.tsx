import { Alert, Button, DatePicker, Drawer, Form, Input, Message, Modal, Popconfirm, Result, Space, Table, Tag } from '@arco-design/web-react';
import { IconCopy, IconPlus } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@shared/dates';
import type { ApiKeyRow, IssuedKey } from '@shared/api/serviceAccounts';
import { api } from '../../../api/http';
import { appState } from '../../../stores/app';
import { ns } from './locale';
import { must } from '@shared/must';

const BASE = '/sys/serviceAccount';

/** A key's state as the list says it: revoked, expired, or active. */
const stateOf = (k: ApiKeyRow): 'revoked' | 'expired' | 'active' =>
  (k.revokedAt ? 'revoked' : k.expiresAt && new Date(k.expiresAt).getTime() <= Date.now() ? 'expired' : 'active');
const STATE_COLOR = { active: 'green', revoked: 'red', expired: 'gray' } as const;

/** The API keys of a service account: listed with their last use, issued (shown once), revoked after a confirmation. */
export function KeysDrawer({ account, canManage, onClose }: { account: { id: number; name: string } | null; canManage: boolean; onClose(): void }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const { device } = useSnapshot(appState);
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [form] = Form.useForm<{ name: string; expiresAt?: string }>();
  const queryKey = ['serviceAccount', 'keys', account?.id];
  const keys = useQuery({ queryKey, queryFn: () => api.post<ApiKeyRow[]>(`${BASE}/keys`, { userId: must(account, 'the service account').id }), enabled: !!account });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const issue = useMutation({
    mutationFn: (values: { name: string; expiresAt?: string }) =>
      api.post<IssuedKey>(`${BASE}/issueKey`, { userId: must(account, 'the service account').id, name: values.name, expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null }),
    onSuccess: async (key) => {
      setIssuing(false);
      form.resetFields();
      setIssued(key);
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.post(`${BASE}/revokeKey`, { id }),
    onSuccess: async () => {
      Message.success(t('revoked_done'));
      await refresh();
    },
  });
  const copy = async () => {
    const { key } = must(issued, 'the key just issued');
    try {
      await navigator.clipboard.writeText(key);
      Message.success(t('copied'));
    } catch (err) {
      // Without clipboard access (an insecure origin, a refused permission: a DOMException, or no
      // navigator.clipboard at all: a TypeError) the key stays selectable in its field.
      if (!(err instanceof DOMException) && !(err instanceof TypeError)) throw err;
      Message.warning(t('copyFailed'));
    }
  };

  const columns = [
    { title: t('name'), dataIndex: 'name' },
    { title: t('prefix'), dataIndex: 'prefix', render: (v: string) => <code>{v}…</code> },
    { title: t('state'), dataIndex: 'id', render: (_: unknown, k: ApiKeyRow) => <Tag color={STATE_COLOR[stateOf(k)]}>{t(stateOf(k))}</Tag> },
    { title: t('expiresAt'), dataIndex: 'expiresAt', render: (v: string | null) => (v ? formatDateTime(v) : t('never')) },
    { title: t('lastUsed'), dataIndex: 'lastUsedAt', render: (v: string | null, k: ApiKeyRow) => (v ? `${formatDateTime(v)}${k.lastUsedIp ? ` · ${k.lastUsedIp}` : ''}` : t('notUsed')) },
    { title: t('createdBy'), dataIndex: 'createdBy' },
    ...(canManage ? [{
      title: '', dataIndex: 'revokedAt', render: (_: unknown, k: ApiKeyRow) => (k.revokedAt ? null : (
        <Popconfirm title={t('revokeConfirm', { name: k.name })} onOk={() => revoke.mutateAsync(k.id)}>
          <Button size="mini" status="danger" type="text" data-testid="key-revoke">{t('revoke')}</Button>
        </Popconfirm>
      )),
    }] : []),
  ];

  return (
    <Drawer
      visible={!!account} width={device === 'mobile' ? '100%' : 860} title={account ? t('keysOf', { name: account.name }) : ''}
      onCancel={onClose} footer={null} unmountOnExit
    >
      <Space direction="vertical" size="medium" style={{ width: '100%' }}>
        <Alert type="info" content={t('usage')} />
        {!canManage && <Alert type="warning" content={t('readOnly')} />}
        {canManage && <Button type="primary" icon={<IconPlus />} onClick={() => setIssuing(true)} data-testid="key-issue">{t('issue')}</Button>}
        {keys.isError ? <Result status="error" subTitle={t('loadFailed')} /> : (
          <Table rowKey="id" size="small" loading={keys.isLoading} columns={columns} data={keys.data ?? []} pagination={false}
            noDataElement={t('noKeys')} scroll={{ x: 720 }} data-testid="key-table" />
        )}
      </Space>
      <Modal title={t('issueTitle')} visible={issuing} onCancel={() => setIssuing(false)} confirmLoading={issue.isPending}
        onOk={async () => issue.mutate(await form.validate())} unmountOnExit>
        <Form form={form} layout="vertical">
          <Form.Item field="name" label={t('name')} rules={[{ required: true, message: t('nameRequired') }, { maxLength: 64 }]}>
            <Input placeholder={t('namePlaceholder')} maxLength={64} />
          </Form.Item>
          <Form.Item field="expiresAt" label={t('expiresAt')}>
            <DatePicker showTime style={{ width: '100%' }} placeholder={t('expiryPlaceholder')} disabledDate={(d) => d.isBefore(new Date(), 'day')} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal title={t('issuedTitle')} visible={!!issued} closable={false} maskClosable={false} escToExit={false}
        footer={<Button type="primary" onClick={() => setIssued(null)} data-testid="key-issued-done">{t('done')}</Button>}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" content={t('issuedHint')} />
          <Input.Group compact style={{ display: 'flex' }}>
            <Input readOnly value={issued?.key ?? ''} aria-label={t('keys')} data-testid="key-issued-value" style={{ fontFamily: 'monospace', flex: 1 }} />
            <Button icon={<IconCopy />} onClick={() => void copy()} data-testid="key-copy">{t('copy')}</Button>
          </Input.Group>
        </Space>
      </Modal>
    </Drawer>
  );
}
