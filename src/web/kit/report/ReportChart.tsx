import { Empty, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFilters } from '@shared/analytics/filters';
import type { ReportChartDef, ReportDef } from '@shared/analytics/reportDef';
import type { Language } from '@shared/i18n/languages';
import { ChartTable, TableToggle } from '../chart/ChartTable';
import { LazyChart } from '../chart/LazyChart';
import { panelOption } from '../dashboard/panelOption';
import { ns } from './locale';
import { reportApi } from './reportApi';

/**
 * A chart above a report's table, from the report's `/chart` rows (or `/chart/<id>` for one of its
 * `moreCharts`) under the same filters.
 */
export function ReportChart({ def, chart, id, filters }: { def: ReportDef; chart: ReportChartDef; id?: string; filters: Partial<AnalyticsFilters> }) {
  const { t, i18n } = useTranslation(ns);
  const lang = i18n.language as Language;
  const query = useQuery({
    queryKey: ['report-chart', def.page, filters, id],
    queryFn: () => reportApi(def.page).chart(filters as AnalyticsFilters, id),
  });
  // Series are named by the report's column titles where the chart reuses a column, else by the chart's own.
  const seriesNames = Object.fromEntries([...def.columns, ...(chart.columns ?? [])].map((c) => [c.key, c.title]));
  const rows = query.data?.rows ?? [];
  const option = rows.length ? panelOption({ ...chart, seriesNames }, rows, lang) : null;
  const [asTable, setAsTable] = useState(false);
  return (
    <div className="report-chart" data-testid={id ? `report-chart-${id}` : 'report-chart'}>
      <div className="report-chart__head">
        <div className="report-chart__title">{chart.title[lang]}</div>
        {option && <TableToggle asTable={asTable} onChange={setAsTable} />}
      </div>
      {query.isLoading ? <Spin style={{ display: 'block', margin: '80px auto' }} />
        : query.isError ? <Empty description={t('loadFailed')} />
          : option && asTable ? <div className="report-chart__table"><ChartTable panel={{ ...chart, seriesNames }} rows={rows} lang={lang} title={chart.title[lang]} /></div>
            : option ? <LazyChart option={option} height={260} ariaLabel={chart.title[lang]} />
              : <Empty description={t('noChartData')} />}
    </div>
  );
}
