import { prepareZXingModule, readBarcodes, type ZXingModuleOverrides } from 'zxing-wasm/reader';

/**
 * Reads a barcode from one camera frame: the labels this console prints, Code 128 and QR
 * (src/web/kit/print). The browser's BarcodeDetector where it has one (Chrome on Android), the
 * ZXing WebAssembly reader (zxing-wasm) elsewhere. The camera and the unit test both come here.
 */
export interface Frame { data: Uint8ClampedArray<ArrayBuffer>; width: number; height: number }

/** The shape of the browser's BarcodeDetector this needs (not in TypeScript's DOM types yet). */
interface Detector { detect(image: ImageData): Promise<{ rawValue: string }[]> }
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}
declare global {
  // Where the browser has one (Chrome on Android, macOS); not in TypeScript's DOM types yet.
  var BarcodeDetector: DetectorClass | undefined;
}

const NATIVE_FORMATS = ['code_128', 'qr_code'];

/** The browser's detector when it reads both formats; null where there is none (Firefox, Safari, desktop Chrome on Linux). */
export async function nativeDetector(): Promise<Detector | null> {
  const Native = globalThis.BarcodeDetector;
  if (!Native) return null;
  const supported = await Native.getSupportedFormats();
  return NATIVE_FORMATS.every((f) => supported.includes(f)) ? new Native({ formats: NATIVE_FORMATS }) : null;
}

/** Where the reader's WebAssembly comes from: the console's own build (the camera), or bytes (the unit test). */
export function prepareReader(overrides: ZXingModuleOverrides) {
  prepareZXingModule({ overrides, fireImmediately: false });
}

export async function decodeFrame(frame: Frame, native: Detector | null): Promise<string | null> {
  if (native) {
    const [found] = await native.detect(new ImageData(frame.data, frame.width, frame.height));
    return found?.rawValue ?? null;
  }
  // The reader takes any ImageData-shaped frame (Node, where the unit test runs, has no ImageData class).
  const image: ImageData = { data: frame.data, width: frame.width, height: frame.height, colorSpace: 'srgb' };
  const results = await readBarcodes(image, { formats: ['Code128', 'QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return results.find((r) => r.isValid)?.text ?? null;
}
