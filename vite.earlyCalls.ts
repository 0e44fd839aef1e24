import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ENTRY = path.resolve(import.meta.dirname, 'src/web/app/earlyInline.ts');

/**
 * Inlines src/web/app/earlyInline.ts, bundled and minified, as a script in index.html's head (issue
 * 14): a signed-in first view's calls then go out while the page is parsed, instead of after the
 * entry's scripts (React, i18next, the login page) have been fetched and run. The server allows
 * the script by its hash (src/server/http/inlineScripts.ts); where it does not run, the entry makes
 * the calls itself (main.tsx).
 */
export function inlineEarlyCalls(): Plugin {
  return {
    name: 'tyre:inline-early-calls',
    // After Vite has put the entry's tags in the head: the script goes before them, for a script
    // waits for the stylesheets above it; after the title, as the charset must come in the first 1 KB.
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const out = await build({
          entryPoints: [ENTRY], bundle: true, minify: true, format: 'iife', target: 'es2020', write: false, logLevel: 'warning',
          tsconfig: path.resolve(import.meta.dirname, 'tsconfig.json'),
        });
        if (!html.includes('</title>')) throw new Error('index.html has no <title> to put the early calls after');
        return html.replace('</title>', () => `</title>\n    <script>${out.outputFiles[0].text.trim()}</script>`);
      },
    },
  };
}
