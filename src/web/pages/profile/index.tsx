import { Alert, Button, Descriptions, Form, Input, Message, Progress, Tabs, Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { passwordProblem, passwordStrength } from '@shared/password';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@shared/patterns';
import { rethrowUnlessShown } from '../../api/client';
import { sessionApi } from '../../api/session';
import { session } from '../../stores/session';

interface ProfileForm { nickName: string; email: string; phone: string }
interface PasswordForm { oldPassword: string; newPassword: string; confirmPassword: string }

const STRENGTH = { weak: { percent: 0.33, color: 'rgb(var(--danger-6))' }, medium: { percent: 0.66, color: 'rgb(var(--warning-6))' }, strong: { percent: 1, color: 'rgb(var(--success-6))' } };

/** Personal centre: profile and password change with every rule of docs/product.md#validation. */
export default function Profile() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const [profileForm] = Form.useForm<ProfileForm>();
  const [passwordForm] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  if (!user) return null;

  const saveProfile = async (values: ProfileForm) => {
    setSaving(true);
    try {
      await sessionApi.editCurrentUser({ nickName: values.nickName.trim(), email: values.email ?? '', phone: values.phone ?? '' });
      if (session.user) session.user = { ...session.user, nickName: values.nickName.trim(), email: values.email || null, phone: values.phone || null };
      Message.success(t('profile.saved'));
    } catch (err) {
      rethrowUnlessShown(err); // shown by the client
    } finally {
      setSaving(false);
    }
  };

  const changePassword = async (values: PasswordForm) => {
    setSaving(true);
    try {
      await sessionApi.changePassword(values);
      passwordForm.resetFields();
      setNewPassword('');
      Message.success(t('profile.passwordChanged'));
    } catch (err) {
      rethrowUnlessShown(err); // shown by the client
    } finally {
      setSaving(false);
    }
  };

  const strength = newPassword && !passwordProblem(newPassword) ? passwordStrength(newPassword) : null;

  return (
    <div className="page">
      <div className="page-card">
        <Descriptions
          title={user.nickName} column={{ xs: 1, md: 2, lg: 3 }}
          data={[
            { label: t('profile.userName'), value: user.userName },
            { label: t('profile.dealer'), value: user.dealerName ?? '-' },
            { label: t('profile.roles'), value: user.roles.map((r) => <Tag key={r} size="small" color="arcoblue" style={{ marginRight: 4 }}>{r}</Tag>) },
          ]}
        />
      </div>
      <div className="page-card">
        <Tabs defaultActiveTab="info">
          <Tabs.TabPane key="info" title={t('profile.info')}>
            <Form<ProfileForm>
              form={profileForm} style={{ maxWidth: 480 }} layout="vertical" onSubmit={saveProfile}
              initialValues={{ nickName: user.nickName, email: user.email ?? '', phone: user.phone ?? '' }}
            >
              <Form.Item field="nickName" label={t('profile.nickName')} rules={[{ required: true, message: t('msg:required') }, { maxLength: 64, message: t('msg:tooLong', { max: 64 }) }]}>
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item field="email" label={t('profile.email')} rules={[{ match: EMAIL_PATTERN, message: t('msg:email') }]}>
                <Input maxLength={128} />
              </Form.Item>
              <Form.Item field="phone" label={t('profile.phone')} rules={[{ match: PHONE_PATTERN, message: t('msg:phone') }]}>
                <Input maxLength={11} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>{t('profile.save')}</Button>
            </Form>
          </Tabs.TabPane>
          <Tabs.TabPane key="password" title={t('profile.changePassword')}>
            <Form<PasswordForm> form={passwordForm} style={{ maxWidth: 480 }} layout="vertical" onSubmit={changePassword}>
              <Form.Item field="oldPassword" label={t('profile.oldPassword')} rules={[{ required: true, message: t('msg:passwordOldEmpty') }]}>
                <Input.Password autoComplete="current-password" maxLength={20} data-testid="old-password" />
              </Form.Item>
              <Form.Item
                field="newPassword" label={t('profile.newPassword')}
                rules={[{
                  validator: (value: string | undefined, callback) => {
                    const problem = passwordProblem(value ?? '');
                    callback(problem ? t(`msg:${problem}`) : undefined);
                  },
                }]}
                extra={strength && (
                  <div style={{ marginTop: 4 }}>
                    <Progress percent={STRENGTH[strength].percent * 100} showText={false} color={STRENGTH[strength].color} size="small" />
                    <span>{t('profile.strength')}: {t(`profile.${strength}`)}</span>
                    {strength === 'weak' && <Alert type="warning" style={{ marginTop: 6 }} content={t('msg:passwordWeak')} />}
                  </div>
                )}
              >
                <Input.Password autoComplete="new-password" maxLength={20} onChange={setNewPassword} data-testid="new-password" />
              </Form.Item>
              <Form.Item
                field="confirmPassword" label={t('profile.confirmPassword')} dependencies={['newPassword']}
                rules={[{
                  validator: (value: string | undefined, callback) =>
                    callback(!value ? t('msg:required') : value !== passwordForm.getFieldValue('newPassword') ? t('msg:passwordMismatch') : undefined),
                }]}
              >
                <Input.Password autoComplete="new-password" maxLength={20} data-testid="confirm-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="change-password">{t('profile.save')}</Button>
            </Form>
          </Tabs.TabPane>
        </Tabs>
      </div>
    </div>
  );
}
