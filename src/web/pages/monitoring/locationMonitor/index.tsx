import { Result, Tag } from '@arco-design/web-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { reportByRoute } from '@shared/analytics/reports';
import { useView } from '../../../app/viewContext';
import { ns as reportNs } from '../../../kit/report/locale';
import { ReportView } from '../../../kit/report/ReportView';
import '../monitoring.css';

type Row = Record<string, string | number | null>;
const STATE_COLOURS: Record<string, string> = { over: 'red', full: 'orange', empty: 'gray', ok: 'green', unbounded: 'gray' };

/** Monitoring › Location monitor: each location's fill against its capacity, overfull and empty ones marked; the heatmap above. */
export default function LocationMonitorPage() {
  const { t: tr } = useTranslation(reportNs);
  const { route } = useView();
  const def = reportByRoute(route.path);
  const renderCell = useCallback((key: string, row: Row) => (key === 'state'
    ? <Tag size="small" color={STATE_COLOURS[String(row.stateCode)] ?? 'gray'} data-state={row.stateCode}>{row.state}</Tag> : undefined), []);
  const rowClassName = useCallback((row: Row) => (row.stateCode === 'over' ? 'monitor-row--failed' : undefined), []);
  if (!def) return <Result status="404" title={tr('unknownReport')} subTitle={route.path} />;
  return <div className="page"><ReportView def={def} renderCell={renderCell} rowClassName={rowClassName} /></div>;
}
