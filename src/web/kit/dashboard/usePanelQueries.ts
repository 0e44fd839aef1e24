import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DashboardDef, PanelDef } from '@shared/analytics/dashboards';
import type { QueryAnswer } from '@shared/analytics/filters';
import { onStockChange, useMissedPushes } from '../../api/realtime';
import { filterBody, type DashboardFilters } from './drill';
import { retryDelay, useDashboardRuntime } from './runtime';

/** At most one refresh per this many milliseconds however many stock changes arrive. */
export const LIVE_THROTTLE_MS = 3000;

const panelBody = (panel: PanelDef, filters: DashboardFilters) => ({ ...filterBody(filters), ...panel.params });

/**
 * The panels' answers, one cache entry per panel (panels asking the same query with the same
 * filters share it), refreshed every `refreshSeconds` while the dashboard is on screen: in a
 * hidden keep-alive tab the observers pause with the view's effects, so nothing polls.
 *
 * Where the runtime streams (the console), one batch call brings every panel, each drawn as its
 * line arrives; a panel the batch did not bring (an error line, a broken stream) is asked alone,
 * so it shows its own error and retry. Elsewhere (wall screens) each panel asks for itself.
 */
export function usePanelQueries(def: DashboardDef, filters: DashboardFilters) {
  const runtime = useDashboardRuntime();
  const queryClient = useQueryClient();
  const every = (runtime.refreshSeconds ?? def.refreshSeconds) * 1000;
  const batched = !!runtime.stream;
  const base = filterBody(filters);
  const keyOf = (panel: PanelDef) => ['dashboard', def.id, panel.query, panelBody(panel, filters)];
  const alone = (panel: PanelDef) => queryClient.fetchQuery({ queryKey: keyOf(panel), queryFn: () => runtime.fetch(panel.query, panelBody(panel, filters)), retry: false })
    .catch(() => undefined); // the panel shows the error and its retry button
  // The first, unfiltered batch may be in already (home's, asked by the entry): the panels then
  // render with their data at their first render, without a skeleton pass and a tick of waiting.
  const [early] = useState(() => {
    const lines = batched && !Object.keys(base).length ? runtime.early?.(def.id) : undefined;
    return lines && { at: Date.now(), answers: new Map(lines.flatMap((line) => ('answer' in line ? [[line.panel, line.answer] as const] : []))) };
  });
  useEffect(() => {
    // A panel the early batch did not bring (an error line) is asked alone, as after a stream.
    if (early) for (const panel of def.panels) if (!early.answers.has(panel.id)) void alone(panel);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the answer taken at mount
  }, [early]);

  const batch = useQuery({
    queryKey: ['dashboard', def.id, 'batch', base],
    enabled: batched,
    queryFn: async () => {
      const brought = new Set<string>();
      try {
        await runtime.stream!(def.id, base, (line) => {
          const panel = def.panels.find((p) => p.id === line.panel);
          if (!panel) return;
          brought.add(panel.id);
          if ('answer' in line) queryClient.setQueryData(keyOf(panel), line.answer);
          else void alone(panel);
        });
      } finally {
        for (const panel of def.panels) if (!brought.has(panel.id)) void alone(panel);
      }
      return Date.now();
    },
    initialData: early?.at,
    initialDataUpdatedAt: early?.at,
    refetchInterval: every,
    refetchIntervalInBackground: runtime.refreshInBackground,
    staleTime: Math.min(every, 30_000),
    retry: false,
  });
  const results = useQueries({
    queries: def.panels.map((panel) => ({
      queryKey: keyOf(panel),
      queryFn: (): Promise<QueryAnswer> => runtime.fetch(panel.query, panelBody(panel, filters)),
      initialData: early?.answers.get(panel.id),
      initialDataUpdatedAt: early?.at,
      // Batched, a panel's entry is filled by the batch; its own call serves its retry button.
      enabled: !batched,
      refetchInterval: batched ? (false as const) : every,
      refetchIntervalInBackground: runtime.refreshInBackground,
      staleTime: Math.min(every, 30_000),
      retry: runtime.retry ? Infinity : false,
      retryDelay,
    })),
  });
  return { results, fetching: batch.isFetching || results.some((r) => r.isFetching) };
}

/** Refreshes a dashboard's panels when the socket says stock changed (throttled), and when shown again after a change it missed. */
export function useLiveRefresh(dashboardId: string) {
  const queryClient = useQueryClient();
  useMissedPushes('stock', () => void queryClient.invalidateQueries({ queryKey: ['dashboard', dashboardId] }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const refresh = () => {
      timer = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: ['dashboard', dashboardId] });
    };
    const off = onStockChange(() => {
      if (!timer) timer = setTimeout(refresh, Math.max(0, last + LIVE_THROTTLE_MS - Date.now()));
    });
    return () => {
      off();
      // A refresh still waiting on the throttle is owed: marked stale now, refetched when shown.
      clearTimeout(timer);
      if (timer) refresh();
    };
  }, [queryClient, dashboardId]);
}

/** The oldest "as of" of the answers on screen: the dashboard is at least that fresh. */
export function oldestAsOf(answers: (QueryAnswer | undefined)[]): string | null {
  const times = answers.filter((a): a is QueryAnswer => !!a).map((a) => a.asOf).sort();
  return times[0] ?? null;
}
