import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DevicesPerm, type PalletRow } from '@shared/api/basedata/devices';
import { crudApi } from '../../../api/crud';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useDeviceOptions } from '../devicesShared';
import { ns } from './locale';

const palletsApi = crudApi<PalletRow, Record<string, unknown>>('/basedata/pallet');

/** Base data › Pallets (shelves): numbered per warehouse, optionally standing on a storage location. */
export default function PalletsPage() {
  const { t } = useTranslation(ns);
  const options = useDeviceOptions('/basedata/pallet');
  const warehouseOptions = (options.data?.warehouses ?? []).map((w) => ({ label: `${w.code} ${w.name}`, value: w.id }));
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];

  const columns: Column<PalletRow>[] = [
    { key: 'warehouseName', title: t('warehouse'), sortable: true, render: (_: unknown, r: PalletRow) => `${r.warehouseCode} ${r.warehouseName}` },
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'storageLocationCode', title: t('location'), render: (v: string | null) => v ?? '-' },
    { key: 'capacity', title: t('capacity'), sortable: true },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<PalletRow>
          id="basedata-pallets" title={t('title')} perm={DevicesPerm.pallet} api={palletsApi} columns={columns}
          search={[
            { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
            { field: 'warehouseId', label: t('warehouse'), type: 'select', options: warehouseOptions },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          form={[
            { field: 'warehouseId', label: t('warehouse'), type: 'select', options: warehouseOptions, required: true, lockedOnEdit: true },
            { field: 'code', label: t('code'), required: true, rule: 'code', maxLength: 32 },
            { field: 'name', label: t('name'), required: true, maxLength: 64 },
            { field: 'storageLocationCode', label: t('location'), maxLength: 32, extra: t('locationHint') },
            { field: 'capacity', label: t('capacity'), type: 'number', min: 0, max: 1_000_000 },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions, required: true },
          ]}
          toForm={(r) => ({ warehouseId: r.warehouseId, code: r.code, name: r.name, storageLocationCode: r.storageLocationCode ?? '', capacity: r.capacity, status: r.status })}
          fromForm={(v) => ({ ...v, storageLocationCode: v.storageLocationCode ?? '', capacity: v.capacity ?? 0, status: v.status ?? 'normal' })}
        />
      </div>
    </div>
  );
}
