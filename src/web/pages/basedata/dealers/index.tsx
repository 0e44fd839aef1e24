import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { WarehousingPerm, type DealerRow } from '@shared/api/basedata/warehousing';
import { crudApi } from '../../../api/crud';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useWarehousingOptions } from '../warehousing';
import { ns } from './locale';

const dealersApi = crudApi<DealerRow, Record<string, unknown>>('/basedata/dealer');
const FLAGS = ['erpCall', 'locationEnabled', 'duplicateScanDelete', 'internalStock', 'batchEnabled', 'tmsEnabled', 'barcodeEnabled'] as const;

/** Base data › Dealers: master data and the behaviour flags orders and scanning follow. */
export default function DealersPage() {
  const { t } = useTranslation(ns);
  const options = useWarehousingOptions();
  const regionOptions = (options.data?.regions ?? []).map((r) => ({ label: r.name, value: r.id }));
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];
  const yesNo = (v: boolean) => <Tag size="small" color={v ? 'arcoblue' : 'gray'}>{t(v ? 'kit.yes' : 'kit.no')}</Tag>;

  const columns: Column<DealerRow>[] = [
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'nickname', title: t('nickname'), sortable: true },
    { key: 'regionName', title: t('region') },
    { key: 'defaultWarehouseName', title: t('defaultWarehouse') },
    { key: 'contact', title: t('contact') },
    { key: 'phone', title: t('phone') },
    { key: 'address', title: t('address'), ellipsis: true },
    ...FLAGS.map((f): Column<DealerRow> => ({ key: f, title: t(f), render: (v: boolean) => yesNo(v) })),
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  const form = (row: DealerRow | null): FieldDef[] => {
    const own = (options.data?.warehouses ?? []).filter((w) => row && w.dealerId === row.id);
    return [
      { field: 'code', label: t('code'), required: true, rule: 'code', maxLength: 32, lockedOnEdit: true },
      { field: 'name', label: t('name'), required: true, maxLength: 128 },
      { field: 'nickname', label: t('nickname'), maxLength: 64 },
      { field: 'regionId', label: t('region'), type: 'select', options: regionOptions },
      {
        field: 'defaultWarehouseId', label: t('defaultWarehouse'), type: 'select',
        options: own.map((w) => ({ label: `${w.code} ${w.name}`, value: w.id })), extra: row ? undefined : t('saveFirst'),
      },
      { field: 'contact', label: t('contact'), maxLength: 64 },
      { field: 'phone', label: t('phone'), rule: 'phone' },
      { field: 'address', label: t('address'), maxLength: 256 },
      ...FLAGS.map((f): FieldDef => ({ field: f, label: t(f), type: 'switch' })),
      { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
    ];
  };

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<DealerRow>
          id="basedata-dealers" title={t('title')} perm={WarehousingPerm.dealer} api={dealersApi} columns={columns}
          search={[
            { field: 'keyword', label: t('keyword') },
            { field: 'regionId', label: t('region'), type: 'select', options: regionOptions },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          form={form}
          toForm={(row) => ({ ...row })}
          fromForm={(values) => ({
            ...values, ...Object.fromEntries(FLAGS.map((f) => [f, Boolean(values[f])])), status: values.status ?? 'normal',
          })}
        />
      </div>
    </div>
  );
}
