import { Form, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PRICE_PATTERN, type CatalogueOptions, type DealerMaterialRow } from '@shared/api/basedata/catalogue';
import { crudApi } from '../../../api/crud';
import { api } from '../../../api/http';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { session } from '../../../stores/session';
import { MaterialPicker } from '../materialRelations/MaterialPicker';
import { ns } from './locale';

const PERM = 'basedata:goodsManagement';
const BASE = '/basedata/dealerMaterial';
const dealerMaterialsApi = {
  ...crudApi<DealerMaterialRow, Record<string, unknown>>(BASE),
  options: () => api.post<CatalogueOptions>(`${BASE}/options`),
};

/** Base data › Dealer materials: the materials a dealer carries, its own price and safety stock. */
export default function DealerMaterialsPage() {
  const { t } = useTranslation(ns);
  const { user } = useSnapshot(session);
  const ownDealer = user?.dealerId != null;
  const options = useQuery({ queryKey: ['dealer-material-options'], queryFn: dealerMaterialsApi.options, staleTime: 60_000 });
  const dealerOptions = useMemo(() => (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id })), [options.data]);
  const brandOptions = useMemo(() => (options.data?.brands ?? []).map((b) => ({ label: b.name, value: b.id })), [options.data]);
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];

  const columns: Column<DealerMaterialRow>[] = [
    ...(ownDealer ? [] : [{ key: 'dealerCode', title: t('dealer'), sortable: true, render: (_: unknown, r: DealerMaterialRow) => `${r.dealerCode} ${r.dealerName}` }]),
    { key: 'materialCode', title: t('materialCode'), sortable: true },
    { key: 'materialName', title: t('materialName') },
    { key: 'brandName', title: t('brand') },
    { key: 'specification', title: t('specification'), sortable: true },
    { key: 'pattern', title: t('pattern') },
    { key: 'unit', title: t('unit') },
    { key: 'listPrice', title: t('listPrice'), align: 'right' },
    { key: 'price', title: t('price'), sortable: true, align: 'right', render: (v: string | null) => v ?? '-' },
    { key: 'safetyStock', title: t('safetyStock'), sortable: true, align: 'right' },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  const search: FieldDef[] = [
    { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
    ...(ownDealer ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions } as FieldDef]),
    { field: 'brandId', label: t('brand'), type: 'select', options: brandOptions },
    { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
  ];

  const form = (row: DealerMaterialRow | null): FieldDef[] => [
    ...(ownDealer ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions, required: true, lockedOnEdit: true } as FieldDef]),
    {
      field: 'materialId', label: t('material'), required: true, wide: true,
      render: () => (
        <Form.Item field="materialId" noStyle>
          <MaterialPicker url={`${BASE}/materials`} placeholder={t('pickHint')} allowClear={false}
            initial={row ? { id: row.materialId, code: row.materialCode, name: row.materialName } : null} />
        </Form.Item>
      ),
    },
    { field: 'price', label: t('price'), type: 'number', min: 0, extra: t('priceHint'), rules: [{ validator: (v: unknown, cb: (e?: string) => void) => cb(v == null || v === '' || PRICE_PATTERN.test(String(v)) ? undefined : t('msg:price')) }] },
    { field: 'safetyStock', label: t('safetyStock'), type: 'number', min: 0, max: 1_000_000 },
    { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions, placeholder: t('kit.normal') },
  ];

  return (
    <div className="page">
      <ListPage<DealerMaterialRow>
        id="dealer-materials" title={t('title')} perm={PERM} api={dealerMaterialsApi} columns={columns} search={search} form={form}
        toForm={(row) => ({ dealerId: row.dealerId, materialId: row.materialId, price: row.price == null ? undefined : Number(row.price), safetyStock: row.safetyStock, status: row.status })}
        fromForm={(values, row) => ({
          dealerId: row ? row.dealerId : values.dealerId ?? null, materialId: values.materialId, price: values.price ?? null,
          safetyStock: values.safetyStock ?? 0, status: values.status ?? 'normal',
        })}
      />
    </div>
  );
}
