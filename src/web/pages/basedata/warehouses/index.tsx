import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { WarehousingPerm, type WarehouseRow } from '@shared/api/basedata/warehousing';
import { crudApi } from '../../../api/crud';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { session } from '../../../stores/session';
import { useWarehousingOptions } from '../warehousing';
import { ns } from './locale';

const warehousesApi = crudApi<WarehouseRow, Record<string, unknown>>('/basedata/warehouse');

/** Base data › Warehouses: a dealer's warehouses, and the maker's central ones (no dealer). */
export default function WarehousesPage() {
  const { t } = useTranslation(ns);
  const { user } = useSnapshot(session);
  const options = useWarehousingOptions();
  const dealerOptions = (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id }));
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];
  // A dealer user's warehouses are its own dealer's; the server sets it, so the form does not ask.
  const dealerUser = user?.dealerId != null;

  const columns: Column<WarehouseRow>[] = [
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    {
      key: 'dealerName', title: t('dealer'),
      render: (_: unknown, row: WarehouseRow) => (row.dealerId ? `${row.dealerCode} ${row.dealerName}` : <Tag size="small" color="arcoblue">{t('central')}</Tag>),
    },
    { key: 'address', title: t('address'), ellipsis: true },
    { key: 'contact', title: t('contact') },
    { key: 'phone', title: t('phone') },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<WarehouseRow>
          id="basedata-warehouses" title={t('title')} perm={WarehousingPerm.warehouse} api={warehousesApi} columns={columns}
          search={[
            { field: 'keyword', label: t('keyword') },
            ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: dealerOptions }]),
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          form={[
            { field: 'code', label: t('code'), required: true, rule: 'code', maxLength: 32, lockedOnEdit: true },
            { field: 'name', label: t('name'), required: true, maxLength: 128 },
            ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: dealerOptions, extra: t('dealerHint') }]),
            { field: 'contact', label: t('contact'), maxLength: 64 },
            { field: 'phone', label: t('phone'), rule: 'phone' },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
            { field: 'address', label: t('address'), maxLength: 256, wide: true },
          ]}
          fromForm={(values) => ({ ...values, dealerId: values.dealerId ?? null, status: values.status ?? 'normal' })}
        />
      </div>
    </div>
  );
}
