import { describe, expect, it } from 'vitest';
import { wallChart, wallFontSize } from './wallChart';

type Axis = { axisLabel: Record<string, unknown> };

describe('wall chart options', () => {
  it('size type from the screen: 16 px at 1920, 32 px at 3840, never below 14', () => {
    expect([wallFontSize(1920), wallFontSize(3840), wallFontSize(800)]).toEqual([16, 32, 14]);
  });

  it('show every label of a few categories, wrapped, and let a long scale skip what overlaps', () => {
    const groups = ['半年内', '半年至一年', '1-2 年', '2-3 年', '3 年以上', '无 DOT'];
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const option = wallChart(16)({
      tooltip: { trigger: 'axis' },
      xAxis: [{ type: 'category', data: groups }, { type: 'category', data: days }],
      yAxis: { type: 'value' },
      series: [{ type: 'bar', data: [1, 2, 3, 4, 5, 6] }],
    }) as unknown as { tooltip: unknown; xAxis: Axis[]; yAxis: Axis };
    expect(option.tooltip).toBeUndefined(); // no mouse on a wall
    expect(option.xAxis[0].axisLabel).toMatchObject({ interval: 0, overflow: 'break', width: 80, fontSize: 16 });
    expect(option.xAxis[1].axisLabel).toMatchObject({ interval: 'auto', hideOverlap: true, fontSize: 16 });
    expect(option.yAxis.axisLabel).toMatchObject({ interval: 'auto' });
  });

  it('name every bar of a rank (up to twelve), cutting a long name beside its bar', () => {
    const dealers = Array.from({ length: 10 }, (_, i) => `Dealer number ${i + 1} of the channel`);
    const option = wallChart(32)({
      xAxis: { type: 'value' }, yAxis: { type: 'category', data: dealers, inverse: true },
      series: [{ type: 'bar', data: dealers.map((_, i) => 10 - i) }],
    }) as unknown as { yAxis: Axis; xAxis: Axis & { splitNumber: number } };
    expect(option.yAxis.axisLabel).toMatchObject({ interval: 0, overflow: 'truncate', width: 32 * 9, fontSize: 32 });
    expect(option.xAxis.splitNumber).toBe(3);
  });

  it('draw a donut as large as its panel allows, its figures in the legend beside it', () => {
    const option = wallChart(16)({
      legend: { bottom: 0, type: 'scroll' },
      series: [{ type: 'pie', radius: ['38%', '58%'], data: [{ name: '0-3', value: 1200 }, { name: '4-6', value: 80 }] }],
    }) as unknown as { legend: { orient: string; formatter(name: string): string }; series: { radius: string[]; label: { show: boolean } }[] };
    expect(option.series[0].radius).toEqual(['48%', '88%']);
    expect(option.series[0].label.show).toBe(false);
    expect(option.legend.orient).toBe('vertical');
    expect(option.legend.formatter('0-3')).toBe('0-3  1200');
  });
});
