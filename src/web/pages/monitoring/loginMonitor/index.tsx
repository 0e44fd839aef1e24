import { Result, Tag } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { reportByRoute } from '@shared/analytics/reports';
import type { LoginReason } from '@shared/analytics/reports/monitoring';
import { useView } from '../../../app/viewContext';
import { ns as reportNs } from '../../../kit/report/locale';
import { ReportView } from '../../../kit/report/ReportView';
import '../monitoring.css';
import { useLiveReport } from '../useLiveReport';
import { ns } from './locale';
import { isKeyOf } from '@shared/must';

type Row = Record<string, string | number | null>;

/** Tag colours of the reasons: a lock stands out most, then a frozen account, then a wrong password or captcha. */
const REASON_COLOURS: Record<LoginReason, string> = {
  ok: 'green', logout: 'gray', badCredentials: 'orange', captchaWrong: 'orange', captchaRequired: 'orange', accountFrozen: 'orangered', accountLocked: 'red',
};

/**
 * Monitoring › Login monitor: the loginMonitor report (every sign-in attempt and sign-out),
 * with failed attempts tinted and the reason coloured by what went wrong.
 */
export default function LoginMonitorPage() {
  const { t } = useTranslation(ns);
  const { t: tr } = useTranslation(reportNs);
  const { route } = useView();
  const def = reportByRoute(route.path);
  useLiveReport('login', def?.page);
  const renderCell = useCallback((key: string, row: Row) => {
    if (key !== 'reason') return undefined;
    const code = String(row.reasonCode ?? '');
    const locked = code === 'accountLocked';
    return (
      <Tag size="small" color={isKeyOf(REASON_COLOURS, code) ? REASON_COLOURS[code] : 'gray'} icon={locked ? <IconLock /> : undefined} data-reason={code}>
        {row.reason ?? code}
      </Tag>
    );
  }, []);
  const rowClassName = useCallback((row: Row) => (row.succeeded === 'no'
    ? `monitor-row--failed${row.reasonCode === 'accountLocked' ? ' monitor-row--locked' : ''}` : undefined), []);
  if (!def) return <Result status="404" title={tr('unknownReport')} subTitle={route.path} />;
  return (
    <div className="page">
      <ReportView def={def} renderCell={renderCell} rowClassName={rowClassName} keywordHint={t('keywordHint')} />
    </div>
  );
}
