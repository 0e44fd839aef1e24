import { session } from '../stores/session';
import { earlyCallRegistry, type EarlyCall } from './earlyStart';

export { CURRENT_USER_PATH, DICTIONARIES_PATH, postRaw, startEarlyCalls } from './earlyStart';

/** An early answer not taken by then is dropped: the view asks anew, for fresh data. */
const KEEP_MS = 20_000;
const calls = earlyCallRegistry();

/** Whether the page's first script (index.html) made the early calls; else the entry makes them. */
export const earlyCallsStarted = () => window.__earlyCalls !== undefined && window.__earlyCalls.size > 0;

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
    // A body that is not the envelope (a proxy's page) counts as no early answer: `ask` calls again and the client says why.
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
