import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, Rollup } from 'vite';
import { closure, HOME_MODULES } from './chunks.ts';

const ENTRY = path.resolve(import.meta.dirname, '../src/web/firstPaint/earlyInline.ts');

/**
 * Inlines src/web/firstPaint/earlyInline.ts, bundled and minified, as a script in index.html's head (issue
 * 14): a signed-in first view's calls then go out while the page is parsed, instead of after the
 * entry's scripts (React, i18next, the login page) have been fetched and run. The server allows
 * the script by its hash (src/server/http/inlineScripts.ts); where it does not run, the entry makes
 * the calls itself (main.tsx).
 */
export function inlineEarlyCalls(): Plugin {
  let base = '/';
  return {
    name: 'tyre:inline-early-calls',
    configResolved(config) {
      base = config.base;
    },
    // After Vite has put the entry's tags in the head: the script goes before them, for a script
    // waits for the stylesheets above it; after the title, as the charset must come in the first 1 KB.
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        // The dev server has no bundle: there the entry loads home's code as it renders.
        const homeFiles = ctx.bundle ? homeChunkFiles(ctx.bundle).map((file) => base + file) : [];
        const script = await inlineScript(ENTRY, { __HOME_MODULES__: JSON.stringify(homeFiles) });
        if (!html.includes('</title>')) throw new Error('index.html has no <title> to put the early calls after');
        return html.replace('</title>', () => `</title>\n    <script>${script}</script>`);
      },
    },
  };
}

/**
 * A script for index.html itself: `entry` bundled and minified into one function run where it
 * stands (the page's own scripts, allowed by their hashes: src/server/http/inlineScripts.ts).
 */
export async function inlineScript(entry: string, define: Record<string, string> = {}): Promise<string> {
  const out = await build({
    entryPoints: [entry], bundle: true, minify: true, format: 'iife', target: 'es2020', write: false, logLevel: 'warning',
    tsconfig: path.resolve(import.meta.dirname, '../tsconfig.json'), define,
  });
  return out.outputFiles[0].text.trim();
}

/**
 * The files home's first view loads beyond the entry's (earlyModules.ts preloads them): the chunks
 * holding HOME_MODULES with the chunks they import, less those the entry loads anyway, and their CSS.
 */
export function homeChunkFiles(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // The chunks' import graph, walked as the module graph is (build/chunks.ts).
  const graph = {
    getModuleInfo: (file: string) => {
      const chunk = byFile.get(file);
      return chunk ? { importedIds: chunk.imports } : null;
    },
  };
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName), graph);
  const roots = HOME_MODULES.map((id) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`no chunk holds ${path.relative(path.dirname(import.meta.dirname), id)}`);
    return chunk.fileName;
  });
  // In the order of HOME_MODULES: the shell first.
  const js = [...closure(roots, graph)].filter((file) => !entry.has(file));
  const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
  return [...css, ...js];
}
