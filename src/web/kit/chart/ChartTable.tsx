import { Button } from '@arco-design/web-react';
import { IconDashboard, IconList } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { PanelDef } from '@shared/analytics/dashboards';
import type { Language } from '@shared/i18n/languages';
import { TableValue } from '../dashboard/TableValue';
import type { ChartPanel } from '../dashboard/panelOption';

type Row = Record<string, string | number | null>;

/** The fields a chart draws, in the order a table of them reads: its category, then each series (a heatmap's two axes, then the value). */
export function chartColumns(panel: ChartPanel, lang: Language, names: Record<string, string> = {}): NonNullable<PanelDef['columns']> {
  const title = (key: string) => {
    const text = names[key] ?? panel.seriesNames?.[key]?.[lang] ?? key;
    return { 'zh-CN': text, 'en-US': text };
  };
  const x = panel.x ?? 'name';
  const ys = panel.y ?? ['value'];
  const keys = panel.type === 'gauge' ? [panel.value ?? 'value']
    : panel.type === 'heatmap' ? [x, ys[0], panel.value ?? 'value']
      : panel.type === 'pie' || panel.type === 'donut' ? [x, ys[0]] : [x, ...ys];
  return keys.map((key) => ({ key, title: title(key) }));
}

/** A chart's rows as a table: the numbers behind it for whoever cannot read the picture (docs/accessibility.md, "Charts"). */
export function ChartTable({ panel, rows, lang, title, names }: { panel: ChartPanel; rows: Row[]; lang: Language; title: string; names?: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <div className="chart-table" data-testid="chart-table">
      <TableValue panel={{ columns: chartColumns(panel, lang, names) }} rows={rows} lang={lang} caption={t('a11y.chartTable', { title })} />
    </div>
  );
}

/** Shows a chart as a table of its numbers, and back. */
export function TableToggle({ asTable, onChange }: { asTable: boolean; onChange(asTable: boolean): void }) {
  const { t } = useTranslation();
  const label = asTable ? t('a11y.showChart') : t('a11y.showTable');
  return (
    <Button size="mini" type="text" className="chart-toggle" icon={asTable ? <IconDashboard /> : <IconList />} aria-label={label} title={label}
      onClick={() => onChange(!asTable)} data-testid="chart-toggle" />
  );
}

