import { Skeleton } from '@arco-design/web-react';
import { preloadable, useLoadedComponent } from '../../firstPaint/preloadable';
import type { ChartProps } from './Chart';

/** ECharts with the console's theme, loaded once; ahead for home (prefetch.ts), where it then draws at once. */
export const Chart = preloadable(() => import('./Chart'));

/**
 * Charts load ECharts only when a page draws one. Not React.lazy: React holds a Suspense
 * boundary's content back until 300 ms after its fallback showed, and home's charts, whose data
 * the entry asked for, often came before the chart library did. Here the skeleton
 * gives way as soon as the module is in. A failed load reaches the page's error boundary.
 */
export function LazyChart(props: ChartProps) {
  const { Component: Loaded, failed } = useLoadedComponent(Chart);
  if (failed) throw failed;
  return Loaded ? <Loaded {...props} /> : <Skeleton animation text={{ rows: 4 }} style={{ height: props.height ?? 300 }} />;
}
