import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session, TOKEN_COOKIE } from '../stores/session';
import { CURRENT_USER_PATH, DICTIONARIES_PATH, earlyData, startEarlyCalls, takeEarly } from './earlyCalls';

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
});
