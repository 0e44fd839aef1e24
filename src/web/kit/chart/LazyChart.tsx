import { Suspense } from 'react';
import { Skeleton } from '@arco-design/web-react';
import { preloadable } from '../../app/preloadable';
import type { ChartProps } from './Chart';

/** ECharts with the console's theme; loaded ahead for home (prefetch.ts), where it then draws without suspending. */
export const Chart = preloadable(() => import('./Chart'));

/** Charts load ECharts only when a page draws one. */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton animation text={{ rows: 4 }} style={{ height: props.height ?? 300 }} />}>
      <Chart {...props} />
    </Suspense>
  );
}
