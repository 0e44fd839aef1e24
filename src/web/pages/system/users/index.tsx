import { Alert, Button, Form, Input, Message, Modal, Popconfirm, Space, Tag, Tooltip } from '@arco-design/web-react';
import { IconLock, IconUnlock, IconUndo } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { USER_NAME_PATTERN, type FreezeAnswer, type UserOptions, type UserRow } from '@shared/api/users';
import { passwordProblem } from '@shared/password';
import { Perm } from '@shared/permissions';
import { rethrowUnlessShown } from '../../../api/client';
import { crudApi } from '../../../api/crud';
import { api } from '../../../api/http';
import type { FieldDef, TreeOption } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useButtons } from '../../../kit/usePermission';
import { validValues } from '../../../kit/validValues';
import { session } from '../../../stores/session';
import { ns } from './locale';

const LIST_ID = 'users';
const usersApi = {
  ...crudApi<UserRow, Record<string, unknown>>('/sys/user'),
  options: () => api.post<UserOptions>('/sys/user/options'),
  freeze: (ids: number[], frozen: boolean) => api.post<FreezeAnswer>('/sys/user/freeze', { ids, frozen }),
  resetPassword: (id: number, password: string) => api.post<null>('/sys/user/resetPassword', { id, password }),
};

const pad = (n: number) => String(n).padStart(2, '0');
/** Spec section 9: 'year-month-day hours:minutes:seconds'. */
const stamp = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** Departments as the tree the selects show; keys are ids as text (TreeSelect's keys are strings). */
function departmentTree(departments: UserOptions['departments']): TreeOption[] {
  const children = new Map<number | null, UserOptions['departments']>();
  for (const d of departments) {
    const parent = d.parentId != null && departments.some((p) => p.id === d.parentId) ? d.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), d]);
  }
  const build = (parent: number | null): TreeOption[] =>
    (children.get(parent) ?? []).map((d) => {
      const below = build(d.id);
      return { key: String(d.id), title: d.name, ...(below.length ? { children: below } : {}) };
    });
  return build(null);
}

/** Spec section 5's password rules, checked before the server checks them again. */
const passwordRule = (t: (key: string) => string) => ({
  validator: (value: string | undefined, callback: (error?: string) => void) => {
    const problem = passwordProblem(value ?? '');
    callback(problem ? t(`msg:${problem}`) : undefined);
  },
});

/** System › Users: accounts, their roles, department and dealer; freeze, unfreeze and password resets. */
export default function UsersPage() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const { user: me } = useSnapshot(session);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const options = useQuery({ queryKey: ['user-options'], queryFn: usersApi.options, staleTime: 60_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', LIST_ID] });

  const roleOptions = useMemo(() => (options.data?.roles ?? []).map((r) => ({ label: r.name, value: r.id })), [options.data]);
  const dealerOptions = useMemo(() => (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id })), [options.data]);
  const departments = useMemo(() => departmentTree(options.data?.departments ?? []), [options.data]);
  const statusOptions = [{ label: t('normal'), value: 'normal' }, { label: t('frozen'), value: 'frozen' }];

  const columns: Column<UserRow>[] = [
    { key: 'userName', title: t('userName'), sortable: true },
    { key: 'nickName', title: t('nickName'), sortable: true },
    {
      key: 'status', title: t('kit.status'), sortable: true,
      render: (v: UserRow['status']) => <Tag size="small" color={v === 'normal' ? 'green' : 'red'}>{t(v)}</Tag>,
    },
    {
      key: 'roles', title: t('roles'),
      render: (_: unknown, row: UserRow) => row.roles.length
        ? <Space size={4} wrap>{row.roles.map((r) => <Tag key={r.id} size="small" color="arcoblue">{r.name}</Tag>)}</Space>
        : '-',
    },
    { key: 'departmentName', title: t('department'), sortable: true, render: (v: string | null) => v ?? '-' },
    {
      key: 'dealerName', title: t('dealer'), sortable: true,
      render: (_: unknown, row: UserRow) => (row.dealerId ? `${row.dealerCode} ${row.dealerName}` : '-'),
    },
    { key: 'phone', title: t('phone'), render: (v: string | null) => v ?? '-' },
    { key: 'email', title: t('email'), render: (v: string | null) => v ?? '-' },
    { key: 'createdAt', title: t('createdAt'), sortable: true, render: (v: string) => stamp(v) },
  ];

  const search: FieldDef[] = [
    { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
    { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
    { field: 'departmentId', label: t('departmentShort'), placeholder: t('department'), type: 'treeSelect', treeData: departments },
    { field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions },
    { field: 'roleId', label: t('role'), type: 'select', options: roleOptions },
  ];

  const form = (row: UserRow | null): FieldDef[] => [
    {
      field: 'userName', label: t('userName'), required: true, maxLength: 64, lockedOnEdit: !!row,
      rules: [{ match: USER_NAME_PATTERN, message: t('userNameRule') }],
    },
    { field: 'nickName', label: t('nickName'), required: true, maxLength: 64 },
    { field: 'password', label: t('password'), type: 'password', required: true, createOnly: true, rules: [passwordRule(t)], extra: t('passwordRules') },
    { field: 'roleIds', label: t('roles'), type: 'multiSelect', options: roleOptions },
    { field: 'email', label: t('email'), rule: 'email', maxLength: 128 },
    { field: 'phone', label: t('phone'), rule: 'phone', maxLength: 11 },
    { field: 'departmentId', label: t('department'), type: 'treeSelect', treeData: departments },
    { field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions },
  ];

  const toggleFreeze = async (row: UserRow) => {
    const frozen = row.status === 'normal';
    await usersApi.freeze([row.id], frozen);
    Message.success(t(frozen ? 'frozenDone' : 'unfrozenDone', { name: row.userName }));
    await refresh();
  };

  // An array, so the kit's action bar spaces each button like its own Edit button.
  const rowActions = buttons.has(Perm.userEdit) ? (row: UserRow) => {
    const self = row.id === me?.userId;
    const freezing = row.status === 'normal';
    // A disabled button fires no mouse events, so the reason sits on a wrapper.
    const why = (key: string, node: ReactNode) => (self ? <Tooltip key={key} content={t('msg:notYourself')}><span>{node}</span></Tooltip> : node);
    return [
      why('freeze', (
        <Popconfirm
          key="freeze" title={t(freezing ? 'freeze' : 'unfreeze')} content={t(freezing ? 'freezeConfirm' : 'unfreezeConfirm', { name: row.userName })}
          okButtonProps={freezing ? { status: 'danger' } : undefined} onOk={() => toggleFreeze(row).catch(() => undefined)} disabled={self}
        >
          <Button size="mini" type="text" status={freezing ? 'warning' : 'success'} icon={freezing ? <IconLock /> : <IconUnlock />} disabled={self}
            data-testid={freezing ? 'row-freeze' : 'row-unfreeze'}>
            {t(freezing ? 'freeze' : 'unfreeze')}
          </Button>
        </Popconfirm>
      )),
      why('reset', (
        <Button key="reset" size="mini" type="text" icon={<IconUndo />} disabled={self} onClick={() => setResetting(row)} data-testid="row-reset-password">
          {t('resetPassword')}
        </Button>
      )),
    ];
  } : undefined;

  return (
    <div className="page">
      <ListPage<UserRow>
        id={LIST_ID} title={t('title')} perm={Perm.users} api={usersApi} columns={columns} search={search} form={form}
        toForm={(row) => ({
          userName: row.userName, nickName: row.nickName, email: row.email ?? '', phone: row.phone ?? '',
          departmentId: row.departmentId == null ? undefined : String(row.departmentId), dealerId: row.dealerId ?? undefined,
          roleIds: row.roles.map((r) => r.id),
        })}
        fromForm={(values, row) => ({
          userName: values.userName, nickName: values.nickName, email: values.email ?? '', phone: values.phone ?? '',
          departmentId: values.departmentId ? Number(values.departmentId) : null, dealerId: values.dealerId ?? null,
          roleIds: values.roleIds ?? [],
          ...(row ? {} : { password: values.password }),
        })}
        rowActions={rowActions}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}

interface ResetForm { password: string; confirmPassword: string }

/** A new password for another user's account; the rules are shown and checked before sending. */
function ResetPasswordDialog({ user, onClose }: { user: UserRow | null; onClose(): void }) {
  const { t } = useTranslation(ns);
  const [form] = Form.useForm<ResetForm>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!user) return;
    const values = await validValues<ResetForm>(form);
    if (!values) return; // the form marks what is wrong
    setSaving(true);
    try {
      await usersApi.resetPassword(user.id, values.password);
      Message.success(t('resetDone', { name: user.userName }));
      onClose();
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={user ? t('resetTitle', { name: user.userName }) : ''} visible={!!user} onCancel={onClose} onOk={submit} confirmLoading={saving}
      okText={t('common.confirm')} cancelText={t('common.cancel')} unmountOnExit maskClosable={false} style={{ width: 440, maxWidth: '96vw' }}
    >
      <Alert type="info" content={t('resetHint')} style={{ marginBottom: 16 }} />
      <Form<ResetForm> form={form} layout="vertical" onSubmit={submit} data-testid="reset-password-form">
        <Form.Item field="password" label={t('newPassword')} extra={t('passwordRules')} rules={[passwordRule(t)]}>
          <Input.Password autoComplete="new-password" maxLength={20} data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          field="confirmPassword" label={t('confirmPassword')} dependencies={['password']}
          rules={[{
            validator: (value: string | undefined, callback) =>
              callback(!value ? t('msg:required') : value !== form.getFieldValue('password') ? t('msg:passwordMismatch') : undefined),
          }]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
