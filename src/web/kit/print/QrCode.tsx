import qrcode from 'qrcode-generator';

/** Light margin around the symbol, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/** The dark modules of a QR code (error correction M) as one SVG path. */
export function qrPath(value: string) {
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  const count = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
  }
  return { d, modules: count + QUIET * 2 };
}

export function QrCode({ value, size = '24mm' }: { value: string; size?: string }) {
  const { d, modules } = qrPath(value);
  return (
    <svg
      className="print-qr" viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" role="img" aria-label={value}
      style={{ width: size, height: size }} data-qr={value}
    >
      <path d={d} fill="#000" />
    </svg>
  );
}
