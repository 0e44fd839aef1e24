import type { EChartsOption } from 'echarts';

type Obj = Record<string, unknown>;
const TEXT = 'rgba(255,255,255,0.85)';
const AXIS = 'rgba(255,255,255,0.25)';
const SPLIT = 'rgba(255,255,255,0.08)';

/** Chart font size for a screen width: 16 px at 1920, 32 px at 3840, never below 12. */
export const wallFontSize = (width: number) => Math.max(12, Math.round((width / 1920) * 16));

const FEW_CATEGORIES = 8;

const each = (v: unknown, fn: (o: Obj) => Obj) => (Array.isArray(v) ? v.map(fn) : v ? fn(v as Obj) : v);

/**
 * A chart option restyled for a wall screen: always dark whatever the console's theme,
 * fonts sized from the screen (readable from three metres), no tooltips (no mouse).
 */
export function wallChart(fontSize: number) {
  return (option: EChartsOption): EChartsOption => {
    const o = option as Obj;
    // A few categories (age groups, weekdays) are each read on their own: all shown, long names
    // wrapped; many (days, dealers) are a scale, where ECharts may skip what would overlap.
    const few = (a: Obj) => a.type === 'category' && Array.isArray(a.data) && a.data.length <= FEW_CATEGORIES;
    const axis = (a: Obj): Obj => ({
      ...a,
      axisLabel: {
        ...(a.axisLabel as Obj), color: TEXT, fontSize,
        ...(few(a) ? { interval: 0, overflow: 'break', width: fontSize * 5 } : { interval: 'auto' }),
      },
      axisLine: { lineStyle: { color: AXIS } },
      splitLine: { lineStyle: { color: SPLIT } },
      ...(a.splitArea ? { splitArea: { show: true, areaStyle: { color: ['rgba(255,255,255,0.02)', 'rgba(255,255,255,0.05)'] } } } : {}),
    });
    const series = each(o.series, (s) => {
      if (s.type === 'pie') return { ...s, label: { color: TEXT, fontSize, textBorderWidth: 0 } };
      if (s.type === 'gauge') return { ...s, detail: { ...(s.detail as Obj), color: TEXT, fontSize: fontSize * 2.4 }, axisLabel: { color: TEXT, fontSize: fontSize * 0.8 } };
      if (s.type === 'bar') return { ...s, barMaxWidth: fontSize * 3 };
      return s;
    });
    return {
      ...o,
      tooltip: undefined,
      textStyle: { color: TEXT, fontSize },
      legend: o.legend ? { ...(o.legend as Obj), textStyle: { color: TEXT, fontSize }, itemWidth: fontSize * 1.5, itemHeight: fontSize * 0.9 } : undefined,
      grid: o.grid ? { ...(o.grid as Obj), top: o.legend ? fontSize * 2.5 : fontSize, bottom: o.visualMap ? fontSize * 4 : fontSize / 2 } : undefined,
      visualMap: o.visualMap ? { ...(o.visualMap as Obj), textStyle: { color: TEXT, fontSize }, itemWidth: fontSize, itemHeight: fontSize * 8 } : undefined,
      xAxis: each(o.xAxis, axis),
      yAxis: each(o.yAxis, axis),
      series,
    } as EChartsOption;
  };
}
