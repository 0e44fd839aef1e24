import type { EChartsOption } from 'echarts';
import { isRecord } from '@shared/must';

type Obj = Record<string, unknown>;
const TEXT = 'rgba(255,255,255,0.85)';
const AXIS = 'rgba(255,255,255,0.25)';
const SPLIT = 'rgba(255,255,255,0.08)';

/** Chart font size for a screen width: 16 px at 1920, 32 px at 3840, never below 14 (read from three metres). */
export const wallFontSize = (width: number) => Math.max(14, Math.round((width / 1920) * 16));

/** Categories read one by one (age groups, a top-ten rank): every one is named, however narrow the chart. */
const FEW_CATEGORIES = 12;

const each = (v: unknown, fn: (o: Obj) => Obj) => (Array.isArray(v) ? v.map((x) => (isRecord(x) ? fn(x) : x)) : isRecord(v) ? fn(v) : v);
/** An option's part as an object to spread (nothing when unset). */
const part = (v: unknown): Obj => (isRecord(v) ? v : {});
/** An option's part that is one object or a list of them, as a list. */
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v : v ? [v] : []).filter(isRecord);

/**
 * A chart option restyled for a wall screen (docs/accessibility.md, "Wall screens"): always dark
 * whatever the console's theme, type sized from the screen, no tooltips (no mouse), and the drawing
 * filling its panel: the plot to the panel's edges, fewer value ticks, a donut as large as the panel
 * allows with its figures in the legend beside it, every bar of a rank named.
 */
export function wallChart(fontSize: number) {
  return (option: EChartsOption): EChartsOption => {
    const o: Obj = { ...option };
    // A few categories are each read on their own: all shown, long names wrapped (under a bar) or cut
    // (beside a bar, a dealer's name); many (days) are a scale, where ECharts skips what would overlap.
    const few = (a: Obj) => a.type === 'category' && Array.isArray(a.data) && a.data.length <= FEW_CATEGORIES;
    const axis = (side: 'x' | 'y') => (a: Obj): Obj => ({
      ...a,
      axisLabel: {
        ...part(a.axisLabel), color: TEXT, fontSize, margin: fontSize / 2,
        ...(few(a)
          ? { interval: 0, ...(side === 'x' ? { overflow: 'break', width: fontSize * 5 } : { overflow: 'truncate', width: fontSize * 9 }) }
          : { interval: 'auto', hideOverlap: true }),
      },
      ...(a.type === 'value' ? { splitNumber: 3 } : {}),
      axisLine: { lineStyle: { color: AXIS } },
      splitLine: { lineStyle: { color: SPLIT } },
      ...(a.splitArea ? { splitArea: { show: true, areaStyle: { color: ['rgba(255,255,255,0.02)', 'rgba(255,255,255,0.05)'] } } } : {}),
    });
    const pie = list(o.series).find((s) => s.type === 'pie');
    const pieValues = new Map(list(pie?.data).map((d) => [String(d.name), d.value]));
    const series = each(o.series, (s) => {
      if (s.type === 'pie') {
        const donut = Array.isArray(s.radius);
        // The figures sit in the legend beside the ring, which takes the panel's height.
        return { ...s, center: ['32%', '50%'], radius: donut ? ['48%', '88%'] : '88%', label: { show: false }, labelLine: { show: false } };
      }
      if (s.type === 'gauge') {
        return { ...s, radius: '92%', detail: { ...part(s.detail), color: TEXT, fontSize: fontSize * 3.2 }, axisLabel: { color: TEXT, fontSize: fontSize * 0.9 } };
      }
      if (s.type === 'bar') return { ...s, barMaxWidth: fontSize * 3, barCategoryGap: '30%' };
      return s;
    });
    const legend = !o.legend ? undefined : pie
      ? {
        ...part(o.legend), type: 'plain', orient: 'vertical', left: '62%', top: 'middle', bottom: undefined, itemGap: fontSize * 0.6,
        textStyle: { color: TEXT, fontSize }, itemWidth: fontSize * 1.2, itemHeight: fontSize * 0.9,
        formatter: (name: string) => `${name}  ${String(pieValues.get(name) ?? '')}`,
      }
      : { ...part(o.legend), textStyle: { color: TEXT, fontSize }, itemWidth: fontSize * 1.5, itemHeight: fontSize * 0.9 };
    return {
      ...o,
      tooltip: undefined,
      textStyle: { color: TEXT, fontSize },
      legend,
      // Room under the plot for a second line of a wrapped category name, which ECharts does not count.
      grid: o.grid
        ? {
          ...part(o.grid), left: fontSize / 2, right: fontSize, top: o.legend ? fontSize * 2.2 : fontSize * 0.8, containLabel: true,
          bottom: o.visualMap ? fontSize * 4 : [o.xAxis].flat().some((a) => isRecord(a) && few(a)) ? fontSize * 1.4 : fontSize / 4,
        }
        : undefined,
      visualMap: o.visualMap ? { ...part(o.visualMap), textStyle: { color: TEXT, fontSize }, itemWidth: fontSize, itemHeight: fontSize * 8 } : undefined,
      xAxis: each(o.xAxis, axis('x')),
      yAxis: each(o.yAxis, axis('y')),
      series,
    } as EChartsOption;
  };
}
