import { lazy, Suspense } from 'react';
import { Skeleton } from '@arco-design/web-react';
import type { ChartProps } from './Chart';

const Chart = lazy(() => import('./Chart'));

/** Charts load ECharts only when a page draws one. */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton animation text={{ rows: 4 }} style={{ height: props.height ?? 300 }} />}>
      <Chart {...props} />
    </Suspense>
  );
}
