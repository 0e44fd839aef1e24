import type { CurrentUserInfo, DictGroups } from '@shared/api/session';
import { isRecord } from '@shared/must';

/**
 * The signed-in user's menu, buttons and dictionaries as the server last answered them, kept
 * on the device so the console opens offline (docs/offline-floor.md): used only when the server
 * does not answer, and only for the session (token) it was answered to. The token is not kept:
 * a hash of it names the copy.
 */
const KEY = 'offline.session';

function tokenHash(token: string): string {
  // FNV-1a: enough to tell sessions apart; the copy holds nothing the device's user cannot see.
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}

export function holdSession(token: string, user: CurrentUserInfo, dict: DictGroups) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token: tokenHash(token), user, dict }));
  } catch (err) {
    // Storage full or refused: the console still works online; it only cannot open offline.
    if (!(err instanceof DOMException)) throw err;
  }
}

interface Held { token: string; user: CurrentUserInfo; dict: DictGroups }

/** What this module wrote (the console's own copy; another version's shape is not used). */
const isHeld = (value: unknown): value is Held =>
  isRecord(value) && typeof value.token === 'string' && isRecord(value.user) && Array.isArray(value.user.menuTree) && isRecord(value.dict);

export function heldSession(token: string): [CurrentUserInfo, DictGroups] | null {
  const raw = localStorage.getItem(KEY);
  const held: unknown = raw ? JSON.parse(raw) : null;
  return isHeld(held) && held.token === tokenHash(token) ? [held.user, held.dict] : null;
}

export const forgetSession = () => localStorage.removeItem(KEY);
