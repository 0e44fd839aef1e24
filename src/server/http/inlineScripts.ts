import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A `<script>` with no `src`: its text, as the browser hashes it for the CSP. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources (`'sha256-…'`) that allow the inline scripts of a page, and only those: the
 * console's index.html carries one, which starts a signed-in first view's calls while the page
 * is parsed (build/earlyCalls.ts). Any other inline script stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  // The browser hashes the text as parsed, its line breaks made LF.
  return [...html.matchAll(INLINE_SCRIPT)]
    .map(([, text]) => `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`);
}

/** The hashes of the built console's index.html in `webDir`; none where there is no build. */
export function webInlineScriptHashes(webDir: string): string[] {
  const file = path.join(webDir, 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}
