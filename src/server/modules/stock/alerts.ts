import { sql, type SQL } from 'drizzle-orm';
import type { StockAlertPush } from '../../../shared/api/notices';
import { enqueueWebhooks } from '../integration/webhookEvents';
import { queryRows, type Db } from '../../db/client';
import { enqueueAlertMails } from '../views/alertMails';

/** A warehouse and material whose stock a posting changed. */
export interface StockPair { warehouseId: number; materialId: number }

/**
 * The pairs the sweep judges: every warehouse and material with stock on hand, an open alert,
 * or a threshold of its own or its dealer's. A brand default applies to the pairs a warehouse
 * carries (stock now or an open alert), not to every material a dealer never stocked.
 */
const SWEEP_PAIRS = sql`
  select warehouse_id, material_id from stock_warehouse_material_on_hand where qty <> 0
  union select warehouse_id, material_id from stock_alerts where cleared_at is null
  union select warehouse_id, material_id from stock_thresholds where warehouse_id is not null and material_id is not null
  union select w.id, t.material_id from stock_thresholds t join warehouses w on w.dealer_id = t.dealer_id
    where t.warehouse_id is null and t.dealer_id is not null and t.material_id is not null`;

/**
 * The threshold (min_qty, max_qty) that applies to a warehouse's stock of a material: the
 * warehouse's own, else its dealer's, else the brand default; for a LATERAL join.
 */
export const applicableThreshold = (warehouse: SQL, dealer: SQL, material: SQL, brand: SQL) => sql`
  select t.min_qty, t.max_qty from stock_thresholds t
  where (t.warehouse_id = ${warehouse} and t.material_id = ${material})
     or (t.warehouse_id is null and t.dealer_id = ${dealer} and t.material_id = ${material})
     or (t.warehouse_id is null and t.dealer_id is null and t.material_id is null and t.brand_id = ${brand})
  order by (t.warehouse_id is not null) desc, (t.material_id is not null) desc, t.id desc
  limit 1`;

/**
 * Judges pairs against their thresholds, in the caller's transaction: an alert is raised when
 * stock is outside the threshold that applies and no alert is open for the pair, and cleared
 * when stock is back inside (or no threshold applies any more). The open-alert unique index
 * makes a raise idempotent, so a posting and the sweep never raise one crossing twice.
 * Answers the alerts raised; those who chose them by mail at once get one, written in the same transaction.
 */
export async function judgeStock(tx: Db, pairs: StockPair[] | 'all'): Promise<StockAlertPush[]> {
  if (pairs !== 'all' && !pairs.length) return [];
  const source: SQL = pairs === 'all'
    ? SWEEP_PAIRS
    : sql`select * from (values ${sql.join(pairs.map((p) => sql`(${p.warehouseId}::int, ${p.materialId}::int)`), sql`, `)}) v(warehouse_id, material_id)`;
  const judged = sql`
    with pairs as (${source}),
    cur as (
      select p.warehouse_id, p.material_id, w.dealer_id, m.brand_id,
        coalesce((select s.qty from stock_warehouse_material_on_hand s where s.warehouse_id = p.warehouse_id and s.material_id = p.material_id), 0)::int as qty
      from pairs p join warehouses w on w.id = p.warehouse_id join materials m on m.id = p.material_id
    ),
    judged as (
      select c.*, t.min_qty, t.max_qty,
        case when c.qty < t.min_qty then 'low' when c.qty > t.max_qty then 'high' end as kind,
        case when c.qty < t.min_qty then t.min_qty when c.qty > t.max_qty then t.max_qty end as threshold
      from cur c left join lateral (${applicableThreshold(sql`c.warehouse_id`, sql`c.dealer_id`, sql`c.material_id`, sql`c.brand_id`)}) t on true
    )`;
  // Cleared first: a pair that jumped from below its minimum to above its maximum closes one alert and opens the other.
  const cleared = await queryRows<{ id: number; dealerId: number | null; warehouseId: number; materialId: number }>(tx, sql`${judged}
    update stock_alerts a set cleared_at = now(), cleared_qty = j.qty
    from judged j
    where a.cleared_at is null and a.warehouse_id = j.warehouse_id and a.material_id = j.material_id and a.kind is distinct from j.kind
    returning a.id, a.dealer_id as "dealerId", a.warehouse_id as "warehouseId", a.material_id as "materialId"`);
  const raised = await queryRows<StockAlertPush>(tx, sql`${judged},
    raised as (
      insert into stock_alerts (dealer_id, warehouse_id, material_id, kind, threshold, qty)
      select j.dealer_id, j.warehouse_id, j.material_id, j.kind, j.threshold, j.qty from judged j where j.kind is not null
      on conflict (warehouse_id, material_id) where cleared_at is null do nothing
      returning id, dealer_id, warehouse_id, material_id, kind, threshold, qty
    )
    select r.id, r.dealer_id as "dealerId", r.warehouse_id as "warehouseId", w.name as "warehouseName", r.material_id as "materialId",
      m.code as "materialCode", m.name as "materialName", r.kind, r.threshold, r.qty
    from raised r join warehouses w on w.id = r.warehouse_id join materials m on m.id = r.material_id`);
  // Their webhooks, in this transaction; one pair's raise and clear reach an endpoint in the order they happened.
  const subject = (a: { id: number; dealerId: number | null; warehouseId: number; materialId: number }) =>
    ({ dealerId: a.dealerId, ref: `alert:${a.warehouseId}:${a.materialId}`, payload: { alertId: a.id } });
  await enqueueWebhooks(tx, 'stockAlert.cleared', cleared.map(subject));
  await enqueueWebhooks(tx, 'stockAlert.raised', raised.map(subject));
  // Mailed with the raise, once (docs/views-and-subscriptions.md, Stock alerts by mail).
  await enqueueAlertMails(tx, raised);
  return raised;
}

/** The pairs of a posting's moves, once each. */
export function pairsOf(moves: { warehouseId: number; materialId: number }[]): StockPair[] {
  const seen = new Map<string, StockPair>();
  for (const m of moves) seen.set(`${m.warehouseId}|${m.materialId}`, { warehouseId: m.warehouseId, materialId: m.materialId });
  return [...seen.values()];
}
