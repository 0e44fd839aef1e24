import { Empty, Radio, Skeleton } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { languageOf } from '@shared/i18n/languages';
import { useView } from '../../app/viewContext';
import { DashboardView } from '../../kit/dashboard/DashboardView';
import { ns } from '../../kit/dashboard/locale';
import { useDashboards } from '../../kit/dashboard/registry';

/** Dashboards (intelligentAnalysis/analysisz/dashboard): every dashboard file, picked by `?id=`. */
export default function Dashboards() {
  const { t, i18n } = useTranslation(ns);
  const lang = languageOf(i18n.language);
  const { path, query } = useView();
  const navigate = useNavigate();
  const all = useDashboards();
  if (!all.data) return <div className="page"><Skeleton animation text={{ rows: 6 }} /></div>;
  const id = query.get('id') ?? all.data[0]?.id;
  const def = all.data.find((d) => d.id === id);
  return (
    <div className="page">
      <Radio.Group type="button" aria-label={t('pick')} value={id} data-testid="dashboard-picker"
        onChange={(next: string) => navigate(`${path}?id=${encodeURIComponent(next)}`)}
        options={all.data.map((d) => ({ value: d.id, label: d.title[lang] }))} />
      {def ? <DashboardView key={def.id} def={def} title /> : <Empty description={t('notFound')} />}
    </div>
  );
}
