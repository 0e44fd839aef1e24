import { DatePicker, Empty, Space, Switch, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import '../logistics.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reconciliation } from '@shared/api/dispatch';
import { LazyChart } from '../../../kit/chart/LazyChart';
import { ns } from '../locale';
import { tripApi } from '../tripApi';

type TripRow = Reconciliation['trips'][number];
type DealerRow = Reconciliation['dealers'][number];
const money = (v: number | null) => (v === null ? '-' : v.toFixed(2));
const Difference = ({ v }: { v: number }) => <span className={v < 0 ? 'fee-negative' : v > 0 ? 'fee-positive' : undefined}>{v > 0 ? '+' : ''}{v.toFixed(2)}</span>;

/**
 * Delivery fees reconciled: per dealer (a chart and totals) and per trip, the fee computed from
 * route distance, tyres, labour factors and warehouse coefficient against the fees uploaded for
 * the trip's orders (reportQuery › psfByDelivery); differences and orders never uploaded listed.
 */
export function FeesTab() {
  const { t } = useTranslation(ns);
  const [range, setRange] = useState<string[] | undefined>();
  const [differencesOnly, setDifferencesOnly] = useState(false);
  const query = useQuery({
    queryKey: ['fee-reconcile', range, differencesOnly],
    queryFn: () => tripApi.reconcile({ dateFrom: range?.[0], dateTo: range?.[1], differencesOnly }),
  });
  const dealers = query.data?.dealers ?? [];
  const dealerColumns: TableColumnProps<DealerRow>[] = [
    { dataIndex: 'dealerName', title: t('dealer'), render: (v: string | null) => v ?? '-' },
    { dataIndex: 'trips', title: t('tripsCount'), align: 'right' },
    { dataIndex: 'fee', title: t('computed'), align: 'right', render: money },
    { dataIndex: 'uploaded', title: t('uploaded'), align: 'right', render: money },
    { dataIndex: 'difference', title: t('difference'), align: 'right', render: (v: number) => <Difference v={v} /> },
  ];
  const tripColumns: TableColumnProps<TripRow>[] = [
    { dataIndex: 'requestNo', title: t('requestNo'), render: (v: string) => <span className="nowrap">{v}</span> },
    { dataIndex: 'deliveredOn', title: t('deliveredOn'), render: (v: string | null) => <span className="nowrap">{v ?? '-'}</span> },
    { dataIndex: 'dealerName', title: t('dealer'), render: (v: string | null) => v ?? '-' },
    { dataIndex: 'driverName', title: t('driver'), render: (v: string | null) => v ?? '-' },
    { dataIndex: 'fee', title: t('computed'), align: 'right', render: money },
    { dataIndex: 'uploaded', title: t('uploaded'), align: 'right', render: money },
    { dataIndex: 'difference', title: t('difference'), align: 'right', render: (v: number) => <Difference v={v} /> },
    { dataIndex: 'missing', title: t('missing'), render: (v: string[]) => (v.length ? <Space wrap size={4}>{v.map((no) => <Tag key={no} size="small" color="orange">{no}</Tag>)}</Space> : '-') },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="fees-tab">
      <Space wrap>
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v?.length ? v : undefined)} placeholder={[t('dateRange'), t('dateRange')]} />
        <Space><Switch checked={differencesOnly} onChange={setDifferencesOnly} data-testid="fees-differences" aria-label={t('differencesOnly')} /><span aria-hidden="true">{t('differencesOnly')}</span></Space>
      </Space>
      {dealers.length > 0 && (
        <LazyChart height={260} ariaLabel={t('byDealer')} option={{
          tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 48, right: 16, top: 36, bottom: 24, containLabel: true },
          xAxis: { type: 'category', data: dealers.map((d) => d.dealerName ?? '-') }, yAxis: { type: 'value' },
          series: [{ type: 'bar', name: t('computed'), data: dealers.map((d) => d.fee) }, { type: 'bar', name: t('uploaded'), data: dealers.map((d) => d.uploaded) }],
        }} />
      )}
      <h4 className="fees-heading">{t('byDealer')}</h4>
      <Table<DealerRow> rowKey={(r) => String(r.dealerId)} loading={query.isPending} columns={dealerColumns} data={dealers} pagination={false} size="small"
        noDataElement={<Empty />} scroll={{ x: true }} data-testid="fees-dealers" />
      <h4 className="fees-heading">{t('byTrip')}</h4>
      <Table<TripRow> rowKey="id" loading={query.isPending} columns={tripColumns} data={query.data?.trips ?? []} size="small"
        pagination={{ pageSize: 20, sizeCanChange: false }} noDataElement={<Empty />} scroll={{ x: true }} data-testid="fees-trips" />
    </Space>
  );
}
