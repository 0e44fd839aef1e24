import { dashboardBatchPath } from '@shared/analytics/paths';
import { API_BASE } from '@shared/api/protocol';
import { storedLanguage } from '../i18n';
import { getToken, session } from '../stores/session';
import { HOME_PATH } from './constantRoutes';

export const CURRENT_USER_PATH = '/sys/user/getCurrentUserInfo';
export const DICTIONARIES_PATH = '/system/dict/data/groupByType';
/** An early answer not taken by then is dropped: the view asks anew, for fresh data. */
const KEEP_MS = 20_000;

interface EarlyCall {
  token: string;
  started: number;
  answer: Promise<Response | null>;
  /** A 2xx answer's body, once read in full: what renders first can take it without waiting a tick. */
  body?: string;
}
const calls = new Map<string, EarlyCall>();

/**
 * The calls a signed-in first view makes, started by the entry as it runs, before any of the
 * signed-in code has loaded (issue 14): the user and the dictionaries, and home's dashboard batch
 * when home is the view. Made later by that code, they waited for its chunks, then queued behind
 * them on the browser's six connections; home's first chart waited on all of it. Each answer is
 * taken once, by the code that would have asked (`takeEarly`), with the token it was asked with.
 */
export function startEarlyCalls(): void {
  const token = getToken();
  if (!token) return;
  const view = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  const paths = [CURRENT_USER_PATH, DICTIONARIES_PATH];
  if (view === '/' || view === HOME_PATH) paths.push(dashboardBatchPath('home'));
  for (const path of paths) {
    const call: EarlyCall = { token, started: Date.now(), answer: Promise.resolve(null) };
    // Each answer is read in full as it arrives, while the code that takes it is still loading.
    call.answer = postRaw(path, {}, token).then(async (res) => {
      if (!res.ok) return res;
      call.body = await res.text();
      return new Response(call.body, { status: res.status, statusText: res.statusText, headers: res.headers });
    }).catch(() => null);
    calls.set(path, call);
  }
}

/**
 * A POST as the client sends it (language, token), answered as the raw response: for what reads
 * the answer itself (an NDJSON stream) or must not go through the client's error handling yet.
 */
export function postRaw(path: string, body: unknown, token = getToken()): Promise<Response> {
  const lang = storedLanguage();
  return fetch(`${API_BASE}${path}?lang=${lang}`, {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'accept-language': lang, ...(token ? { token } : {}) },
  });
}

const usable = (call: EarlyCall | undefined, token: string | undefined): call is EarlyCall =>
  !!call && call.token === token && Date.now() - call.started < KEEP_MS;

/** The answer to the early call of `path`, once, if it was asked with `token` lately; undefined otherwise. */
export function takeEarly(path: string, token: string | undefined): Promise<Response | null> | undefined {
  const call = calls.get(path);
  calls.delete(path);
  return usable(call, token) ? call.answer : undefined;
}

/**
 * The body of the early call of `path`, once, if its 2xx answer has come in full by now (asked
 * with `token` lately): for a view to render with it at its first render. Otherwise undefined,
 * and the call is left for `takeEarly`.
 */
export function takeEarlyBody(path: string, token: string | undefined): string | undefined {
  const call = calls.get(path);
  if (!usable(call, token) || call.body === undefined) return undefined;
  calls.delete(path);
  return call.body;
}

/**
 * An early call's data, or what `ask` answers when there was none or it failed in any way (a lost
 * session, a refusal): the client then asks again and says why, as it would have.
 */
export async function earlyData<T>(path: string, ask: () => Promise<T>): Promise<T> {
  const res = await takeEarly(path, session.token);
  if (res?.ok) {
    const body = (await res.json().catch(() => null)) as { code: number; data: T } | null;
    if (body?.code === 200) {
      // As the client's answers do (api/http.ts): the dictionaries' version, for the next change to be seen.
      const version = res.headers.get('x-dict-version');
      if (version && !session.dictVersion) session.dictVersion = version;
      return body.data;
    }
  }
  return ask();
}
