import { BarChart, GaugeChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the charts and components the console draws: a third less JavaScript than the whole `echarts`.
// Aria: Chart.tsx switches it on so each chart carries a description for screen readers.
echarts.use([
  BarChart, LineChart, PieChart, HeatmapChart, GaugeChart,
  AriaComponent, GridComponent, TooltipComponent, LegendComponent, TitleComponent, DatasetComponent, VisualMapComponent, CanvasRenderer,
]);

export { echarts };
