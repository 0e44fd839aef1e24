import { Form, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CatalogueOptions, MaterialRelationRow } from '@shared/api/basedata/catalogue';
import { crudApi } from '../../../api/crud';
import { api } from '../../../api/http';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { session } from '../../../stores/session';
import { ns } from './locale';
import { MaterialPicker } from './MaterialPicker';

const PERM = 'basedata:materialRelation';
const BASE = '/basedata/materialRelation';
const relationsApi = {
  ...crudApi<MaterialRelationRow, Record<string, unknown>>(BASE),
  options: () => api.post<CatalogueOptions>(`${BASE}/options`),
};

/** Base data › Material relations: a dealer's own material codes and names mapped to factory materials. */
export default function MaterialRelationsPage() {
  const { t } = useTranslation(ns);
  const { user } = useSnapshot(session);
  const ownDealer = user?.dealerId != null;
  const options = useQuery({ queryKey: ['relation-options'], queryFn: relationsApi.options, staleTime: 60_000 });
  const dealerOptions = useMemo(() => (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id })), [options.data]);

  const columns: Column<MaterialRelationRow>[] = [
    { key: 'dealerCode', title: t('dealer'), sortable: true, render: (_: unknown, r: MaterialRelationRow) => `${r.dealerCode} ${r.dealerName}` },
    { key: 'dealerMaterialCode', title: t('dealerMaterialCode'), sortable: true },
    { key: 'dealerMaterialName', title: t('dealerMaterialName'), sortable: true },
    {
      key: 'materialCode', title: t('material'), sortable: true,
      render: (_: unknown, r: MaterialRelationRow) => (r.materialId ? `${r.materialCode} ${r.materialName}` : <Tag size="small" color="orange">{t('unmatched')}</Tag>),
    },
    { key: 'specification', title: t('specification'), render: (v: string | null) => v ?? '-' },
    { key: 'pattern', title: t('pattern'), render: (v: string | null) => v ?? '-' },
  ];

  const search: FieldDef[] = [
    { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
    ...(ownDealer ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions } as FieldDef]),
    { field: 'matched', label: t('matched'), type: 'select', options: [{ label: t('isMatched'), value: 'matched' }, { label: t('unmatched'), value: 'unmatched' }] },
  ];

  const form = (row: MaterialRelationRow | null): FieldDef[] => [
    ...(ownDealer ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions, required: true, lockedOnEdit: true } as FieldDef]),
    { field: 'dealerMaterialCode', label: t('dealerMaterialCode'), required: true, maxLength: 64 },
    { field: 'dealerMaterialName', label: t('dealerMaterialName'), required: true, maxLength: 128, wide: true },
    {
      field: 'materialId', label: t('material'), wide: true,
      render: () => (
        <Form.Item field="materialId" noStyle>
          <MaterialPicker url={`${BASE}/materials`} placeholder={t('pickHint')}
            initial={row?.materialId ? { id: row.materialId, code: row.materialCode!, name: row.materialName! } : null} />
        </Form.Item>
      ),
    },
  ];

  return (
    <div className="page">
      <ListPage<MaterialRelationRow>
        id="material-relations" title={t('title')} perm={PERM} api={relationsApi} columns={columns} search={search} form={form}
        toForm={(row) => ({ dealerId: row.dealerId, dealerMaterialCode: row.dealerMaterialCode, dealerMaterialName: row.dealerMaterialName, materialId: row.materialId ?? undefined })}
        fromForm={(values, row) => ({
          dealerId: row ? row.dealerId : values.dealerId ?? null, dealerMaterialCode: values.dealerMaterialCode,
          dealerMaterialName: values.dealerMaterialName, materialId: values.materialId ?? null,
        })}
      />
    </div>
  );
}
