import { registerSW } from 'virtual:pwa-register';

/** How often an open console asks whether a new build was deployed. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Installs the console's service worker (build/offline.ts) and points the manifest link at the
 * user's language. A new build's worker waits; the console says "a new version is ready" and
 * takes it when the user reloads (docs/offline-floor.md).
 */
export function registerWorker() {
  const lang = localStorage.getItem('language') === 'en-US' ? 'en-US' : 'zh-CN';
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${lang}.webmanifest`);
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => void import('./newVersionNotice').then((m) => m.announceNewVersion(() => void update(true))),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // Offline, the check fails; the next one asks again.
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}
