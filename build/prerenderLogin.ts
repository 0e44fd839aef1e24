import path from 'node:path';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { alias } from './alias.ts';
import { inlineScript } from './earlyCalls.ts';
import { firstFrameTemplateId } from '../src/web/firstPaint/loginFirstFrameHandOff.ts';
import { isRecord } from '../src/shared/must.ts';

type FirstFrameModule = Pick<typeof import('../src/web/firstPaint/loginFirstFrame.tsx'), 'loginFirstFrames'>;
/** The login page's first-frame module as Vite loaded it: it renders the frames. */
const isFirstFrameModule = (module: unknown): module is FirstFrameModule => isRecord(module) && typeof module.loginFirstFrames === 'function';

const WEB_ROOT = path.resolve(import.meta.dirname, '../src/web');
const SCRIPT = path.resolve(import.meta.dirname, '../src/web/firstPaint/firstFrameInline.ts');
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Writes the login page's first render into index.html, a template per language, with the script
 * that shows it (src/web/firstPaint/firstFrameInline.ts) right after the root element: a visit
 * without a session sees the form with the page's first frame instead of after React, the router
 * and the login page's code have loaded and run (on this 2-core machine 400 to 600 ms). The markup
 * is the component's own (src/web/firstPaint/loginFirstFrame.tsx), rendered in node by Vite's SSR loader
 * at build time; the page takes it over as it renders (src/web/firstPaint/loginFirstFrameHandOff.ts). The server allows
 * the script by its hash, as the head's (src/server/http/inlineScripts.ts).
 */
export function prerenderLogin(): Plugin {
  return {
    name: 'tyre:prerender-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to put the login form's first frame in`);
        const [frames, script] = await Promise.all([renderFirstFrames(), inlineScript(SCRIPT)]);
        const templates = Object.entries(frames).map(([lang, markup]) => `<template id="${firstFrameTemplateId(lang)}">${markup}</template>`);
        return html.replace(ROOT_ELEMENT, () => [ROOT_ELEMENT, ...templates, `<script>${script}</script>`].join('\n    '));
      },
    },
  };
}

/** The login page's first render in each language, from the component, with browser storage stood in for. */
async function renderFirstFrames(): Promise<Record<string, string>> {
  const stored = new Map<string, string>();
  const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, String(v)), removeItem: (k: string) => void stored.delete(k) };
  const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  let server: ViteDevServer | undefined;
  try {
    server = await createServer({
      configFile: false, root: WEB_ROOT, resolve: { alias }, logLevel: 'error', appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
      // Arco's icons come as ES modules that import their style: Vite transforms them rather than node.
      ssr: { noExternal: [/@arco-design/] },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    const module = await server.ssrLoadModule('/firstPaint/loginFirstFrame.tsx');
    if (!isFirstFrameModule(module)) throw new Error('src/web/firstPaint/loginFirstFrame.tsx exports no loginFirstFrames');
    return module.loginFirstFrames();
  } finally {
    await server?.close();
    if (had) Object.defineProperty(globalThis, 'localStorage', had);
    else Reflect.deleteProperty(globalThis, 'localStorage');
  }
}
