import type { EChartsOption } from 'echarts';
import type { PanelDef } from '@shared/analytics/dashboards';
import type { Language } from '@shared/i18n/languages';

type Row = Record<string, string | number | null>;
/** What a chart needs of a panel (report charts have no id, grid or query). */
export type ChartPanel = Pick<PanelDef, 'type' | 'title' | 'x' | 'y' | 'value' | 'max' | 'stack' | 'horizontal' | 'unit'> & { seriesNames?: Record<string, { 'zh-CN': string; 'en-US': string }> };

const num = (v: unknown) => (v == null || v === '' ? 0 : Number(v));

/**
 * The ECharts option of a chart panel from its query rows (bar, line, pie, donut, heatmap,
 * gauge). Stat and table panels are drawn as HTML, not here. Large series use ECharts'
 * `large` and `sampling`, so a year of days stays smooth.
 */
export function panelOption(panel: ChartPanel, rows: Row[], lang: Language): EChartsOption | null {
  const x = panel.x ?? 'name';
  const ys = panel.y ?? ['value'];
  const label = (field: string) => panel.seriesNames?.[field]?.[lang] ?? field;
  const categories = rows.map((r) => String(r[x] ?? ''));
  switch (panel.type) {
    case 'bar':
    case 'line': {
      const big = rows.length > 200;
      // A few categories (age buckets, ranks) all keep their label where they fit; on a phone the ones
      // that would overlap their neighbour are left out rather than drawn over each other. Long
      // series let ECharts thin them.
      const category = {
        type: 'category' as const, data: categories, boundaryGap: panel.type === 'bar',
        ...(rows.length <= 12 ? { axisLabel: { interval: 0, hideOverlap: true } } : {}),
      };
      const value = { type: 'value' as const };
      return {
        tooltip: { trigger: 'axis' },
        legend: ys.length > 1 ? { top: 0 } : undefined,
        grid: { left: 8, right: 16, top: ys.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
        xAxis: panel.horizontal ? value : category,
        yAxis: panel.horizontal ? { ...category, inverse: true } : value,
        series: ys.map((field) => ({
          name: label(field),
          type: panel.type as 'bar' | 'line',
          data: rows.map((r) => num(r[field])),
          stack: panel.stack ? 'total' : undefined,
          smooth: panel.type === 'line',
          showSymbol: panel.type === 'line' && !big,
          large: big,
          sampling: big ? 'lttb' : undefined,
          areaStyle: panel.type === 'line' && ys.length === 1 ? { opacity: 0.12 } : undefined,
          barMaxWidth: 36,
        })),
      } as EChartsOption;
    }
    case 'pie':
    case 'donut':
      return {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0, type: 'scroll' },
        series: [{
          type: 'pie',
          // Room around the ring for outside labels in a narrow panel.
          radius: panel.type === 'donut' ? ['38%', '58%'] : '58%',
          center: ['50%', '45%'],
          // Empty slices keep their legend entry but draw no label to crowd the others.
          data: rows.map((r) => {
            const value = num(r[ys[0]]);
            return value ? { name: String(r[x] ?? ''), value } : { name: String(r[x] ?? ''), value, label: { show: false }, labelLine: { show: false } };
          }),
        }],
      };
    case 'heatmap': {
      const yField = ys[0];
      const valueField = panel.value ?? 'value';
      const xs = [...new Set(rows.map((r) => String(r[x])))];
      const yCats = [...new Set(rows.map((r) => String(r[yField])))];
      const values = rows.map((r) => num(r[valueField]));
      return {
        tooltip: { position: 'top' },
        grid: { left: 8, right: 8, top: 8, bottom: 64, containLabel: true },
        xAxis: { type: 'category', data: xs, splitArea: { show: true } },
        yAxis: { type: 'category', data: yCats, splitArea: { show: true } },
        visualMap: { min: 0, max: Math.max(1, ...values), calculable: true, orient: 'horizontal', left: 'center', bottom: 0, itemHeight: 120 },
        series: [{ type: 'heatmap', data: rows.map((r) => [xs.indexOf(String(r[x])), yCats.indexOf(String(r[yField])), num(r[valueField])]) }],
      };
    }
    case 'gauge': {
      const first = rows[0] ?? {};
      return {
        series: [{
          type: 'gauge', min: 0, max: panel.max ?? 100, progress: { show: true, width: 14 }, axisLine: { lineStyle: { width: 14 } },
          detail: { valueAnimation: true, formatter: `{value}${panel.unit?.[lang] ?? ''}`, fontSize: 24 },
          data: [{ value: Math.round(num(first[panel.value ?? 'value']) * 10) / 10 }],
        }],
      };
    }
    default:
      return null;
  }
}
