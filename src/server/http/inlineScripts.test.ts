import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, webInlineScriptHashes } from './inlineScripts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the CSP hashes of a page\'s inline scripts', () => {
  it('hashes each inline script\'s text exactly as written, and no script loaded by src', () => {
    const first = '"use strict";(()=>{fetch("/fms/api/v1/x")})();';
    const html = `<head><title>t</title>\n    <script>${first}</script>\n<script type="module" crossorigin src="/assets/index.js"></script><script type="text/javascript">\n  1 + 1\n</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(first), sha('\n  1 + 1\n')]);
  });

  it('hashes the text with its line breaks as the browser\'s parser makes them (LF)', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc()</script>')).toEqual([sha('a()\nb()\nc()')]);
  });

  it('answers none for a page without inline scripts, or a folder without a build', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'inline-'));
    expect(webInlineScriptHashes(dir)).toEqual([]);
    writeFileSync(path.join(dir, 'index.html'), '<script>go()</script>');
    expect(webInlineScriptHashes(dir)).toEqual([sha('go()')]);
  });
});
