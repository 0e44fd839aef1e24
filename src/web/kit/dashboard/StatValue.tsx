import { useTranslation } from 'react-i18next';
import type { PanelDef } from '@shared/analytics/dashboards';
import type { Language } from '@shared/i18n/languages';
import { ns } from './locale';
import { statTrend } from './statTrend';

type Row = Record<string, string | number | null>;

/** A stat panel: the big number, its unit, and the change against the previous period. */
export function StatValue({ panel, row, lang }: { panel: PanelDef; row: Row; lang: Language }) {
  const { t } = useTranslation(ns);
  const value = row[panel.value ?? 'value'];
  const trend = statTrend(value, row[panel.previous ?? 'previous'], panel.better);
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  return (
    <div className="dash-stat">
      <div className="dash-stat__value" data-testid="stat-value">
        {value === null || value === undefined ? '—' : format.format(Number(value))}
        {panel.unit && <span className="dash-stat__unit">{panel.unit[lang]}</span>}
      </div>
      {trend && (
        <div className={`dash-stat__trend dash-stat__trend--${trend.tone}`} data-trend={trend.direction}>
          <span aria-hidden>{trend.direction === 'up' ? '▲' : trend.direction === 'down' ? '▼' : '■'}</span>
          {trend.percent === null ? '' : ` ${format.format(Math.abs(trend.percent))}%`} <small>{t('vsPrevious')}</small>
        </div>
      )}
    </div>
  );
}
