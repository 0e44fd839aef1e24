import { Button, Empty, Skeleton } from '@arco-design/web-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PanelDef } from '@shared/analytics/dashboards';
import type { QueryAnswer } from '@shared/analytics/filters';
import type { Language } from '@shared/i18n/languages';
import { ChartTable, TableToggle } from '../chart/ChartTable';
import { LazyChart } from '../chart/LazyChart';
import { session } from '../../stores/session';
import { drillTarget, type DashboardFilters } from './drill';
import { ns } from './locale';
import { panelOption } from './panelOption';
import { useDashboardRuntime } from './runtime';
import { labelRows, SERIES_NAMES } from './seriesNames';
import { StatValue } from './StatValue';
import { TableValue } from './TableValue';

type Row = Record<string, string | number | null>;

interface Props {
  panel: PanelDef;
  result: UseQueryResult<QueryAnswer>;
  filters: DashboardFilters;
  lang: Language;
}

/** One panel on the 24-column grid: its title, then a skeleton, an error with retry, "no data", or the figure. */
export function Panel({ panel, result, filters, lang }: Props) {
  const { t } = useTranslation(ns);
  const navigate = useNavigate();
  const runtime = useDashboardRuntime();
  const rows = useMemo(() => result.data?.rows ?? [], [result.data]);
  // A drill opens only a report the user's menu holds.
  const drill = runtime.drill && panel.drill && session.routeIndex.has(panel.drill.route) ? panel.drill : undefined;
  const open = drill && ((row: Row) => navigate(drillTarget(drill, row, filters)));
  const { x, y, w, h } = panel.grid;
  const style = { '--x': x + 1, '--y': y + 1, '--w': w, '--h': h } as CSSProperties;
  // A gauge without a value (no capacity anywhere) has nothing to show, unlike a gauge at zero.
  const hasData = rows.length > 0 && !(panel.type === 'gauge' && rows[0][panel.value ?? 'value'] == null);
  const state = result.isPending ? 'loading' : result.isError && !result.data ? 'error' : hasData ? 'ready' : 'empty';
  const chart = panel.type !== 'stat' && panel.type !== 'table';
  // A chart's numbers, for whoever cannot read the picture: its rows as a table, on demand.
  const [asTable, setAsTable] = useState(false);

  let body;
  if (state === 'loading') body = <Skeleton animation text={{ rows: panel.type === 'stat' ? 1 : 4 }} />;
  else if (state === 'error') {
    body = runtime.retry ? <div className="dash-panel__note">{t('reconnecting')}</div> : (
      <div className="dash-panel__note">
        <span>{t('loadFailed')}</span>
        <Button size="small" onClick={() => void result.refetch()}>{t('retry')}</Button>
      </div>
    );
  } else if (state === 'empty') body = <Empty description={t('empty')} />;
  else if (panel.type === 'stat') {
    body = open ? (
      <button type="button" className="dash-panel__hit" title={t('open')} onClick={() => open(rows[0])}><StatValue panel={panel} row={rows[0]} lang={lang} /></button>
    ) : <StatValue panel={panel} row={rows[0]} lang={lang} />;
  } else if (panel.type === 'table') body = <TableValue panel={panel} rows={rows} lang={lang} onRow={open} />;
  else if (asTable) body = <PanelTable panel={panel} rows={rows} lang={lang} />;
  else body = <PanelChart panel={panel} rows={rows} lang={lang} onClick={open} />;

  return (
    <section className={`dash-panel dash-panel--${panel.type}`} style={style} data-testid={`panel-${panel.id}`} data-state={state}>
      <div className="dash-panel__head">
        <h3 className="dash-panel__title">{panel.title[lang]}</h3>
        {chart && state === 'ready' && <TableToggle asTable={asTable} onChange={setAsTable} />}
      </div>
      <div className="dash-panel__body">{body}</div>
    </section>
  );
}

function PanelTable({ panel, rows, lang }: { panel: PanelDef; rows: Row[]; lang: Language }) {
  const { t } = useTranslation(ns);
  const categories = useMemo(() => t('category', { returnObjects: true }) as Record<string, string>, [t]);
  const labelled = useMemo(() => labelRows(rows, lang, panel.x, categories), [rows, lang, panel.x, categories]);
  return <ChartTable panel={{ ...panel, seriesNames: SERIES_NAMES }} rows={labelled} lang={lang} title={panel.title[lang]} />;
}

function PanelChart({ panel, rows, lang, onClick }: { panel: PanelDef; rows: Row[]; lang: Language; onClick?(row: Row): void }) {
  const { t } = useTranslation(ns);
  const { chartOption } = useDashboardRuntime();
  // Keys a query answers (DOT age groups) are named in the reader's language; a click still gets the row with its key.
  const categories = useMemo(() => t('category', { returnObjects: true }) as Record<string, string>, [t]);
  const option = useMemo(() => {
    const base = panelOption({ ...panel, seriesNames: SERIES_NAMES }, labelRows(rows, lang, panel.x, categories), lang);
    return base && chartOption ? chartOption(base) : base;
  }, [panel, rows, lang, chartOption, categories]);
  if (!option) return null;
  return (
    <div className={`dash-panel__chart${onClick ? ' dash-panel__chart--link' : ''}`}>
      <LazyChart option={option} height="100%" ariaLabel={panel.title[lang]}
        onClick={onClick && ((p) => { if (rows[p.dataIndex]) onClick(rows[p.dataIndex]); })} />
    </div>
  );
}
