import { Alert, Button, Form, InputNumber, Message, Modal, Select, Tag, DatePicker } from '@arco-design/web-react';
import { IconThunderbolt } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DATE_PATTERN, DevicesPerm, MAX_BATCH_GENERATE, type BatchRow } from '@shared/api/basedata/devices';
import { rethrowUnlessShown } from '../../../api/client';
import { crudApi } from '../../../api/crud';
import { api } from '../../../api/http';
import type { Option } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useButtons } from '../../../kit/usePermission';
import { validValues } from '../../../kit/validValues';
import { session } from '../../../stores/session';
import { stamp, useDeviceOptions } from '../devicesShared';
import { ns } from './locale';

const LIST_ID = 'basedata-batches';
const batchesApi = {
  ...crudApi<BatchRow, Record<string, unknown>>('/basedata/batch'),
  generate: (body: Record<string, unknown>) => api.post<{ codes: string[] }>('/basedata/batch/generate', body),
};

/** Base data › Batches: production batches of a material, typed or generated from the code rule. */
export default function BatchesPage() {
  const { t } = useTranslation(ns);
  const buttons = useButtons();
  const { user } = useSnapshot(session);
  const options = useDeviceOptions('/basedata/batch');
  const [generating, setGenerating] = useState(false);
  const dealerUser = user?.dealerId != null;
  const dealerOptions = (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id }));
  const materialOptions = (options.data?.materials ?? []).map((m) => ({ label: `${m.code} ${m.name}`, value: m.id }));
  const dateRule = [{ match: DATE_PATTERN, message: t('dateRule') }];

  const columns: Column<BatchRow>[] = [
    { key: 'code', title: t('batchCode'), sortable: true },
    { key: 'materialCode', title: t('material'), sortable: true, render: (_: unknown, r: BatchRow) => (r.materialId ? `${r.materialCode} ${r.materialName}` : '-') },
    { key: 'dealerName', title: t('dealer'), sortable: true, render: (_: unknown, r: BatchRow) => (r.dealerId ? `${r.dealerCode} ${r.dealerName}` : <Tag size="small">{t('none')}</Tag>) },
    { key: 'productionDate', title: t('productionDate'), sortable: true },
    { key: 'remark', title: t('remark'), ellipsis: true, render: (v: string | null) => v ?? '-' },
    { key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<BatchRow>
          id={LIST_ID} title={t('title')} perm={DevicesPerm.batch} api={batchesApi} columns={columns}
          toolbar={buttons.has(`${DevicesPerm.batch}:add`) ? (
            <Button type="outline" icon={<IconThunderbolt />} onClick={() => setGenerating(true)} data-testid="toolbar-generate">{t('generate')}</Button>
          ) : undefined}
          search={[
            { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
            { field: 'materialId', label: t('material'), type: 'select', options: materialOptions },
            ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: dealerOptions }]),
            { field: 'productionDate', label: t('dateShort'), placeholder: 'YYYY-MM-DD', rules: dateRule },
          ]}
          form={[
            { field: 'code', label: t('batchCode'), required: true, rule: 'code', maxLength: 32, lockedOnEdit: true },
            { field: 'materialId', label: t('material'), type: 'select', options: materialOptions, required: true },
            ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: dealerOptions }]),
            { field: 'productionDate', label: t('productionDate'), required: true, placeholder: 'YYYY-MM-DD', rules: dateRule },
            { field: 'remark', label: t('remark'), type: 'textarea', maxLength: 256, wide: true },
          ]}
          toForm={(r) => ({ code: r.code, materialId: r.materialId ?? undefined, dealerId: r.dealerId ?? undefined, productionDate: r.productionDate ?? '', remark: r.remark ?? '' })}
          fromForm={(v) => ({ ...v, dealerId: v.dealerId ?? null, remark: v.remark ?? '' })}
        />
      </div>
      <GenerateDialog visible={generating} onClose={() => setGenerating(false)} materials={materialOptions} dealers={dealerUser ? null : dealerOptions} />
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
      const res = await batchesApi.generate({ ...values, dealerId: values.dealerId ?? null });
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
