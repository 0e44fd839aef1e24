import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame, prepareReader } from './decodeFrame';
import { code128Frame, qrFrame } from './labelImage';

/**
 * The camera's decoder on the labels the console prints: the label printer's own Code 128 bars
 * and QR modules drawn into a frame, read back through the function the camera uses (the
 * WebAssembly reader: Node has no BarcodeDetector).
 */
beforeAll(() => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  prepareReader({ wasmBinary: readFileSync(wasm).buffer as ArrayBuffer });
});

describe('the camera decoder', () => {
  it('reads a tyre barcode label (Code 128)', async () => {
    expect(await decodeFrame(code128Frame('CG1757014EC00123'), null)).toBe('CG1757014EC00123');
    expect(await decodeFrame(code128Frame('2325123456789012'), null)).toBe('2325123456789012');
  });

  it('reads a QR label', async () => {
    expect(await decodeFrame(qrFrame('PR20261128008319'), null)).toBe('PR20261128008319');
  });

  it('reads nothing from a blank frame', async () => {
    const blank = code128Frame('X');
    blank.data.fill(255);
    expect(await decodeFrame(blank, null)).toBeNull();
  });
});
