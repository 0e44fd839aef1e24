import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardDef, PanelDef } from '@shared/analytics/dashboards';
import type { BatchLine } from '@shared/analytics/filters';
import { DashboardRuntimeContext, type DashboardRuntime } from './runtime';
import { usePanelQueries } from './usePanelQueries';

const panel = (id: string): PanelDef => ({ id, type: 'stat', title: { 'zh-CN': id, 'en-US': id }, query: 'stock.onHand', params: { id }, grid: { x: 0, y: 0, w: 8, h: 2 } });
const DEF: DashboardDef = { id: 'home', title: { 'zh-CN': '首页', 'en-US': 'Home' }, refreshSeconds: 60, filters: [], panels: [panel('a'), panel('b')] };
const answer = (n: number) => ({ rows: [{ value: n }], asOf: '2026-11-27T08:00:00.000Z' });

/** Each render's panel states, in order, as the view would show them. */
function Panels({ renders }: { renders: string[][] }) {
  const { results } = usePanelQueries(DEF, {});
  renders.push(results.map((r) => (r.data ? `ready:${r.data.rows[0].value}` : r.isError ? 'error' : 'loading')));
  return <p data-testid="panels">{renders.at(-1)!.join(' ')}</p>;
}

function show(runtime: DashboardRuntime) {
  const renders: string[][] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DashboardRuntimeContext.Provider value={runtime}><Panels renders={renders} /></DashboardRuntimeContext.Provider>
    </QueryClientProvider>,
  );
  return renders;
}

const runtimeWith = (early: BatchLine[] | undefined, streamed: BatchLine[] = []): DashboardRuntime => ({
  fetch: vi.fn(async () => answer(9)),
  stream: vi.fn(async (_id, _body, onLine) => { for (const line of streamed) onLine(line); }),
  early: vi.fn(() => early),
  retry: false,
  refreshInBackground: false,
  drill: true,
});

describe('the panels of a batched dashboard (usePanelQueries)', () => {
  afterEach(cleanup);

  it('render with the early batch at their first render, without asking again; a panel it failed is asked alone', async () => {
    const runtime = runtimeWith([{ panel: 'a', answer: answer(1) }, { panel: 'b', error: { status: 500, msg: 'x' } }]);
    const renders = show(runtime);
    expect(renders[0]).toEqual(['ready:1', 'loading']);
    await waitFor(() => expect(screen.getByTestId('panels').textContent).toBe('ready:1 ready:9'));
    expect(runtime.stream).not.toHaveBeenCalled();
    expect(runtime.fetch).toHaveBeenCalledTimes(1);
    expect(runtime.fetch).toHaveBeenCalledWith('stock.onHand', { id: 'b' });
  });

  it('without an early batch, ask for it and fill the panels as its lines arrive', async () => {
    const runtime = runtimeWith(undefined, [{ panel: 'a', answer: answer(1) }, { panel: 'b', answer: answer(2) }]);
    const renders = show(runtime);
    expect(renders[0]).toEqual(['loading', 'loading']);
    await waitFor(() => expect(screen.getByTestId('panels').textContent).toBe('ready:1 ready:2'));
    expect(runtime.stream).toHaveBeenCalledTimes(1);
    expect(runtime.fetch).not.toHaveBeenCalled();
  });
});
