import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { dayOf } from '../../src/server/modules/stock/ledger';
import { checkStockInvariant } from '../../src/server/modules/stock/invariant';
import { startTestServer, type TestServer } from './server';

describe('demo stock history', () => {
  let server: TestServer;
  const rows = <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(server.services.db, q);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.stop());

  it('leaves the ledger, barcodes, on hand and daily roll-up consistent', async () => {
    expect(await checkStockInvariant(server.services.db)).toEqual([]);
  });

  it('covers about half a year of days, all before today, beside the demo deliveries waiting to be received', async () => {
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

  it('opens every daily row at the latest earlier closing of its warehouse and material, and an order posted today chains onto the history', async () => {
    const broken = () => rows(sql`
      select * from (select day, opening, lag(closing) over (partition by warehouse_id, material_id order by day) as prev from stock_daily) x
      where opening <> coalesce(prev, 0)`);
    expect(await broken()).toEqual([]);
    // A tyre of the history, in stock where at least one more of its material stays.
    const [tyre] = await rows<{ code: string; warehouseId: number; materialId: number; closing: number }>(sql`
      select b.code, b.warehouse_id as "warehouseId", b.material_id as "materialId", last.closing from barcodes b
      cross join lateral (select d.closing from stock_daily d where d.warehouse_id = b.warehouse_id and d.material_id = b.material_id order by d.day desc limit 1) last
      where b.code like 'H%' and b.status = 'in' and last.closing >= 2 order by b.code limit 1`);
    const admin = await server.login('admin');
    const call = async <T>(path: string, body: unknown) => {
      const res = await server.call<T>(`/orderManage/WLorder/${path}`, { token: admin, body });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data;
    };
    const { id } = await call<{ id: number }>('save', { orderType: 'WL', warehouseId: tyre.warehouseId, lines: [{ materialId: tyre.materialId, plannedQty: 1 }] });
    await call('scan', { orderId: id, barcode: tyre.code });
    await call('complete', { id });
    const [today] = await rows<{ opening: number; outQty: number; closing: number }>(sql`
      select opening, out_qty as "outQty", closing from stock_daily where warehouse_id = ${tyre.warehouseId} and material_id = ${tyre.materialId} and day = ${dayOf(new Date())}`);
    expect(today).toEqual({ opening: tyre.closing, outQty: 1, closing: tyre.closing - 1 });
    expect(await broken()).toEqual([]);
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
