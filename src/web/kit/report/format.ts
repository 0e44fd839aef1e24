import type { ReportColumn } from '@shared/analytics/reportDef';

type Cell = string | number | null | undefined;

/** A report cell as text by its column type (the sheet keeps the raw value). */
export function formatCell(type: ReportColumn['type'], value: Cell, locale: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = Number(value);
  switch (type) {
    case 'number':
      return Number.isFinite(n) ? n.toLocaleString(locale) : String(value);
    case 'decimal':
      return Number.isFinite(n) ? n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(value);
    case 'percent':
      return Number.isFinite(n) ? `${(n * 100).toLocaleString(locale, { maximumFractionDigits: 1 })}%` : String(value);
    default:
      return String(value);
  }
}

/** Right-aligned columns: figures line up by their last digit. */
export const isNumeric = (type: ReportColumn['type']) => type === 'number' || type === 'decimal' || type === 'percent';
