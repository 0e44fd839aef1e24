import type { ReactNode } from 'react';
import { Sheet } from './PrintLayout';

/** 3 columns × 8 rows of 62 × 34 mm labels fill the inside of an A4 sheet. */
export const LABELS_PER_SHEET = 24;

/** Items as labels, 24 to an A4 sheet; each sheet is its own page on paper. */
export function LabelSheets<T>({ items, label }: { items: T[]; label: (item: T) => ReactNode }) {
  const sheets: T[][] = [];
  for (let i = 0; i < items.length; i += LABELS_PER_SHEET) sheets.push(items.slice(i, i + LABELS_PER_SHEET));
  return sheets.map((sheet, n) => (
    <Sheet key={n} className="label-sheet">
      <div className="label-grid">{sheet.map(label)}</div>
    </Sheet>
  ));
}
