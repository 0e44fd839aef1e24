import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable, offline console (docs/offline-floor.md): a web app manifest per language and
 * a Workbox service worker (vite-plugin-pwa, generateSW) that precaches the built console, so the
 * shell and the scanning screen open with the network off. The worker waits when a new build is
 * deployed; the console announces it (src/web/offline/registerWorker.ts) and takes it on reload.
 */

/** The entry a warehouse handheld starts at: the first scanning list the user reaches (src/web/offline/scanEntry.ts). */
export const START_URL = '/?source=app#/scan';
/** The default theme colour (#1890ff) and the two themes' page backgrounds. */
const THEME = { light: '#ffffff', dark: '#17171a', primary: '#1890ff' };

const LANGUAGES = ['zh-CN', 'en-US'] as const;
const NAMES = {
  'zh-CN': { name: '渠道营销仓储管理系统', short_name: '渠道仓储', description: '经销商仓储扫描与渠道管理' },
  'en-US': { name: 'Dealer Warehouse Management System', short_name: 'Dealer WMS', description: 'Dealer warehousing, scanning and channel management' },
} as const;
export type ManifestLanguage = (typeof LANGUAGES)[number];
export const manifestFile = (lang: ManifestLanguage) => `manifest.${lang}.webmanifest`;

export function manifestOf(lang: ManifestLanguage) {
  return {
    ...NAMES[lang], lang, id: '/', start_url: START_URL, scope: '/', display: 'standalone', orientation: 'any',
    theme_color: THEME.primary, background_color: THEME.light,
    icons: [
      { src: '/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

/** Both languages' manifests, the link to the default one (the console points it at the user's language) and the themes' colours. */
function manifests(): Plugin {
  return {
    name: 'tcc-manifests',
    apply: 'build',
    generateBundle() {
      for (const lang of LANGUAGES) {
        this.emitFile({ type: 'asset', fileName: manifestFile(lang), source: `${JSON.stringify(manifestOf(lang), null, 2)}\n` });
      }
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: `/${manifestFile('zh-CN')}` }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: THEME.light, media: '(prefers-color-scheme: light)' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: THEME.dark, media: '(prefers-color-scheme: dark)' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/logo.svg' }, injectTo: 'head' },
    ],
  };
}

export function offline(): Plugin[] {
  return [
    manifests(),
    ...VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        // The whole built console (shell, every page's chunk, styles, icons, manifests, the camera's
        // barcode reader): a handheld may open any scanning page offline, and a page's chunk imports others.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest,wasm}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // Every navigation is the console's one page; the API and the socket are never the worker's.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/fms\//, /^\/socket\.io\//],
        runtimeCaching: [],
      },
    }),
  ];
}
