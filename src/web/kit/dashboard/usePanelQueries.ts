import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DashboardDef, PanelDef } from '@shared/analytics/dashboards';
import type { QueryAnswer } from '@shared/analytics/filters';
import { onStockChange } from '../../api/realtime';
import { filterBody, type DashboardFilters } from './drill';
import { retryDelay, useDashboardRuntime } from './runtime';

/** At most one refresh per this many milliseconds however many stock changes arrive. */
export const LIVE_THROTTLE_MS = 3000;

const panelBody = (panel: PanelDef, filters: DashboardFilters) => ({ ...filterBody(filters), ...panel.params });

/**
 * One query per panel (panels asking the same query with the same filters share it),
 * refreshed every `refreshSeconds` while the dashboard is on screen: in a hidden keep-alive
 * tab the observers pause with the view's effects, so nothing polls.
 */
export function usePanelQueries(def: DashboardDef, filters: DashboardFilters) {
  const runtime = useDashboardRuntime();
  const every = (runtime.refreshSeconds ?? def.refreshSeconds) * 1000;
  return useQueries({
    queries: def.panels.map((panel) => {
      const body = panelBody(panel, filters);
      return {
        queryKey: ['dashboard', def.id, panel.query, body],
        queryFn: (): Promise<QueryAnswer> => runtime.fetch(panel.query, body),
        refetchInterval: every,
        refetchIntervalInBackground: runtime.refreshInBackground,
        staleTime: Math.min(every, 30_000),
        retry: runtime.retry ? Infinity : false,
        retryDelay,
      };
    }),
  });
}

/** Refreshes a dashboard's panels when the socket says stock changed (throttled). */
export function useLiveRefresh(dashboardId: string) {
  const queryClient = useQueryClient();
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
      clearTimeout(timer);
    };
  }, [queryClient, dashboardId]);
}

/** The oldest "as of" of the answers on screen: the dashboard is at least that fresh. */
export function oldestAsOf(answers: (QueryAnswer | undefined)[]): string | null {
  const times = answers.filter((a): a is QueryAnswer => !!a).map((a) => a.asOf).sort();
  return times[0] ?? null;
}
