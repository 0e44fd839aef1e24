import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';

export type Density = 'mini' | 'small' | 'default';
export interface TablePrefs { hidden: string[]; order: string[]; density: Density }

const EMPTY: TablePrefs = { hidden: [], order: [], density: 'small' };

/** Column visibility, order and density of one list, remembered per user on this device. */
export function useTablePrefs(listId: string) {
  const { user } = useSnapshot(session);
  const key = `table-prefs:${user?.userId ?? 0}:${listId}`;
  const [prefs, setPrefs] = useState<TablePrefs>(() => {
    try {
      return { ...EMPTY, ...(JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<TablePrefs>) };
    } catch (err) {
      // Settings some other version wrote in a shape JSON cannot read: start from the defaults.
      if (err instanceof SyntaxError) return EMPTY;
      throw err;
    }
  });
  const update = useCallback((next: TablePrefs) => {
    setPrefs(next);
    localStorage.setItem(key, JSON.stringify(next));
  }, [key]);
  return [prefs, update] as const;
}

/** Columns in the user's order, hidden ones left out; columns new since the last save go last. */
export function arrange<C extends { key: string }>(columns: C[], prefs: TablePrefs): C[] {
  const rank = (k: string) => {
    const i = prefs.order.indexOf(k);
    return i < 0 ? prefs.order.length + columns.findIndex((c) => c.key === k) : i;
  };
  return columns.filter((c) => !prefs.hidden.includes(c.key)).sort((a, b) => rank(a.key) - rank(b.key));
}
