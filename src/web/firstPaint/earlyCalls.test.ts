import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session, TOKEN_COOKIE } from '../stores/session';
import { CURRENT_USER_PATH, DICTIONARIES_PATH, earlyCallsStarted, earlyData, startEarlyCalls, takeEarly, takeEarlyBody } from './earlyCalls';

const answer = (data: unknown, code = 200) => new Response(JSON.stringify({ code, msg: '', data }), { status: code, headers: { 'x-dict-version': '7' } });

describe('the calls the entry starts for a signed-in first view', () => {
  let fetched: string[];
  beforeEach(() => {
    fetched = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      fetched.push(url.replace(/\?.*/, ''));
      return answer({ url });
    }));
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    session.token = 'tok-1';
    session.dictVersion = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Cookies.remove(TOKEN_COOKIE);
    window.location.hash = '';
    // Whatever a test left untaken.
    for (const path of [CURRENT_USER_PATH, DICTIONARIES_PATH, '/analysis/dashboard/home/batch']) takeEarly(path, 'tok-1');
  });

  it('asks for the user, the dictionaries and, on home, its dashboard batch; each answer is taken once', async () => {
    window.location.hash = '#/home';
    startEarlyCalls();
    expect(fetched).toEqual(['/fms/api/v1/sys/user/getCurrentUserInfo', '/fms/api/v1/system/dict/data/groupByType', '/fms/api/v1/analysis/dashboard/home/batch']);
    const ask = vi.fn(async () => 'asked');
    expect(await earlyData(CURRENT_USER_PATH, ask)).toEqual({ url: '/fms/api/v1/sys/user/getCurrentUserInfo?lang=zh-CN' });
    expect(ask).not.toHaveBeenCalled();
    expect(session.dictVersion).toBe('7');
    // Taken once: the next asks itself.
    expect(await earlyData(CURRENT_USER_PATH, ask)).toBe('asked');
    expect(takeEarly('/analysis/dashboard/home/batch', 'tok-1')).toBeInstanceOf(Promise);
    expect(takeEarly('/analysis/dashboard/home/batch', 'tok-1')).toBeUndefined();
  });

  it('asks nothing without a token, and no batch for another view', () => {
    Cookies.remove(TOKEN_COOKIE);
    startEarlyCalls();
    expect(fetched).toEqual([]);
    Cookies.set(TOKEN_COOKIE, 'tok-1');
    window.location.hash = '#/orderManage/PRorder';
    startEarlyCalls();
    expect(fetched).toEqual(['/fms/api/v1/sys/user/getCurrentUserInfo', '/fms/api/v1/system/dict/data/groupByType']);
  });

  it('an answer asked with another token, or refused, is not used: the client asks and says why', async () => {
    startEarlyCalls();
    session.token = 'tok-2';
    const ask = vi.fn(async () => 'asked');
    expect(await earlyData(CURRENT_USER_PATH, ask)).toBe('asked');
    session.token = 'tok-1';
    vi.stubGlobal('fetch', vi.fn(async () => answer(null, 401)));
    startEarlyCalls();
    expect(await earlyData(DICTIONARIES_PATH, ask)).toBe('asked');
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('hands a view the body of an answer that is in full, once, for its first render; nothing before, nor of a refusal', async () => {
    window.location.hash = '#/home';
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.includes('/batch')) await arrived;
      return url.includes('groupByType') ? answer(null, 401) : answer({ url: url.replace(/\?.*/, '') });
    }));
    startEarlyCalls();
    const batch = '/analysis/dashboard/home/batch';
    expect(takeEarlyBody(batch, 'tok-1')).toBeUndefined(); // still on its way
    arrive();
    await takeEarly(CURRENT_USER_PATH, 'tok-1'); // lets the answers settle
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeEarlyBody(batch, 'tok-2')).toBeUndefined(); // asked with another token
    expect(JSON.parse(takeEarlyBody(batch, 'tok-1')!).data).toEqual({ url: '/fms/api/v1/analysis/dashboard/home/batch' });
    expect(takeEarlyBody(batch, 'tok-1')).toBeUndefined();
    expect(takeEarly(batch, 'tok-1')).toBeUndefined();
    expect(takeEarlyBody(DICTIONARIES_PATH, 'tok-1')).toBeUndefined(); // refused: left to the client, which says why
    expect((await takeEarly(DICTIONARIES_PATH, 'tok-1'))?.status).toBe(401);
  });

  it('the calls index.html\'s first script made are the ones the entry takes: it asks nothing again', async () => {
    window.location.hash = '#/home';
    expect(earlyCallsStarted()).toBe(false);
    // What the inlined script (earlyInline.ts) runs, before the entry's modules load.
    await import('./earlyInline');
    expect(fetched).toHaveLength(3);
    expect(earlyCallsStarted()).toBe(true);
    // The entry (main.tsx) starts calls only where none were started.
    if (!earlyCallsStarted()) startEarlyCalls();
    expect(fetched).toHaveLength(3);
    const ask = vi.fn(async () => 'asked');
    expect(await earlyData(CURRENT_USER_PATH, ask)).toEqual({ url: '/fms/api/v1/sys/user/getCurrentUserInfo?lang=zh-CN' });
    expect(ask).not.toHaveBeenCalled();
  });

  it('reads the token as js-cookie does; a cookie it cannot decode (another site\'s) means no calls, not a page that fails to start', () => {
    Cookies.remove(TOKEN_COOKIE);
    document.cookie = `${TOKEN_COOKIE}=%E0%A4%A; path=/`;
    expect(() => startEarlyCalls()).not.toThrow();
    expect(fetched).toEqual([]);
    document.cookie = `${TOKEN_COOKIE}="tok-1"; path=/`;
    startEarlyCalls();
    expect(fetched).toHaveLength(3);
    // Asked with the token the quotes held.
    expect(takeEarly(CURRENT_USER_PATH, 'tok-1')).toBeInstanceOf(Promise);
    document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
