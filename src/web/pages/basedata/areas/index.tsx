import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { WarehousingPerm, type StorehouseRow } from '@shared/api/basedata/warehousing';
import { crudApi } from '../../../api/crud';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useWarehousingOptions } from '../warehousing';
import { ns } from './locale';

const areasApi = crudApi<StorehouseRow, Record<string, unknown>>('/basedata/storehouse');

/** Base data › Areas: the areas (storehouses) of each warehouse. */
export default function AreasPage() {
  const { t } = useTranslation(ns);
  const options = useWarehousingOptions();
  const warehouseOptions = (options.data?.warehouses ?? []).map((w) => ({ label: `${w.code} ${w.name}`, value: w.id }));
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];

  const columns: Column<StorehouseRow>[] = [
    { key: 'warehouseId', title: t('warehouse'), sortable: true, render: (_: unknown, row: StorehouseRow) => `${row.warehouseCode} ${row.warehouseName}` },
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<StorehouseRow>
          id="basedata-areas" title={t('title')} perm={WarehousingPerm.storehouse} api={areasApi} columns={columns}
          search={[
            { field: 'warehouseId', label: t('warehouse'), type: 'select', options: warehouseOptions },
            { field: 'keyword', label: t('keyword') },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          form={[
            { field: 'warehouseId', label: t('warehouse'), type: 'select', required: true, options: warehouseOptions, lockedOnEdit: true },
            { field: 'code', label: t('code'), required: true, rule: 'code', maxLength: 32 },
            { field: 'name', label: t('name'), required: true, maxLength: 64 },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          fromForm={(values) => ({ ...values, status: values.status ?? 'normal' })}
        />
      </div>
    </div>
  );
}
