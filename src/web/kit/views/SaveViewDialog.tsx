import { Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '@shared/i18n/languages';
import { rethrowUnlessShown } from '../../api/client';
import { ns } from './locale';
import { viewsKey } from './ViewsMenu';
import { viewsApi } from './viewsApi';

/** Saves the view the page shows now under a name, optionally shared with a role. */
export default function SaveViewDialog({ page, query, onClose }: { page: string; query: string; onClose(): void }) {
  const { t, i18n } = useTranslation(ns);
  const lang = pickLanguage(i18n.language);
  const [form] = Form.useForm<{ name: string; sharedRoleId?: number }>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ['saved-views-roles'], queryFn: viewsApi.roles, staleTime: 300_000 });

  const save = async () => {
    const values = await form.validate();
    setSaving(true);
    try {
      await viewsApi.save({ page, name: values.name.trim(), query, sharedRoleId: values.sharedRoleId ?? null });
      Message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: viewsKey(page) });
      onClose();
    } catch (err) {
      rethrowUnlessShown(err); // a taken name: the client shows the reason and the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal visible title={t('saveTitle')} onOk={() => void save()} onCancel={onClose} confirmLoading={saving} data-testid="save-view-dialog" unmountOnExit>
      <Form form={form} layout="vertical" onSubmit={() => void save()}>
        <Form.Item field="name" label={t('name')} rules={[{ required: true, message: t('msg:required') }, { maxLength: 64, message: t('msg:tooLong', { max: 64 }) }]}>
          <Input placeholder={t('nameHint')} maxLength={64} autoFocus data-testid="view-name" />
        </Form.Item>
        <Form.Item field="sharedRoleId" label={t('shareWith')}>
          <Select allowClear placeholder={t('notShared')} loading={roles.isLoading} data-testid="view-share"
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: lang === 'en-US' ? r.nameEn : r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
