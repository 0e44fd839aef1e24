import type { EChartsOption } from 'echarts';
import { isRecord } from '@shared/must';

type Obj = Record<string, unknown>;
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v : v ? [v] : []).filter(isRecord);
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** Values said for each series: enough to read a chart's shape, short enough to listen to. */
const MOST = 12;

const valueOf = (d: unknown): unknown => (isRecord(d) && !Array.isArray(d) ? d.value : d);
const said = (v: unknown) => (Array.isArray(v) ? v.join(' × ') : v == null ? '-' : String(v));

/**
 * A chart in words, for its aria-label (docs/accessibility.md, "Charts"): its title, then each
 * series by name with its first values by category ("Inbound: 2026-11-01 12, 2026-11-02 9, …"), a
 * pie's slices, a gauge's value. A heatmap's grid is too big to listen to: its title says what it
 * is and its table (the "show as table" toggle) holds the numbers.
 */
export function describeChart(option: EChartsOption, title: string): string {
  const o: Obj = { ...option };
  const categoryAxis = [...list(o.xAxis), ...list(o.yAxis)].find((a) => a.type === 'category' && Array.isArray(a.data));
  const categories = categoryAxis && items(categoryAxis.data).map((c) => String(valueOf(c)));
  const parts = list(o.series).map((s) => {
    const data = items(s.data);
    if (s.type === 'heatmap') return '';
    const pairs = data.slice(0, MOST).map((d, i) => {
      const name = s.type === 'pie' ? (isRecord(d) ? d.name : undefined) : categories?.[i];
      return name == null ? said(valueOf(d)) : `${String(name)} ${said(valueOf(d))}`;
    });
    const more = data.length > MOST ? ', …' : '';
    return `${s.name ? `${String(s.name)}: ` : ''}${pairs.join(', ')}${more}`;
  }).filter(Boolean);
  return [title, ...parts].filter(Boolean).join('. ');
}
