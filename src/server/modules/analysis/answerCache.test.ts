import { describe, expect, it } from 'vitest';
import { createAnswerCache, type AnswerKey } from './answerCache';

const all = { dealerIds: null, warehouseIds: null };
const dealer1 = { dealerIds: [1], warehouseIds: [11, 12] };
const dealer2 = { dealerIds: [2], warehouseIds: [21] };
const key = (scope: AnswerKey['scope'], more: Partial<AnswerKey> = {}): AnswerKey =>
  ({ queryId: 'stock.onHand', filters: {}, scope, dealerId: scope.dealerIds?.[0] ?? null, lang: 'en-US', ...more });

describe('dashboard answer cache', () => {
  it('hands an identical call the answer of the last few seconds, or the run still going, and runs again after', async () => {
    let clock = 0;
    let runs = 0;
    const cache = createAnswerCache<number>({ ttlMs: 5000, now: () => clock });
    const run = async () => ++runs;
    const [a, b] = await Promise.all([cache.answer(key(all), run), cache.answer(key(all), run)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    clock = 4999;
    expect(await cache.answer(key(all), run)).toBe(1);
    clock = 5000;
    expect(await cache.answer(key(all), run)).toBe(2);
  });

  it('never hands one data scope, language or filter the answer of another', async () => {
    const cache = createAnswerCache<string>({ now: () => 0 });
    const calls: string[] = [];
    const runFor = (who: string) => async () => { calls.push(who); return who; };
    expect(await cache.answer(key(dealer1), runFor('dealer1'))).toBe('dealer1');
    expect(await cache.answer(key(dealer2), runFor('dealer2'))).toBe('dealer2');
    expect(await cache.answer(key(all), runFor('all'))).toBe('all');
    expect(await cache.answer(key(dealer1, { lang: 'zh-CN' }), runFor('dealer1 zh'))).toBe('dealer1 zh');
    expect(await cache.answer(key(dealer1, { filters: { dimension: 'week' } }), runFor('dealer1 week'))).toBe('dealer1 week');
    // Staff narrowed to dealer 1's warehouses are not dealer 1's own user.
    expect(await cache.answer(key(dealer1, { dealerId: null }), runFor('staff of dealer1'))).toBe('staff of dealer1');
    expect(await cache.answer(key(dealer1), runFor('again'))).toBe('dealer1');
    expect(calls).toEqual(['dealer1', 'dealer2', 'all', 'dealer1 zh', 'dealer1 week', 'staff of dealer1']);
  });

  it('drops the answers a stock change may alter: unrestricted ones and those of its warehouses or dealer', async () => {
    const cache = createAnswerCache<number>({ now: () => 0 });
    let n = 0;
    const run = async () => ++n;
    for (const scope of [all, dealer1, dealer2]) await cache.answer(key(scope), run);
    cache.stockChanged({ warehouseIds: [12], dealerId: null });
    expect(await cache.answer(key(dealer2), run)).toBe(3);
    expect(await cache.answer(key(dealer1), run)).toBe(4);
    expect(await cache.answer(key(all), run)).toBe(5);
    // A delivery from a central warehouse to dealer 2 alters dealer 2's answers by its dealer.
    cache.stockChanged({ warehouseIds: [99], dealerId: 2 });
    expect(await cache.answer(key(dealer1), run)).toBe(4);
    expect(await cache.answer(key(dealer2), run)).toBe(6);
  });

  it('keeps no failed answer', async () => {
    const cache = createAnswerCache<string>({ now: () => 0 });
    await expect(cache.answer(key(all), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.answer(key(all), async () => 'fine')).toBe('fine');
  });
});
