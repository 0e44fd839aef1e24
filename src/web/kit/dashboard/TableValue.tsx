import type { PanelDef } from '@shared/analytics/dashboards';
import type { Language } from '@shared/i18n/languages';

type Row = Record<string, string | number | null>;

/** A table panel: the panel's columns; a row opens its drill-down when there is one. A chart's table names itself in `caption`. */
export function TableValue({ panel, rows, lang, onRow, caption }: {
  panel: Pick<PanelDef, 'columns'>; rows: Row[]; lang: Language; onRow?(row: Row): void; caption?: string;
}) {
  const columns = panel.columns ?? [];
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  // Numbers keep their width; names share what is left and end in an ellipsis, so a long
  // dealer name never pushes the figures out of a narrow panel.
  const numeric = new Set(columns.filter((c) => rows.some((r) => typeof r[c.key] === 'number')).map((c) => c.key));
  const cellClass = (key: string) => (numeric.has(key) ? 'dash-table__num' : 'dash-table__text');
  return (
    <div className="dash-table">
      <table>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>{columns.map((c) => <th key={c.key} className={cellClass(c.key)}>{c.title[lang]}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} className={onRow ? 'dash-table__link' : undefined} tabIndex={onRow ? 0 : undefined}
              onClick={onRow && (() => onRow(row))} onKeyDown={onRow && ((e) => { if (e.key === 'Enter') onRow(row); })}>
              {columns.map((c) => {
                const v = row[c.key];
                return typeof v === 'number'
                  ? <td key={c.key} className="dash-table__num">{format.format(v)}</td>
                  : <td key={c.key} className={cellClass(c.key)} title={v ?? undefined}>{v ?? ''}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
