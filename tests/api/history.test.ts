import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { dayOf } from '../../src/server/modules/stock/ledger';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { startTestServer, type TestServer } from './server';

describe('demo stock history', () => {
  let server: TestServer;
  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(server.services.db, q);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.stop());

  it('leaves the ledger, barcodes, on hand and daily roll-up consistent', async () => {
    expect(await checkStockInvariant(server.services.db)).toEqual([]);
  });

  it('covers about half a year of days, all before today, beside today\'s demo orders', async () => {
    const today = dayOf(new Date());
    const [h] = await rows<{ days: number }>(sql`select count(distinct day)::int as days from stock_daily where day < ${today}`);
    expect(h.days).toBeGreaterThanOrEqual(150);
    const [late] = await rows<{ n: number }>(sql`
      select count(*)::int as n from stock_moves m join orders o on o.id = m.order_id
      where m.barcode like 'H%' and (m.moved_at >= ${new Date(new Date().setHours(0, 0, 0, 0)).toISOString()} or o.created_at > m.moved_at)`);
    expect(late.n).toBe(0);
    const [kinds] = await rows<{ history: number; today: number }>(sql`
      select count(*) filter (where code like 'H%')::int as history, count(*) filter (where code like 'T26%')::int as today from barcodes`);
    expect(kinds.history).toBeGreaterThan(1000);
    expect(kinds.today).toBeGreaterThan(0);
  });

  it('opens every daily row at the latest earlier closing of its warehouse and material, today\'s rows included', async () => {
    const broken = await rows(sql`
      select * from (select day, opening, lag(closing) over (partition by warehouse_id, material_id order by day) as prev from stock_daily) x
      where opening <> coalesce(prev, 0)`);
    expect(broken).toEqual([]);
    const [chained] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (select day, opening, lag(day) over (partition by warehouse_id, material_id order by day) as prev_day from stock_daily) x
      where day = ${dayOf(new Date())} and prev_day is not null and opening > 0`);
    expect(chained.n).toBeGreaterThan(0);
  });

  it('has every order type\'s effect and DOT codes at the year edges', async () => {
    const types = (await rows<{ t: string }>(sql`select distinct order_type as t from orders`)).map((r) => r.t);
    expect(types).toEqual(expect.arrayContaining(['PR', 'PB', 'WL', 'WC', 'LR', 'TR', 'IV', 'DO']));
    const weeks = (await rows<{ w: string }>(sql`select distinct left(dot_code, 2) as w from barcodes where code like 'H%'`)).map((r) => r.w);
    expect(weeks).toEqual(expect.arrayContaining(['01', '52', '53']));
    const [pending] = await rows<{ n: number }>(sql`select count(*)::int as n from barcodes where code like 'H%' and status = 'pending'`);
    expect(pending.n).toBeGreaterThan(0);
  });
});
