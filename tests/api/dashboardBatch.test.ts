import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchLine, QueryAnswer } from '../../src/shared/analytics/filters';
import { DASHBOARDS } from '../../src/server/modules/analysis/dashboards';
import { DASHBOARD_QUERIES } from '../../src/server/modules/analysis/queries';
import type { AnalyticsCtx } from '../../src/server/modules/analysis/registry';
import { stockMemo, type StockMemo } from '../../src/server/modules/analysis/queries/balances';
import type { Db } from '../../src/server/db/client';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let dealer1: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, dealer1] = [await server.login('admin'), await server.login('dealer1')];
});
afterAll(async () => { await server?.stop(); });

/** A dashboard's batch: its NDJSON lines, in the order they came. */
async function batch(id: string, token: string, body: Record<string, unknown> = {}) {
  const res = await fetch(`${server.url}/fms/api/v1/analysis/dashboard/${id}/batch`, {
    method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), lines: text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as BatchLine) };
}
const one = async (query: string, token: string, body: Record<string, unknown>) =>
  (await server.call<QueryAnswer>(`/analysis/query/${query}`, { token, body })).body.data;

describe('dashboard batch', () => {
  it('answers every panel of home in one call, each line what the panel\'s own call answers, within the caller\'s scope', async () => {
    const home = DASHBOARDS.find((d) => d.id === 'home')!;
    for (const token of [admin, dealer1]) {
      const { status, type, lines } = await batch('home', token);
      expect(status).toBe(200);
      expect(type).toMatch(/application\/x-ndjson/);
      expect(lines.map((l) => l.panel).sort()).toEqual(home.panels.map((p) => p.id).sort());
      for (const panel of home.panels) {
        const line = lines.find((l) => l.panel === panel.id)!;
        expect('answer' in line, JSON.stringify(line)).toBe(true);
        if (!('answer' in line)) continue;
        expect(line.answer.rows, panel.id).toEqual((await one(panel.query, token, { ...panel.params })).rows);
      }
    }
    // The dealer's figures are its own: on hand differs from the whole channel's.
    const [all, own] = [await batch('home', admin), await batch('home', dealer1)];
    const onHand = (b: typeof all) => (b.lines.find((l) => l.panel === 'onHand') as { answer: QueryAnswer }).answer.rows[0].value;
    expect(onHand(own)).toBeLessThan(Number(onHand(all)));
  });

  it('takes the filters, and keeps a dashboard to those who may see it', async () => {
    const d1 = (await server.call<{ dealerId: number }>('/sys/user/getCurrentUserInfo', { token: dealer1, body: {} })).body.data;
    const filtered = await batch('home', admin, { dimension: 'week' });
    const trend = filtered.lines.find((l) => l.panel === 'trend') as { answer: QueryAnswer };
    expect(trend.answer.rows.every((r) => /W\d{2}$/.test(String(r.period)))).toBe(true);
    expect(d1).toBeDefined();
    expect((await batch('stock', dealer1)).status).toBe(403);
    expect((await batch('home', 'no-such-token')).status).toBe(401);
  });

  it('reads the stock book once for the four panels that need it', async () => {
    let statements = 0;
    const db = server.services.db;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') return (...args: Parameters<Db['execute']>) => { statements++; return target.execute(...args); };
        return Reflect.get(target, prop, receiver);
      },
    });
    const ctx = (memo?: StockMemo): AnalyticsCtx => ({
      db: counting, user: { id: 1, userName: 'admin', dealerId: null } as AnalyticsCtx['user'], lang: 'en-US', now: new Date(),
      scope: { dealerIds: null, warehouseIds: null }, memo,
    });
    const stock = ['stock.onHand', 'stock.trend', 'stock.dos', 'stock.turnover'].map((id) => DASHBOARD_QUERIES.find((q) => q.id === id)!);
    const alone = await Promise.all(stock.map((q) => q.run(ctx(), { dimension: 'day' })));
    const separately = statements;
    statements = 0;
    const shared = stockMemo();
    const together = await Promise.all(stock.map((q) => q.run(ctx(shared), { dimension: 'day' })));
    expect(together).toEqual(alone);
    // The demo channel has rolled days (docs/stock-model.md): alone, each reads the last rolled day, on hand, the last
    // rolled day again and its flows (16 statements); together, the last rolled day, on hand and the earliest day's flows, once each.
    expect(separately).toBe(16);
    expect(statements).toBe(3);
  });
});
