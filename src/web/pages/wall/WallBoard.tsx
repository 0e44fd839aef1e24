import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardDef } from '@shared/analytics/dashboards';
import type { Language } from '@shared/i18n/languages';
import { DashboardGrid } from '../../kit/dashboard/DashboardGrid';
import { ns } from '../../kit/dashboard/locale';
import { oldestAsOf, useLiveRefresh, usePanelQueries } from '../../kit/dashboard/usePanelQueries';

const NO_FILTERS = {};

function Clock({ lang }: { lang: Language }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time className="wall__clock" data-testid="wall-clock">{now.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}</time>;
}

/** One dashboard on the wall: title, position in the rotation, badge, data as of, clock, and the panels filling the screen. */
export function WallBoard({ def, lang, position }: { def: DashboardDef; lang: Language; position: string }) {
  const { t } = useTranslation(ns);
  const { results } = usePanelQueries(def, NO_FILTERS);
  useLiveRefresh(def.id);
  const asOf = oldestAsOf(results.map((r) => r.data));
  // Retries run for ever on the wall; any failure since the last success means the server is away.
  const reconnecting = results.some((r) => r.failureCount > 0);
  return (
    <>
      <header className="wall__head">
        <h1 className="wall__title">{def.title[lang]}</h1>
        {position && <span className="wall__position">{position}</span>}
        {reconnecting && <span className="wall__badge" data-testid="wall-reconnecting">{t('reconnecting')}</span>}
        {asOf && <span className="wall__asof" data-testid="wall-asof">{t('asOf', { time: new Date(asOf).toLocaleTimeString(lang) })}</span>}
        <Clock lang={lang} />
      </header>
      <main className="wall__body">
        <DashboardGrid def={def} results={results} filters={NO_FILTERS} lang={lang} />
      </main>
    </>
  );
}
