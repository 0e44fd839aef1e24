import { DatePicker } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DELIVERY_FEE_PERM, type DeliveryFeeRow } from '@shared/analytics/reports/movements';
import { ORDER_TYPES, type OrderType } from '@shared/orders/orderTypes';
import { crudApi } from '../../../api/crud';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { filterOptions } from '../../../kit/report/reportApi';
import { session } from '../../../stores/session';
import { ns } from './locale';

const feesApi = crudApi<DeliveryFeeRow, Record<string, unknown>>('/reportQuery/psfByDelivery');
const FEE_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Report › Delivery fee upload (psfByDelivery): one fee per delivery order, typed or imported from xlsx. */
export default function DeliveryFeesPage() {
  const { t, i18n } = useTranslation(ns);
  const { user } = useSnapshot(session);
  const options = useQuery({ queryKey: ['report-filter-options'], queryFn: filterOptions, staleTime: 300_000 });
  const en = i18n.language === 'en-US';

  const columns: Column<DeliveryFeeRow>[] = [
    { key: 'orderNo', title: t('orderNo'), sortable: true },
    { key: 'orderType', title: t('orderType'), render: (v: OrderType | null) => (v && ORDER_TYPES[v] ? (en ? ORDER_TYPES[v].en : ORDER_TYPES[v].zh) : '-') },
    { key: 'dealerName', title: t('dealer'), render: (v: string | null) => v ?? '-' },
    { key: 'carrier', title: t('carrier'), sortable: true },
    { key: 'fee', title: t('fee'), sortable: true, align: 'right', render: (v: string) => Number(v).toFixed(2) },
    { key: 'deliveredOn', title: t('deliveredOn'), sortable: true },
    { key: 'remark', title: t('remark'), ellipsis: true, render: (v: string | null) => v ?? '-' },
  ];
  const search: FieldDef[] = [
    { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
    ...(user?.dealerId == null ? [{
      field: 'dealerId', label: t('dealer'), type: 'select' as const,
      options: (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id })),
    }] : []),
  ];
  const form: FieldDef[] = [
    { field: 'orderNo', label: t('orderNo'), required: true, maxLength: 32, lockedOnEdit: true },
    { field: 'carrier', label: t('carrier'), required: true, maxLength: 64 },
    { field: 'fee', label: t('fee'), type: 'number', required: true, min: 0, rules: [{ validator: (v, cb) => cb(v == null || FEE_PATTERN.test(String(v)) ? undefined : t('feeRule')) }] },
    {
      field: 'deliveredOn', label: t('deliveredOn'), required: true,
      render: ({ value, onChange }) => <DatePicker style={{ width: '100%' }} value={typeof value === 'string' ? value : undefined} onChange={(v) => onChange?.(v)} />,
    },
    { field: 'remark', label: t('remark'), type: 'textarea', maxLength: 256, wide: true },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<DeliveryFeeRow>
          id="report-delivery-fees" title={t('title')} perm={DELIVERY_FEE_PERM} api={feesApi}
          columns={columns} search={search} form={form}
          toForm={(r) => ({ orderNo: r.orderNo, carrier: r.carrier, fee: Number(r.fee), deliveredOn: r.deliveredOn, remark: r.remark })}
        />
      </div>
    </div>
  );
}
