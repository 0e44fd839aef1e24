import type { UseQueryResult } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import type { DashboardDef } from '@shared/analytics/dashboards';
import type { QueryAnswer } from '@shared/analytics/filters';
import type { Language } from '@shared/i18n/languages';
import type { DashboardFilters } from './drill';
import { Panel } from './Panel';
import './dashboard.css';

/** The panels on a 24-column grid; below 992 px they stack in one column. */
export function DashboardGrid({ def, results, filters, lang }: {
  def: DashboardDef; results: UseQueryResult<QueryAnswer>[]; filters: DashboardFilters; lang: Language;
}) {
  const rows = Math.max(1, ...def.panels.map((p) => p.grid.y + p.grid.h));
  return (
    <div className="dash-grid" style={{ '--rows': rows } as CSSProperties} data-testid={`dashboard-${def.id}`}>
      {def.panels.map((panel, i) => <Panel key={panel.id} panel={panel} result={results[i]} filters={filters} lang={lang} />)}
    </div>
  );
}
