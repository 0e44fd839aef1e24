import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { describeChart } from './describeChart';
import { echarts } from './echarts';

// The console draws on canvas, which jsdom lacks; the SVG renderer draws the same chart here.
echarts.use(SVGRenderer);

describe('the console\'s ECharts', () => {
  it('gives a chart the accessible description the Chart component asks for (aria)', () => {
    const dom = document.createElement('div');
    const chart = echarts.init(dom, null, { renderer: 'svg', width: 400, height: 300 });
    chart.setOption({
      aria: { enabled: true, label: { description: 'Stock by brand: Roadking 120, Trailmax 80' } },
      xAxis: { type: 'category', data: ['Roadking', 'Trailmax'] },
      yAxis: { type: 'value' },
      series: [{ type: 'bar', data: [120, 80] }],
    });
    const described = { role: dom.getAttribute('role'), label: dom.getAttribute('aria-label') };
    chart.dispose();
    expect(described).toEqual({ role: 'img', label: 'Stock by brand: Roadking 120, Trailmax 80' });
  });

  it('describes a chart in words: its title, each series by name with its values by category, a pie\'s slices', () => {
    expect(describeChart({
      xAxis: { type: 'category', data: ['Roadking', 'Trailmax'] }, yAxis: { type: 'value' },
      series: [{ type: 'bar', name: 'On hand', data: [120, 80] }, { type: 'line', name: 'Inbound', data: [5, 7] }],
    }, 'Stock by brand')).toBe('Stock by brand. On hand: Roadking 120, Trailmax 80. Inbound: Roadking 5, Trailmax 7');
    expect(describeChart({ series: [{ type: 'pie', data: [{ name: '0-3', value: 4 }, { name: '4-6', value: 2 }] }] }, '库龄'))
      .toBe('库龄. 0-3 4, 4-6 2');
    const days = Array.from({ length: 20 }, (_, i) => `d${i}`);
    expect(describeChart({ xAxis: { type: 'category', data: days }, series: [{ type: 'line', name: 'Out', data: days.map((_, i) => i) }] }, 'Trend'))
      .toMatch(/^Trend\. Out: d0 0, d1 1, .*d11 11, …$/);
  });
});
