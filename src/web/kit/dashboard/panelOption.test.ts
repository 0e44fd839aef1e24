import { describe, expect, it } from 'vitest';
import { panelOption, type ChartPanel } from './panelOption';

const bar: ChartPanel = { type: 'bar', title: { 'zh-CN': '盘点', 'en-US': 'Stocktakes' }, x: 'orderNo', y: ['bookQty', 'countedQty'] };
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ orderNo: `IV2026110200${String(i).padStart(4, '0')}`, bookQty: i, countedQty: i }));
const xAxisOf = (n: number) => panelOption(bar, rows(n), 'en-US')?.xAxis as { axisLabel?: Record<string, unknown> };

describe('a bar or line panel\'s category axis', () => {
  it('keeps every label of a few categories, leaving out those that would overlap on a narrow chart', () => {
    expect(xAxisOf(10).axisLabel).toEqual({ interval: 0, hideOverlap: true });
  });

  it('lets ECharts thin the labels of a long series', () => {
    expect(xAxisOf(30).axisLabel).toBeUndefined();
  });
});
