import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { decodeFrame, nativeDetector, prepareReader, type Frame } from './decodeFrame';

// The reader's WebAssembly from the console's own build (precached by the service worker), never from a CDN.
prepareReader({ locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) });

let detector: ReturnType<typeof nativeDetector> | undefined;

/** One frame read: the browser's detector where it has one, the WebAssembly reader otherwise. */
export async function readFrame(frame: Frame): Promise<string | null> {
  return decodeFrame(frame, await (detector ??= nativeDetector()));
}
