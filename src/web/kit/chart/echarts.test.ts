import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
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
});
