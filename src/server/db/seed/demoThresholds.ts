import { sql } from 'drizzle-orm';
import { judgeStock } from '../../modules/stock/alerts';
import { queryRows, type Db } from '../client';
import { stockThresholds } from '../schema';

/**
 * Demo stock thresholds, so Monitoring › Stock alerts, the inventory monitor and the home
 * panel have something to show on a first start: in each of the first three dealers' main
 * warehouses, its three most stocked materials get a band around their stock (within), and
 * its two least stocked a minimum above it (below: alerts). Judged at once, as a posting would.
 */
export async function seedDemoThresholds(tx: Db): Promise<void> {
  const stocked = await queryRows<{ warehouseId: number; dealerId: number; materialId: number; qty: number; rank: number; fromEnd: number }>(tx, sql`
    select * from (
      select h.warehouse_id as "warehouseId", d.id as "dealerId", h.material_id as "materialId", sum(h.qty)::int as qty,
        row_number() over (partition by h.warehouse_id order by sum(h.qty) desc, h.material_id)::int as rank,
        row_number() over (partition by h.warehouse_id order by sum(h.qty), h.material_id)::int as "fromEnd"
      from stock_on_hand h join dealers d on d.default_warehouse_id = h.warehouse_id
      where d.id in (select id from dealers order by id limit 3)
      group by h.warehouse_id, d.id, h.material_id
    ) s where rank <= 3 or "fromEnd" <= 2`);
  const rows = stocked.map((s) => (s.rank <= 3
    ? { warehouseId: s.warehouseId, dealerId: s.dealerId, materialId: s.materialId, minQty: Math.max(1, Math.floor(s.qty / 2)), maxQty: s.qty * 3, remark: 'demo' }
    : { warehouseId: s.warehouseId, dealerId: s.dealerId, materialId: s.materialId, minQty: s.qty + 5, maxQty: null, remark: 'demo' }));
  if (!rows.length) return;
  await tx.insert(stockThresholds).values(rows);
  await judgeStock(tx, rows.map((r) => ({ warehouseId: r.warehouseId, materialId: r.materialId })));
}
