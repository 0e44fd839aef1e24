import { BarChart, GaugeChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the charts and components the console draws (STACK.md: a third less JavaScript than `echarts`).
echarts.use([
  BarChart, LineChart, PieChart, HeatmapChart, GaugeChart,
  GridComponent, TooltipComponent, LegendComponent, TitleComponent, DatasetComponent, VisualMapComponent, CanvasRenderer,
]);

export { echarts };
