import { describe, expect, it } from 'vitest';
import { wallChart, wallFontSize } from './wallChart';

type Axis = { axisLabel: Record<string, unknown> };

describe('wall chart options', () => {
  it('size type from the screen: 16 px at 1920, 32 px at 3840, never below 12', () => {
    expect([wallFontSize(1920), wallFontSize(3840), wallFontSize(800)]).toEqual([16, 32, 12]);
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
    expect(option.xAxis[1].axisLabel).toMatchObject({ interval: 'auto', fontSize: 16 });
    expect(option.yAxis.axisLabel).toMatchObject({ interval: 'auto' });
  });
});
