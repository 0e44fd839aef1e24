import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ViewContext } from '../app/viewContext';
import { parseView, serialiseView, type ViewSpec, type ViewState } from './viewState';

/** How a change goes into the history: a new view (back returns to the one before) or the same one corrected. */
export type HistoryMode = 'push' | 'replace';

/**
 * A list's, report's or dashboard's state, kept in its view's address (`viewState.ts`). It reads the
 * view's own query (a hidden tab keeps its own, not the visible one's) and writes by navigating, so
 * back and forward move between views and a copied address opens this one. Outside a view (a wall
 * screen) it keeps the state in the component.
 */
export function useViewState(spec: ViewSpec): [ViewState, (patch: Partial<ViewState>, mode?: HistoryMode) => void] {
  const view = useContext(ViewContext);
  const navigate = useNavigate();
  const [local, setLocal] = useState<URLSearchParams>(() => new URLSearchParams());
  const query = view ? view.query : local;
  const text = query.toString();
  const specRef = useRef(spec);
  specRef.current = spec;

  // The same view by value keeps its identity, so effects and memos keyed on it do not run again.
  const last = useRef<{ key: string; state: ViewState } | null>(null);
  const parsed = parseView(new URLSearchParams(text), spec);
  const key = JSON.stringify(parsed);
  if (last.current?.key !== key) last.current = { key, state: parsed };
  const state = last.current.state;

  const path = view?.path;
  const update = useCallback((patch: Partial<ViewState>, mode: HistoryMode = 'push') => {
    const current = last.current?.state ?? parsed;
    const next = serialiseView({ ...current, ...patch }, specRef.current, new URLSearchParams(text));
    const search = next.toString();
    if (search === text) return;
    if (path === undefined) return void setLocal(next);
    navigate(`${path}${search ? `?${search}` : ''}`, { replace: mode === 'replace' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate, path, text]);

  return useMemo(() => [state, update], [state, update]);
}

/** A page's tab, kept in its view's address (`?tab=thresholds`); an unknown tab opens the first. */
export function useViewTab<T extends string>(tabs: readonly T[], fallback: T = tabs[0]): [T, (tab: string) => void] {
  const spec = useMemo<ViewSpec>(() => ({ filterKeys: [], parseFilter: () => undefined, sortable: [], sizes: [0], defaultSize: 0, tabs, defaultTab: fallback }), [tabs, fallback]);
  const [state, setState] = useViewState(spec);
  const choose = useCallback((tab: string) => setState({ tab }), [setState]);
  return [tabs.find((tab) => tab === state.tab) ?? fallback, choose];
}
