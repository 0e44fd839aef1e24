import { createContext, useContext } from 'react';
import type { EChartsOption } from 'echarts';
import { queryPath, type QueryAnswer } from '@shared/analytics/filters';
import { api } from '../../api/http';

/**
 * How a dashboard runs where it is shown. The console asks through its client (errors are
 * toasted, panels offer a retry) and opens drill-downs; a wall screen asks quietly, retries
 * for ever with backoff, scales its charts to the screen and has nothing to click.
 */
export interface DashboardRuntime {
  fetch(queryId: string, body: Record<string, unknown>): Promise<QueryAnswer>;
  /** Retries after a failure (false: the panel offers a retry button). */
  retry: boolean;
  /** Overrides the dashboard's refresh interval. */
  refreshSeconds?: number;
  /** Keeps refreshing while the window is in the background (a wall screen is never "in use"). */
  refreshInBackground: boolean;
  /** Restyles every chart option (the wall's dark theme and screen-sized fonts). */
  chartOption?(option: EChartsOption): EChartsOption;
  drill: boolean;
}

export const CONSOLE_RUNTIME: DashboardRuntime = {
  fetch: (queryId, body) => api.post<QueryAnswer>(queryPath(queryId), body),
  retry: false,
  refreshInBackground: false,
  drill: true,
};

export const DashboardRuntimeContext = createContext<DashboardRuntime>(CONSOLE_RUNTIME);
export const useDashboardRuntime = () => useContext(DashboardRuntimeContext);

/** Backoff between retries: 1 s, 2 s, 4 s ... at most 30 s, so a returning server is found soon and not flooded. */
export const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);
