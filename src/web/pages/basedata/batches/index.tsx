import { Alert, Button, Form, InputNumber, Message, Modal, Select, Tag, DatePicker } from '@arco-design/web-react';
import { IconThunderbolt } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { MAX_BATCH_GENERATE } from '@shared/api/basedata/deviceRules';
import { pageAt } from '@shared/pages';
import type { RefOptions } from '@shared/pages/schema';
import { rethrowUnlessShown } from '../../../api/client';
import { api } from '../../../api/http';
import type { Option } from '../../../kit/list/fields';
import { ManifestList } from '../../../kit/list/ManifestListPage';
import { useButtons } from '../../../kit/usePermission';
import { validValues } from '../../../kit/validValues';
import { session } from '../../../stores/session';
import { ns } from './locale';

const page = pageAt('/basedata/base/baseBatch');
/** The list the generic page keeps (ManifestList's id), refreshed after a generation. */
const LIST_ID = `page-${page.perm}`;
const generate = (body: Record<string, unknown>) => api.post<{ codes: string[] }>('/basedata/batch/generate', body);

/** Base data › Batches: declared in the manifest (src/shared/pages/basedata.ts); generating batches from the code rule is this page's own. */
export default function BatchesPage() {
  const { t } = useTranslation(ns);
  const buttons = useButtons();
  const { user } = useSnapshot(session);
  // The same choices (and query) as the list's own form.
  const options = useQuery({ queryKey: ['page-options', page.api], queryFn: () => api.post<RefOptions>(`${page.api}/options`, {}) });
  const [generating, setGenerating] = useState(false);

  return (
    <div className="page">
      <div className="page-card">
        <ManifestList
          page={page}
          toolbar={buttons.has(`${page.perm}:add`) ? (
            <Button type="outline" icon={<IconThunderbolt />} onClick={() => setGenerating(true)} data-testid="toolbar-generate">{t('generate')}</Button>
          ) : undefined}
        />
      </div>
      <GenerateDialog
        visible={generating} onClose={() => setGenerating(false)} materials={options.data?.materialId ?? []}
        dealers={user?.dealerId != null ? null : options.data?.dealerId ?? []}
      />
    </div>
  );
}

/** Batch generation: a material, a production day and how many; answers the codes made. */
function GenerateDialog({ visible, onClose, materials, dealers }: { visible: boolean; onClose(): void; materials: Option[]; dealers: Option[] | null }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);

  const submit = async () => {
    const values = await validValues<Record<string, unknown>>(form);
    if (!values) return; // the form marks what is wrong
    setSaving(true);
    try {
      const res = await generate({ ...values, dealerId: values.dealerId ?? null });
      setCodes(res.codes);
      Message.success(t('generated', { count: res.codes.length }));
      await queryClient.invalidateQueries({ queryKey: ['list', LIST_ID] });
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };
  const close = () => { setCodes([]); onClose(); };

  return (
    <Modal title={t('generate')} visible={visible} onCancel={close} onOk={submit} confirmLoading={saving} unmountOnExit maskClosable={false}
      okText={t('generate')} cancelText={t('common.cancel')} style={{ width: 560, maxWidth: '96vw' }}>
      <Alert type="info" content={t('generateHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" initialValues={{ count: 10 }} data-testid="generate-form">
        <Form.Item field="materialId" label={t('material')} rules={[{ required: true, message: t('msg:required') }]}>
          <Select options={materials} showSearch placeholder={t('material')} />
        </Form.Item>
        {dealers && (
          <Form.Item field="dealerId" label={t('dealer')}>
            <Select options={dealers} showSearch allowClear placeholder={t('dealer')} />
          </Form.Item>
        )}
        <Form.Item field="productionDate" label={t('productionDate')} rules={[{ required: true, message: t('msg:required') }]}>
          <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item field="count" label={t('count')} rules={[{ required: true, message: t('msg:required') }]}>
          <InputNumber min={1} max={MAX_BATCH_GENERATE} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {codes.length > 0 && (
        <div data-testid="generated-codes" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, maxHeight: 160, overflow: 'auto' }}>
          {codes.map((c) => <Tag key={c} color="arcoblue">{c}</Tag>)}
        </div>
      )}
    </Modal>
  );
}
