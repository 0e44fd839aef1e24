import { Select, Tag } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarehousingPerm, type LocationRuleRow } from '@shared/api/basedata/warehousing';
import { crudApi } from '../../../api/crud';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useWarehousingOptions } from '../warehousing';
import { ns } from './locale';

const rulesApi = crudApi<LocationRuleRow, Record<string, unknown>>('/basedata/storagelocationRule');

/** Base data › Location rules: which locations a brand, specification or pattern is put away to, per warehouse. */
export default function LocationRulesPage() {
  const { t } = useTranslation(ns);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const all = useWarehousingOptions();
  const options = useWarehousingOptions(warehouseId);
  const warehouseOptions = (all.data?.warehouses ?? []).map((w) => ({ label: `${w.code} ${w.name}`, value: w.id }));
  const brandOptions = (all.data?.brands ?? []).map((b) => ({ label: b.name, value: b.id }));
  const locationOptions = (warehouseId ? options.data?.locations ?? [] : []).map((l) => ({ label: l.code, value: l.id }));
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];

  useEffect(() => {
    const first = all.data?.warehouses[0];
    if (warehouseId === null && first) setWarehouseId(first.id);
  }, [all.data, warehouseId]);

  const anyOr = (v: string | null) => v || <span style={{ color: 'var(--color-text-3)' }}>{t('any')}</span>;
  const columns: Column<LocationRuleRow>[] = [
    { key: 'name', title: t('name'), sortable: true },
    { key: 'brandName', title: t('brand'), render: (v: string | null) => anyOr(v) },
    { key: 'specification', title: t('specification'), render: (v: string | null) => anyOr(v) },
    { key: 'pattern', title: t('pattern'), render: (v: string | null) => anyOr(v) },
    { key: 'priority', title: t('priority'), sortable: true },
    {
      key: 'locationCodes', title: t('locations'),
      render: (v: string[]) => (v.length > 6 ? `${v.slice(0, 6).join(', ')} … (${v.length})` : v.join(', ')),
    },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<LocationRuleRow>
          id="basedata-location-rules" title={t('title')} perm={WarehousingPerm.rule} api={rulesApi} columns={columns}
          fixedFilters={warehouseId ? { warehouseId } : undefined}
          waitingFor={warehouseId ? undefined : t('pickWarehouse')}
          toolbar={(
            <Select
              style={{ width: 240 }} showSearch placeholder={t('pickWarehouse')} value={warehouseId ?? undefined} options={warehouseOptions}
              onChange={(v: number) => setWarehouseId(v)} data-testid="warehouse-picker"
            />
          )}
          search={[
            { field: 'keyword', label: t('keyword') },
            { field: 'brandId', label: t('brand'), type: 'select', options: brandOptions },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          form={[
            { field: 'name', label: t('name'), required: true, maxLength: 64 },
            { field: 'priority', label: t('priority'), type: 'number', min: 0, max: 9999 },
            { field: 'brandId', label: t('brand'), type: 'select', options: brandOptions, placeholder: t('any') },
            { field: 'specification', label: t('specification'), maxLength: 64, placeholder: t('any') },
            { field: 'pattern', label: t('pattern'), maxLength: 64, placeholder: t('any') },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
            { field: 'locationIds', label: t('locations'), type: 'multiSelect', options: locationOptions, wide: true, extra: t('ruleHint') },
          ]}
          fromForm={(values, row) => ({
            ...values, warehouseId: row?.warehouseId ?? warehouseId, brandId: values.brandId ?? null, priority: values.priority ?? 0,
            locationIds: values.locationIds ?? [], status: values.status ?? 'normal',
          })}
        />
      </div>
    </div>
  );
}
