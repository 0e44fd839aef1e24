import { Button, Message, Result, Space, Tag } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportByRoute } from '@shared/analytics/reports';
import { languageOf } from '@shared/i18n/languages';
import { STATUS_LABELS, type CarRequestStatus } from '@shared/logistics/dispatch';
import { rethrowUnlessShown } from '../../../api/client';
import { api } from '../../../api/http';
import { useView } from '../../../app/viewContext';
import { ns as reportNs } from '../../../kit/report/locale';
import { ReportTag, ReportView } from '../../../kit/report/ReportView';
import { usePermission } from '../../../kit/usePermission';
import '../monitoring.css';
import { useLiveReport } from '../useLiveReport';
import { ns } from './locale';

type Row = Record<string, string | number | boolean | null>;

/** Rows of the outbox (mail and webhooks, docs/outbox.md): sent again through their own call. */
const OUTBOX_CHANNELS = new Set(['MAIL', 'HOOK']);
const CHANNEL_COLORS: Record<string, string> = { PDA: 'arcoblue', TMS: 'purple', ERP: 'cyan', MAIL: 'orangered', HOOK: 'gold' };

/**
 * Monitoring › Upload monitor: the uploadMonitor report (PDA batches, TMS stop reports, ERP
 * order uploads, mail and webhook deliveries), failures tinted; a refused TMS report and a delivery
 * that failed for good carry a retry for holders of the button.
 */
export default function UploadMonitorPage() {
  const { t, i18n } = useTranslation(ns);
  const { t: tr } = useTranslation(reportNs);
  const { route } = useView();
  const queryClient = useQueryClient();
  const canRetry = usePermission(`${route.perm}:retry`).allowed;
  const [busy, setBusy] = useState<number | null>(null);
  const def = reportByRoute(route.path);
  useLiveReport('upload', def?.page);

  const retry = useCallback(async (id: number, channel: string) => {
    setBusy(id);
    try {
      if (OUTBOX_CHANNELS.has(channel)) {
        await api.post('/monitoring/outbox/retry', { id });
        Message.success(t('resent'));
      } else {
        const moved = await api.post<{ status: CarRequestStatus }>('/monitoring/exchange/retry', { id });
        Message.success(t('retried', { status: STATUS_LABELS[moved.status].label[languageOf(i18n.language)] }));
      }
      await queryClient.invalidateQueries({ queryKey: ['report'] });
    } catch (err) {
      rethrowUnlessShown(err); // the refusal was shown by the client
    } finally {
      setBusy(null);
    }
  }, [i18n.language, queryClient, t]);

  const renderCell = useCallback((key: string, row: Row) => {
    if (key === 'channel') return <Tag size="small" color={CHANNEL_COLORS[String(row.channel)] ?? 'cyan'}>{row.channel}</Tag>;
    if (key !== 'result') return undefined;
    return (
      <Space size={4}>
        <ReportTag value={typeof row.result === 'boolean' ? String(row.result) : row.result} />
        {canRetry && row.retryable && (
          <Button
            size="mini" type="text" icon={<IconRefresh />} loading={busy === row.id} onClick={() => void retry(Number(row.id), String(row.channel))}
            data-testid={`retry-${row.channel}-${row.id}`}
          >
            {OUTBOX_CHANNELS.has(String(row.channel)) ? t('resend') : t('retry')}
          </Button>
        )}
      </Space>
    );
  }, [busy, canRetry, retry, t]);
  // A mail or webhook still being tried has no verdict yet (ok is null): only a failure is tinted.
  const rowClassName = useCallback((row: Row) => (row.ok === false ? 'monitor-row--failed' : undefined), []);
  if (!def) return <Result status="404" title={tr('unknownReport')} subTitle={route.path} />;
  return (
    <div className="page">
      <ReportView def={def} renderCell={renderCell} rowClassName={rowClassName} keywordHint={t('keywordHint')} />
    </div>
  );
}
