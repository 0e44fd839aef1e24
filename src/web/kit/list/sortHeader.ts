import type { KeyboardEvent } from 'react';

/**
 * A sortable column's header as the keyboard reaches it (docs/accessibility.md, "Tables"): Arco's
 * sorter answers the pointer only. The header cell takes Tab, says its order (aria-sort) and sorts on
 * Enter or Space as a click on it does; given to Arco through the column's `onHeaderCell`.
 */
export const sortHeader = (order: 'asc' | 'desc' | undefined) => () => ({
  tabIndex: 0,
  'aria-sort': order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none',
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.currentTarget.querySelector<HTMLElement>('.arco-table-cell-with-sorter')?.click();
  },
});
