import { Result, Tag } from '@arco-design/web-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportByRoute } from '@shared/analytics/reports';
import type { AuditAction } from '@shared/analytics/reports/monitoring';
import { useView } from '../../../app/viewContext';
import { ns as reportNs } from '../../../kit/report/locale';
import { ReportView } from '../../../kit/report/ReportView';
import '../monitoring.css';
import { AuditChangeDrawer } from './AuditChangeDrawer';
import { useLiveReport } from '../useLiveReport';
import { ns } from './locale';
import { isKeyOf } from '@shared/must';

type Row = Record<string, string | number | null>;

const ACTION_COLOURS: Partial<Record<AuditAction, string>> = {
  create: 'green', import: 'green', update: 'arcoblue', delete: 'red', cancel: 'red', cancelTrace: 'red', freeze: 'orangered', resetPassword: 'orange', grant: 'purple',
};

/**
 * Monitoring › Log monitor: the logMonitor report (the audit trail). A row opens the change:
 * the record before and after, side by side. The rows carry both in full, so opening one
 * asks the server nothing more and shows exactly what the report's permission and scope allow.
 */
export default function LogMonitorPage() {
  const { t } = useTranslation(ns);
  const { t: tr } = useTranslation(reportNs);
  const { route } = useView();
  const def = reportByRoute(route.path);
  useLiveReport('log', def?.page);
  const [open, setOpen] = useState<Row | null>(null);
  const renderCell = useCallback((key: string, row: Row) => {
    if (key === 'action') {
      const code = String(row.actionCode ?? '');
      return <Tag size="small" color={(isKeyOf(ACTION_COLOURS, code) ? ACTION_COLOURS[code] : undefined) ?? 'gray'}>{row.action ?? code}</Tag>;
    }
    // The table previews the JSON on one line; the drawer shows it whole.
    if (key === 'before' || key === 'after') return row[key] == null ? '-' : <span className="monitor-json-preview">{String(row[key])}</span>;
    return undefined;
  }, []);
  if (!def) return <Result status="404" title={tr('unknownReport')} subTitle={route.path} />;
  return (
    <div className="page">
      <ReportView def={def} renderCell={renderCell} onOpenRow={setOpen} keywordHint={t('keywordHint')} />
      <AuditChangeDrawer row={open} onClose={() => setOpen(null)} />
    </div>
  );
}
