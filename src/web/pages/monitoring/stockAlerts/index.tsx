import { Button, Message, Notification, Space, Tabs, Tag } from '@arco-design/web-react';
import { IconCheck, IconSync } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { StockAlertRow } from '@shared/api/stockAlerts';
import { pageAt } from '@shared/pages';
import { rethrowUnlessShown } from '../../../api/client';
import { crudApi, type PageQuery } from '../../../api/crud';
import { api } from '../../../api/http';
import { onStockAlert, onStockChange, useMissedPushes } from '../../../api/realtime';
import { useView } from '../../../app/viewContext';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { ManifestList } from '../../../kit/list/ManifestListPage';
import { useViewTab } from '../../../kit/useViewState';
import { session } from '../../../stores/session';
import { AlertMail } from './AlertMail';
import { ns } from './locale';

const ALERT_LIST_ID = 'monitoring-stockAlerts';
const BASE = '/monitoring/stockAlert';
const alertApi = {
  ...crudApi<StockAlertRow, Record<string, unknown>>(BASE),
  page: (query: PageQuery) => api.post<{ list: StockAlertRow[]; total: number; pageNum: number; pageSize: number }>(`${BASE}/selectByPage`, query),
};
const thresholdPage = pageAt('/monitoringManage/monitoring/stroealert');
const TABS = ['alerts', 'thresholds'] as const;

/**
 * Monitoring › Stock alerts: the open alerts of the user's scope, live (a raised alert arrives
 * over socket.io at once, with a notification), acknowledged by a user; and the thresholds.
 */
export default function StockAlertsPage() {
  const { t } = useTranslation(ns);
  const { route, query } = useView();
  const [tab, setTab] = useViewTab(TABS);
  return (
    <div className="page">
      <div className="page-card">
        <Tabs activeTab={tab} onChange={setTab} data-testid="stock-alert-tabs" lazyload>
          <Tabs.TabPane key="alerts" title={t('alerts')}>
            <AlertList perm={route.perm} dealerId={Number(query.get('dealerId')) || undefined} />
          </Tabs.TabPane>
          <Tabs.TabPane key="thresholds" title={t('thresholds')}>
            <ManifestList page={thresholdPage} perm={route.perm} viewKey="thresholds" />
          </Tabs.TabPane>
        </Tabs>
      </div>
    </div>
  );
}

function AlertList({ perm, dealerId }: { perm: string; dealerId?: number }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const { buttons } = useSnapshot(session);
  const canAck = buttons.includes(`${perm}:ack`);
  const [selected, setSelected] = useState<StockAlertRow[]>([]);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', ALERT_LIST_ID] });

  // Live: a raised alert is announced and listed at once; any stock change may clear one.
  useEffect(() => {
    const offAlert = onStockAlert((a) => {
      Notification.warning({
        id: `stock-alert-${a.id}`, title: t('raisedTitle'),
        content: t(a.kind === 'low' ? 'raisedLow' : 'raisedHigh', { warehouse: a.warehouseName, material: `${a.materialCode} ${a.materialName}`, qty: a.qty, threshold: a.threshold }),
      });
      void queryClient.invalidateQueries({ queryKey: ['list', ALERT_LIST_ID] });
    });
    const offStock = onStockChange(() => void queryClient.invalidateQueries({ queryKey: ['list', ALERT_LIST_ID] }));
    return () => { offAlert(); offStock(); };
  }, [queryClient, t]);
  useMissedPushes('stock', () => void refresh());

  const run = async (call: () => Promise<string>) => {
    setBusy(true);
    try {
      Message.success(await call());
      await refresh();
    } catch (err) {
      rethrowUnlessShown(err); // shown by the client
    } finally {
      setBusy(false);
    }
  };
  const acknowledge = () => {
    const ids = selected.filter((r) => !r.acknowledgedAt).map((r) => r.id);
    if (!ids.length) return void Message.warning(t('selectToAck'));
    void run(async () => t('acked', { count: (await api.post<{ acknowledged: number }>(`${BASE}/acknowledge`, { ids })).acknowledged }));
  };
  const sweep = () => void run(async () => t('swept', { count: (await api.post<{ raised: number }>(`${BASE}/sweep`, {})).raised }));

  const columns: Column<StockAlertRow>[] = useMemo(() => [
    { key: 'kind', title: t('kind'), render: (v: string) => <Tag size="small" color={v === 'low' ? 'red' : 'orangered'}>{t(v)}</Tag> },
    { key: 'warehouseName', title: t('warehouse'), render: (v: string, r: StockAlertRow) => <span>{v}{r.dealerName ? <div className="muted">{r.dealerName}</div> : null}</span> },
    { key: 'materialCode', title: t('material'), render: (v: string, r: StockAlertRow) => <span>{v}<div className="muted">{r.materialName}</div></span> },
    { key: 'threshold', title: t('threshold'), align: 'right' },
    { key: 'qty', title: t('qtyAtRaise'), align: 'right' },
    { key: 'currentQty', title: t('currentQty'), align: 'right', render: (v: number) => <b>{v}</b> },
    { key: 'raisedAt', title: t('raisedAt') },
    { key: 'clearedAt', title: t('clearedAt'), render: (v: string | null) => v ?? '-' },
    {
      key: 'acknowledgedAt', title: t('acknowledged'),
      render: (v: string | null, r: StockAlertRow) => (v ? <Tag size="small" color="green">{t('acknowledgedBy', { user: r.acknowledgedBy, at: v })}</Tag> : <Tag size="small">{t('notAcknowledged')}</Tag>),
    },
  ], [t]);
  const stateOptions = ['open', 'cleared', 'all'].map((v) => ({ label: t(v), value: v }));
  const kindOptions = ['low', 'high'].map((v) => ({ label: t(v), value: v }));

  return (
    <ListPage<StockAlertRow>
      id={ALERT_LIST_ID} title={t('alerts')} perm="" api={alertApi} columns={columns}
      fixedFilters={dealerId ? { dealerId } : undefined}
      search={[
        { field: 'keyword', label: t('keyword') },
        { field: 'state', label: t('state'), type: 'select', options: stateOptions },
        { field: 'kind', label: t('kind'), type: 'select', options: kindOptions },
      ]}
      onSelect={setSelected}
      toolbar={(
        <Space>
          {canAck && <Button type="primary" icon={<IconCheck />} loading={busy} onClick={acknowledge} data-testid="alert-ack">{t('acknowledge')}</Button>}
          {canAck && <Button icon={<IconSync />} loading={busy} onClick={sweep} data-testid="alert-sweep">{t('sweep')}</Button>}
          <AlertMail />
        </Space>
      )}
    />
  );
}
