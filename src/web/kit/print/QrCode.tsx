import qrcode from 'qrcode-generator';

/** Light margin around the symbol, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/** The modules of a QR code (error correction M), row by row: true is dark. */
export function qrModules(value: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  const count = qr.getModuleCount();
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, col) => qr.isDark(row, col)));
}

/** The dark modules of a QR code as one SVG path, with its quiet zone. */
export function qrPath(value: string) {
  const modules = qrModules(value);
  let d = '';
  modules.forEach((cells, row) => cells.forEach((dark, col) => { if (dark) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`; }));
  return { d, modules: modules.length + QUIET * 2 };
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
