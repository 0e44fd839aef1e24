import type { EChartsOption } from 'echarts';
import { useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { i18n } from '../../i18n';
import { echarts } from './echarts';
import { sameValue } from './sameValue';

type Instance = ReturnType<typeof echarts.init>;
type ClickParams = { name: string; value: unknown; seriesName?: string; dataIndex: number };

interface Props {
  option: EChartsOption;
  style: CSSProperties;
  onClick?(params: ClickParams): void;
}

/**
 * One ECharts instance in a div, drawn in the task that mounts it, resized when its
 * box changes size. It replaces echarts-for-react's component, which first made a throwaway
 * instance, waited for it to render (its 'finished' event, a frame later), disposed of it and
 * made the real one, whose option it drew a frame after that (lazyUpdate): home's first chart
 * came two busy frames after its panel mounted, and the frame useDrawTurn waits for passed with
 * no chart in it.
 */
export function EChart({ option, style, onClick }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  /** The option the chart shows. */
  const drawn = useRef<EChartsOption | null>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    // ECharts' own words (its toolbox, its loading text) in the console's language; the page reloads when it changes.
    const instance = echarts.init(el, undefined, { locale: i18n.language === 'en-US' ? 'EN' : 'ZH' });
    chart.current = instance;
    let size = { width: el.clientWidth, height: el.clientHeight };
    // The observer's first report is the size the chart was made at: only a change redraws it.
    const observer = new ResizeObserver(() => {
      const now = { width: el.clientWidth, height: el.clientHeight };
      if (now.width === size.width && now.height === size.height) return;
      size = now;
      instance.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      drawn.current = null;
    };
  }, []);

  // Drawn now, not at the next frame: the frame that follows shows it. An option equal to the one
  // drawn (a caller that builds it anew at each render) keeps the chart as it is: the legend the user
  // toggled, an open tooltip.
  useLayoutEffect(() => {
    if (!chart.current || (drawn.current && sameValue(drawn.current, option))) return;
    chart.current.setOption(option, { notMerge: true });
    drawn.current = option;
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onClick) return undefined;
    const handler = (params: ClickParams) => onClick(params);
    instance.on('click', handler);
    // The chart may be gone already: a layout effect's cleanup (dispose) runs before this one.
    return () => void (instance.isDisposed() || instance.off('click', handler));
  }, [onClick]);

  // ECharts makes the box role img, with the chart's description for its aria-label (Chart.tsx).
  return <div ref={box} style={style} />;
}
