import { Alert, Button, Result, Tag } from '@arco-design/web-react';
import { IconSync } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { reportByRoute } from '@shared/analytics/reports';
import type { InvariantCheckResult } from '@shared/api/stockAlerts';
import { api } from '../../../api/http';
import { useView } from '../../../app/viewContext';
import { ns as reportNs } from '../../../kit/report/locale';
import { ReportView } from '../../../kit/report/ReportView';
import { useButtons } from '../../../kit/usePermission';
import { ns } from './locale';

type Row = Record<string, string | number | null>;
const STATE_COLOURS: Record<string, string> = { low: 'red', high: 'orangered', ok: 'green', none: 'gray' };

/**
 * Monitoring › Inventory monitor: on hand against thresholds per warehouse and material (the
 * inventoryMonitor report), under the last ledger invariant check; a drift is a red banner.
 */
export default function InventoryMonitorPage() {
  const { t } = useTranslation(ns);
  const { t: tr } = useTranslation(reportNs);
  const { route } = useView();
  const def = reportByRoute(route.path);
  const buttons = useButtons();
  const queryClient = useQueryClient();
  const last = useQuery({ queryKey: ['invariant-check'], queryFn: () => api.post<InvariantCheckResult | null>('/monitoring/inventory/lastCheck', {}) });
  const run = useMutation({
    mutationFn: () => api.post<InvariantCheckResult>('/monitoring/inventory/check', {}),
    onSuccess: (result) => queryClient.setQueryData(['invariant-check'], result),
  });
  const renderCell = useCallback((key: string, row: Row) => (key === 'state'
    ? <Tag size="small" color={STATE_COLOURS[String(row.stateCode)] ?? 'gray'}>{row.state}</Tag> : undefined), []);
  if (!def) return <Result status="404" title={tr('unknownReport')} subTitle={route.path} />;

  const result = last.data;
  const checkButton = buttons.has(`${route.perm}:check`) && (
    <Button size="small" icon={<IconSync />} loading={run.isPending} onClick={() => run.mutate()} data-testid="invariant-run">
      {run.isPending ? t('checking') : t('runCheck')}
    </Button>
  );
  const when = result && t('checkedAt', {
    at: dayjs(result.ranAt).format('YYYY-MM-DD HH:mm:ss'), trigger: result.trigger === 'schedule' ? t('schedule') : result.trigger, ms: result.durationMs,
  });
  return (
    <div className="page">
      <div data-testid="invariant-banner" data-state={result ? (result.ok ? 'ok' : 'drift') : 'none'} style={{ marginBottom: 12 }}>
        {!result && !last.isLoading && <Alert type="info" content={t('neverChecked')} action={checkButton} />}
        {result?.ok && <Alert type="success" content={<>{t('checkOk')} · {when}</>} action={checkButton} />}
        {result && !result.ok && (
          <Alert
            type="error" title={t('checkDrift', { count: result.problems.length })} action={checkButton}
            content={<><div>{when}</div><ul style={{ margin: '6px 0 0', paddingLeft: 18 }}>{result.problems.map((p) => <li key={p}>{p}</li>)}</ul></>}
          />
        )}
      </div>
      <ReportView def={def} renderCell={renderCell} keywordHint={t('keywordHint')} />
    </div>
  );
}
