import { createContext, useContext } from 'react';
import type { EChartsOption } from 'echarts';
import type { BatchLine, QueryAnswer } from '@shared/analytics/filters';
import { dashboardBatchPath, queryPath } from '@shared/analytics/paths';
import { postRaw, takeEarly, takeEarlyBody } from '../../firstPaint/earlyCalls';
import { getToken } from '../../stores/session';
import { api } from '../../api/http';

/**
 * How a dashboard runs where it is shown. The console asks through its client (errors are
 * toasted, panels offer a retry) and opens drill-downs; a wall screen asks quietly, retries
 * for ever with backoff, scales its charts to the screen and has nothing to click.
 */
export interface DashboardRuntime {
  fetch(queryId: string, body: Record<string, unknown>): Promise<QueryAnswer>;
  /** Every panel in one call, each line handed over as it arrives (the console); without it, a call per panel. */
  stream?(dashboardId: string, body: Record<string, unknown>, onLine: (line: BatchLine) => void): Promise<void>;
  /** The unfiltered batch's lines, if they are in already (the entry asked for home's as it ran). */
  early?(dashboardId: string): BatchLine[] | undefined;
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

/**
 * Reads a dashboard's NDJSON batch, handing over each line as soon as it is complete. Any failure
 * (a lost session included) rejects, and the caller asks the panels it is missing one by one,
 * through the client that shows errors and handles a 401.
 */
async function streamBatch(dashboardId: string, body: Record<string, unknown>, onLine: (line: BatchLine) => void): Promise<void> {
  const path = dashboardBatchPath(dashboardId);
  // Home's first batch, unfiltered, may have been asked by the entry already (earlyCalls.ts).
  let res = Object.keys(body).length ? null : await takeEarly(path, getToken());
  if (!res?.ok) res = await postRaw(path, body);
  if (!res.ok || !res.body) throw new Error(`dashboard batch: HTTP ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as BatchLine);
  }
}

/** The lines of an NDJSON batch that has come in full. */
const batchLines = (body: string) => body.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as BatchLine);

export const CONSOLE_RUNTIME: DashboardRuntime = {
  fetch: (queryId, body) => api.post<QueryAnswer>(queryPath(queryId), body),
  stream: streamBatch,
  early(dashboardId) {
    const body = takeEarlyBody(dashboardBatchPath(dashboardId), getToken());
    try {
      return body === undefined ? undefined : batchLines(body);
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      return undefined; // a broken answer: the batch is asked again
    }
  },
  retry: false,
  refreshInBackground: false,
  drill: true,
};

export const DashboardRuntimeContext = createContext<DashboardRuntime>(CONSOLE_RUNTIME);
export const useDashboardRuntime = () => useContext(DashboardRuntimeContext);

/** Backoff between retries: 1 s, 2 s, 4 s ... at most 30 s, so a returning server is found soon and not flooded. */
export const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);
