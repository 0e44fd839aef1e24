import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { settings } from '../../stores/settings';
import { describeChart } from './describeChart';
import { useDrawTurn } from './drawTurn';
import { EChart } from './EChart';

export interface ChartProps {
  option: EChartsOption;
  height?: number | string;
  onClick?(params: { name: string; value: unknown; seriesName?: string; dataIndex: number }): void;
  ariaLabel?: string;
}

const PALETTE = ['#1890ff', '#14c9c9', '#f7ba1e', '#722ed1', '#00b42a', '#f77234', '#3491fa', '#d91ad9', '#9fdb1d', '#f53f3f'];

/** Arco's tokens as ECharts colours, so charts follow the light and dark theme. */
function themeColours(dark: boolean) {
  return dark
    ? { text: 'rgba(255,255,255,0.7)', axis: 'rgba(255,255,255,0.2)', split: 'rgba(255,255,255,0.08)', tooltip: '#2a2a2b' }
    : { text: '#4e5969', axis: '#c9cdd4', split: '#f2f3f5', tooltip: '#ffffff' };
}

let font: string | undefined;
/**
 * The page's own font (global.css), read once: ECharts' default is a plain `sans-serif`, a second
 * family the browser looked up and measured text in for every label, and not the
 * type the rest of the console is set in.
 */
const pageFont = () => (font ??= getComputedStyle(document.body).fontFamily || 'sans-serif');

/** Whether the user asked for less motion (an OS setting): charts then draw at once, without entry animations. */
const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The one chart component: ECharts core with the console's palette and theme. */
export default function Chart({ option, height = 300, onClick, ariaLabel }: ChartProps) {
  const { customTheme, theme } = useSnapshot(settings);
  const dark = customTheme === 'dark';
  const themed = useMemo<EChartsOption>(() => {
    const c = themeColours(dark);
    const axis = { axisLine: { lineStyle: { color: c.axis } }, axisLabel: { color: c.text }, splitLine: { lineStyle: { color: c.split } } };
    const withAxis = <A extends object>(a: A | A[] | undefined) => (Array.isArray(a) ? a.map((x) => ({ ...axis, ...x })) : a ? { ...axis, ...a } : a);
    return {
      color: [theme, ...PALETTE.filter((p) => p !== theme)],
      backgroundColor: 'transparent',
      tooltip: { backgroundColor: c.tooltip, borderColor: c.axis, textStyle: { color: dark ? '#fff' : '#1d2129' } },
      // ECharts puts the chart's description on its box (role img): what it shows and its first values.
      aria: { enabled: true, label: { description: describeChart(option, ariaLabel ?? '') } },
      ...(reducedMotion() ? { animation: false } : {}),
      ...option,
      // The page's font under what the caller sets (a wall screen's larger text).
      textStyle: { color: c.text, fontFamily: pageFont(), ...option.textStyle },
      ...(option.legend ? { legend: { textStyle: { color: c.text }, ...option.legend } } : {}),
      xAxis: withAxis(option.xAxis),
      yAxis: withAxis(option.yAxis),
      // Outside labels take the theme's text colour, without the outline ECharts draws by default.
      series: (Array.isArray(option.series) ? option.series : option.series ? [option.series] : []).map((s) =>
        s.type === 'pie' ? { ...s, label: { color: c.text, textBorderWidth: 0, ...s.label } } : s,
      ),
    };
  }, [option, dark, theme, ariaLabel]);
  const turn = useDrawTurn();

  // Its place kept while an earlier chart of the same burst is shown first (drawTurn.ts).
  if (!turn) return <div style={{ height, width: '100%' }} aria-busy="true" />;
  return <EChart option={themed} style={{ height, width: '100%' }} onClick={onClick} />;
}
