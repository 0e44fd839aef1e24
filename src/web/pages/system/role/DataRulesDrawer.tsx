import { Alert, Button, Drawer, Form, Message, Result, Select, Space, Spin } from '@arco-design/web-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { RoleDataRules, RoleOptions, RoleHead } from '@shared/api/role';
import { api } from '../../../api/http';
import { appState } from '../../../stores/app';
import { ns } from './locale';
import { must } from '@shared/must';
import { optionTextHolds } from '../../../kit/optionText';

type RuleField = keyof RoleDataRules;

const byText = (input: string, option: unknown) => optionTextHolds(input, option);

/** Which regions, dealers and warehouses the holders of a role see (data rules, read by the server's data scope). */
export function DataRulesDrawer({ role, readOnly, notice, onClose }: { role: RoleHead | null; readOnly: boolean; notice?: string; onClose(): void }) {
  const { t, i18n } = useTranslation(ns);
  const queryClient = useQueryClient();
  const { device } = useSnapshot(appState);
  const [edited, setEdited] = useState<RoleDataRules | null>(null);

  const options = useQuery({
    queryKey: ['role', 'options', i18n.language],
    queryFn: () => api.post<RoleOptions>('/sys/role/options', {}),
    enabled: !!role,
    staleTime: 60_000,
  });
  const rules = useQuery({
    queryKey: ['role', 'dataRules', role?.id],
    queryFn: () => api.post<RoleDataRules>('/sys/role/dataRules', { id: must(role, 'the role').id }),
    enabled: !!role,
  });
  const value = edited ?? rules.data ?? { dealerIds: [], regionIds: [], warehouseIds: [] };
  const set = (field: RuleField, ids: number[]) => setEdited({ ...value, [field]: ids });

  const close = () => {
    setEdited(null);
    onClose();
  };
  const save = useMutation({
    mutationFn: () => api.post('/sys/role/saveDataRules', { id: must(role, 'the role').id, ...value }),
    onSuccess: async () => {
      Message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: ['role', 'dataRules', role?.id] });
      close();
    },
  });

  const dealerName = new Map((options.data?.dealers ?? []).map((d) => [d.id, d.name]));
  const fields: { field: RuleField; label: string; options: { value: number; label: string }[] }[] = [
    { field: 'regionIds', label: t('regions'), options: (options.data?.regions ?? []).map((r) => ({ value: r.id, label: r.name })) },
    { field: 'dealerIds', label: t('dealers'), options: (options.data?.dealers ?? []).map((d) => ({ value: d.id, label: `${d.code} ${d.name}` })) },
    {
      field: 'warehouseIds', label: t('warehouses'),
      options: (options.data?.warehouses ?? []).map((w) => ({
        value: w.id, label: `${w.code} ${w.name} · ${w.dealerId != null ? dealerName.get(w.dealerId) ?? '' : t('centralWarehouse')}`,
      })),
    },
  ];

  const loading = options.isLoading || rules.isLoading;
  const failed = options.isError || rules.isError;
  return (
    <Drawer
      title={role ? t('dataRulesOf', { name: i18n.language === 'en-US' ? role.nameEn : role.name }) : ''}
      visible={!!role} width={device === 'mobile' ? '100%' : 560} onCancel={close} unmountOnExit
      footer={(
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          {!readOnly && (
            <Button type="primary" loading={save.isPending} disabled={loading || failed} onClick={() => save.mutate()} data-testid="role-rules-save">
              {t('save')}
            </Button>
          )}
        </Space>
      )}
    >
      <Alert type={notice ? 'warning' : 'info'} content={notice ?? t('rulesHint')} style={{ marginBottom: 16 }} />
      {failed ? (
        <Result status="error" title={t('loadFailed')} extra={<Button onClick={() => { void options.refetch(); void rules.refetch(); }}>{t('common.retry')}</Button>} />
      ) : loading ? (
        <div className="page-loading"><Spin /></div>
      ) : (
        <Form layout="vertical" data-testid="role-rules-form">
          {fields.map((f) => (
            <Form.Item key={f.field} label={`${f.label} (${value[f.field].length})`}>
              <Select
                mode="multiple" allowClear showSearch maxTagCount={12} placeholder={t('choose')} disabled={readOnly}
                options={f.options} value={value[f.field]} onChange={(ids: number[]) => set(f.field, ids)} filterOption={byText}
                data-testid={`role-rules-${f.field}`}
              />
            </Form.Item>
          ))}
        </Form>
      )}
    </Drawer>
  );
}
