import { Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { reportByRoute } from '@shared/analytics/reports';
import { useView } from '../../app/viewContext';
import { ns } from '../../kit/report/locale';
import { ReportView } from '../../kit/report/ReportView';

/** Every report page: the definition of the current route, rendered by the report kit. */
export default function ReportPage() {
  const { t } = useTranslation(ns);
  const { route } = useView();
  const def = reportByRoute(route.path);
  return def ? <div className="page"><ReportView def={def} /></div> : <Result status="404" title={t('unknownReport')} subTitle={route.path} />;
}
