import { code128Widths } from './code128';

/** Light margin each side, in modules (the standard asks for at least ten). */
const QUIET = 10;

/** One path of the bars: x offset and width of every bar, in modules. */
export function barsPath(widths: number[], height: number) {
  let x = QUIET;
  let d = '';
  widths.forEach((w, i) => {
    if (i % 2 === 0) d += `M${x} 0h${w}v${height}h-${w}z`;
    x += w;
  });
  return { d, modules: x + QUIET };
}

/**
 * A Code 128 barcode as SVG, scaled to its box: `width` sets the printed width (CSS length),
 * the bars keep their module ratios. The human-readable text goes below unless `hideText`.
 */
export function Barcode({ value, width = '100%', height = '12mm', hideText = false }: {
  value: string; width?: string; height?: string; hideText?: boolean;
}) {
  const { d, modules } = barsPath(code128Widths(value), 50);
  return (
    <div className="print-barcode" style={{ width }}>
      <svg
        viewBox={`0 0 ${modules} 50`} preserveAspectRatio="none" shapeRendering="crispEdges" role="img" aria-label={value}
        style={{ width: '100%', height }} data-barcode={value}
      >
        <path d={d} fill="#000" />
      </svg>
      {!hideText && <div className="print-barcode__text">{value}</div>}
    </div>
  );
}
