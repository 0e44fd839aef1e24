import { code128Widths } from '../../../../kit/print/code128';
import { qrModules } from '../../../../kit/print/QrCode';
import type { Frame } from './decodeFrame';

/** A white frame with black boxes drawn on it, as the printer's label would show on a camera. */
function frameOf(width: number, height: number, dark: (x: number, y: number) => boolean): Frame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = dark(x, y) ? 0 : 255;
      const i = (y * width + x) * 4;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

/** The label printer's Code 128 bars (kit/print/Barcode.tsx's widths) at `scale` pixels a module, ten modules of quiet zone. */
export function code128Frame(value: string, scale = 3, barHeight = 80): Frame {
  const widths = code128Widths(value);
  const quiet = 10;
  const modules = widths.reduce((a, b) => a + b, 0) + quiet * 2;
  const dark = new Array<boolean>(modules).fill(false);
  let x = quiet;
  widths.forEach((w, i) => {
    for (let k = 0; k < w; k++) dark[x + k] = i % 2 === 0;
    x += w;
  });
  const margin = 20;
  return frameOf(modules * scale, barHeight + margin * 2, (px, py) => py >= margin && py < margin + barHeight && dark[Math.floor(px / scale)]);
}

/** The label printer's QR code (kit/print/QrCode.tsx's modules) at `scale` pixels a module, four modules of quiet zone. */
export function qrFrame(value: string, scale = 6): Frame {
  const cells = qrModules(value);
  const quiet = 4;
  const size = (cells.length + quiet * 2) * scale;
  return frameOf(size, size, (px, py) => {
    const col = Math.floor(px / scale) - quiet;
    const row = Math.floor(py / scale) - quiet;
    return row >= 0 && col >= 0 && row < cells.length && col < cells.length && cells[row][col];
  });
}
