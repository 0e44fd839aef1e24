import { dashboardBatchPath } from '@shared/analytics/paths';
import { API_BASE } from '@shared/api/protocol';
import { storedLanguage } from '../i18n/stored';
import { tokenFromCookie } from '../stores/tokenCookie';
import { preloadModules } from './earlyModules';
import { isHomePath } from '../app/homePath';
import { hashPath } from '../app/openPaths';

export const CURRENT_USER_PATH = '/sys/user/getCurrentUserInfo';
export const DICTIONARIES_PATH = '/system/dict/data/groupByType';

export interface EarlyCall {
  token: string;
  started: number;
  answer: Promise<Response | null>;
  /** A 2xx answer's body, once read in full: what renders first can take it without waiting a tick. */
  body?: string;
}

declare global {
  interface Window {
    /** The early calls by path, made by the page's first script (index.html) or else by the entry. */
    __earlyCalls?: Map<string, EarlyCall>;
  }
}

/** The early calls made so far, by path. */
export const earlyCallRegistry = (): Map<string, EarlyCall> => (window.__earlyCalls ??= new Map());

/**
 * A POST as the client sends it (language, token), answered as the raw response: for what reads
 * the answer itself (an NDJSON stream) or must not go through the client's error handling yet.
 */
export function postRaw(path: string, body: unknown, token = tokenFromCookie()): Promise<Response> {
  const lang = storedLanguage();
  return fetch(`${API_BASE}${path}?lang=${lang}`, {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'accept-language': lang, ...(token ? { token } : {}) },
  });
}

/**
 * The calls a signed-in first view makes: the user and the dictionaries, and home's
 * dashboard batch when home is the view. Started by a script inlined in index.html
 * (build/earlyCalls.ts) while the parser reads the page, before any of the console's code has
 * loaded: made by the entry instead, they went out only after React, i18next and the login page
 * were fetched and run, some 400 to 600 ms later. Each answer is read in full as it arrives, and
 * taken once, by the code that would have asked (earlyCalls.ts), with the token it was asked with.
 * On home, `homeModules` (home's chunks and styles, which the first script knows) are fetched too.
 */
export function startEarlyCalls(homeModules: readonly string[] = []): void {
  const token = tokenFromCookie();
  if (!token) return;
  const view = hashPath(window.location.hash);
  const paths = [CURRENT_USER_PATH, DICTIONARIES_PATH];
  if (isHomePath(view)) {
    paths.push(dashboardBatchPath('home'));
    preloadModules(homeModules);
  }
  const calls = earlyCallRegistry();
  for (const path of paths) {
    const call: EarlyCall = { token, started: Date.now(), answer: Promise.resolve(null) };
    call.answer = postRaw(path, {}, token).then(async (res) => {
      if (!res.ok) return res;
      call.body = await res.text();
      return new Response(call.body, { status: res.status, statusText: res.statusText, headers: res.headers });
      // A call that could not be made (offline, refused) leaves no early answer: the console makes it again and shows its failure.
    }).catch(() => null);
    calls.set(path, call);
  }
}
