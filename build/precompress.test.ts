import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed build (build/precompress.ts)', () => {
  it('writes .br and .gz beside each text asset of 1 KB or more, whose content unpacks to the file', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = 'export const x = 1;\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets', 'a.js'), js);
    writeFileSync(path.join(dir, 'assets', 'small.css'), 'a{}');
    writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(4096, 1));
    const plugin = precompress();
    (plugin.configResolved as (c: unknown) => void)({ root: dir, build: { outDir: '.' } });
    (plugin.closeBundle as () => void)();
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets', 'a.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets', 'a.js.gz'))).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'assets', 'small.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'logo.png.br'))).toBe(false);
  });
});
