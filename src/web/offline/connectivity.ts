import { proxy } from 'valtio';
import { API_BASE } from '@shared/api/protocol';

/**
 * Whether the server can be reached (docs/offline-floor.md). It goes offline when the browser
 * says so or a call gets no answer (the network or the server is gone), and back online when
 * the server answers again: a probe of `/health` every few seconds while offline.
 */
export const connectivity = proxy({ online: typeof navigator === 'undefined' ? true : navigator.onLine });

export const PROBE_MS = 3_000;
let probe: ReturnType<typeof setInterval> | undefined;

async function ping() {
  try {
    const res = await fetch(`${API_BASE}/health`, { cache: 'no-store' });
    if (res.ok) markOnline();
  } catch (err) {
    // Still unreachable: the next probe asks again.
    if (!(err instanceof TypeError)) throw err;
  }
}

export function markOffline() {
  connectivity.online = false;
  probe ??= setInterval(() => void ping(), PROBE_MS);
}

export function markOnline() {
  if (probe) clearInterval(probe);
  probe = undefined;
  connectivity.online = true;
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', markOffline);
  // The network is back; the server may not be: ask it.
  window.addEventListener('online', () => void ping());
  if (!connectivity.online) markOffline();
}
