import { Alert, Button, Form, Input, Message, Modal, Popconfirm, Tooltip } from '@arco-design/web-react';
import { IconLock, IconUnlock, IconUndo } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { FreezeAnswer } from '@shared/api/users';
import { passwordProblem } from '@shared/password';
import { pageByRoute } from '@shared/pages';
import { rethrowUnlessShown } from '../../../api/client';
import { api } from '../../../api/http';
import { ManifestList, type Row } from '../../../kit/list/ManifestListPage';
import { useButtons } from '../../../kit/usePermission';
import { validValues } from '../../../kit/validValues';
import { session } from '../../../stores/session';
import { ns } from './locale';

const page = pageByRoute('/system/permission/users')!;
const LIST_ID = 'users';
const freeze = (ids: number[], frozen: boolean) => api.post<FreezeAnswer>(`${page.api}/freeze`, { ids, frozen });
const resetPassword = (id: number, password: string) => api.post<null>(`${page.api}/resetPassword`, { id, password });

/** docs/product.md#validation: the password rules, checked before the server checks them again. */
const passwordRule = (t: (key: string) => string) => ({
  validator: (value: string | undefined, callback: (error?: string) => void) => {
    const problem = passwordProblem(value ?? '');
    callback(problem ? t(`msg:${problem}`) : undefined);
  },
});

/**
 * System › Users: the list is declared in the manifest (src/shared/pages/system.ts); freezing an
 * account and resetting its password are this page's own row buttons (never on your own account).
 */
export default function UsersPage() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const canEdit = useButtons().has(`${page.perm}:edit`);
  const { user: me } = useSnapshot(session);
  const [resetting, setResetting] = useState<Row | null>(null);

  const toggleFreeze = async (row: Row) => {
    const frozen = row.status === 'normal';
    await freeze([row.id], frozen);
    Message.success(t(frozen ? 'frozenDone' : 'unfrozenDone', { name: row.userName }));
    await queryClient.invalidateQueries({ queryKey: ['list', LIST_ID] });
  };

  // An array, so the kit's action bar spaces each button like its own Edit button.
  const rowActions = canEdit ? (row: Row) => {
    const self = row.id === me?.userId;
    const freezing = row.status === 'normal';
    const name = String(row.userName);
    // A disabled button fires no mouse events, so the reason sits on a wrapper.
    const why = (key: string, node: ReactNode) => (self ? <Tooltip key={key} content={t('msg:notYourself')}><span>{node}</span></Tooltip> : node);
    return [
      why('freeze', (
        <Popconfirm
          key="freeze" title={t(freezing ? 'freeze' : 'unfreeze')} content={t(freezing ? 'freezeConfirm' : 'unfreezeConfirm', { name })}
          okButtonProps={freezing ? { status: 'danger' } : undefined} onOk={() => toggleFreeze(row).catch(rethrowUnlessShown)} disabled={self}
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
      <div className="page-card">
        <ManifestList page={page} listId={LIST_ID} rowActions={rowActions} />
      </div>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}

interface ResetForm { password: string; confirmPassword: string }

/** A new password for another user's account; the rules are shown and checked before sending. */
function ResetPasswordDialog({ user, onClose }: { user: Row | null; onClose(): void }) {
  const { t } = useTranslation(ns);
  const [form] = Form.useForm<ResetForm>();
  const [saving, setSaving] = useState(false);
  const name = String(user?.userName ?? '');

  const submit = async () => {
    if (!user) return;
    const values = await validValues<ResetForm>(form);
    if (!values) return; // the form marks what is wrong
    setSaving(true);
    try {
      await resetPassword(user.id, values.password);
      Message.success(t('resetDone', { name }));
      onClose();
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={user ? t('resetTitle', { name }) : ''} visible={!!user} onCancel={onClose} onOk={submit} confirmLoading={saving}
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
