-- Channel flow in the daily roll-up (src/shared/analytics/domain.ts `channelFlow`): ship_qty = the
-- -1 moves of ship-effect orders, receive_qty = the +1 moves of receive- and return-effect orders.
-- DOS, turnover and the flow charts read these; balances keep reading in_qty/out_qty.
DROP INDEX "stock_daily_flow_idx";--> statement-breakpoint
ALTER TABLE "stock_daily" ADD COLUMN "ship_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_daily" ADD COLUMN "receive_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the ledger. A row's day is the server's local day when the move was posted
-- (ledger.ts dayOf, Node's TZ), which SQL run by the migrator cannot know (the session's time
-- zone is the database's, not Node's). It needs none: per warehouse and material the rows' days
-- and the moves' times run in the same order, and a row holds in_qty + out_qty moves, so the
-- k-th move by time belongs to the row whose running count of moves first reaches k. This is the
-- day the ledger itself chose, also across a change of TZ. Keys whose moves do not add up to
-- their rows' in + out (a roll-up already wrong) are left at 0; checkStockInvariant names them.
WITH mv AS (
  SELECT m.warehouse_id, m.material_id, m.order_type, m.qty,
    row_number() OVER (PARTITION BY m.warehouse_id, m.material_id ORDER BY m.moved_at, m.id) AS pos
  FROM stock_moves m
), rd AS (
  SELECT d.warehouse_id, d.material_id, d.day,
    sum(d.in_qty + d.out_qty) OVER (PARTITION BY d.warehouse_id, d.material_id ORDER BY d.day) - (d.in_qty + d.out_qty) + 1 AS first_pos
  FROM stock_daily d
), consistent AS (
  SELECT r.warehouse_id, r.material_id FROM (
    SELECT warehouse_id, material_id, sum(in_qty + out_qty) AS n FROM stock_daily GROUP BY 1, 2) r
  JOIN (SELECT warehouse_id, material_id, count(*) AS n FROM stock_moves GROUP BY 1, 2) l USING (warehouse_id, material_id)
  WHERE r.n = l.n
), marks AS (
  SELECT warehouse_id, material_id, first_pos AS pos, 0 AS kind, day, NULL::varchar AS order_type, 0 AS qty FROM rd
  UNION ALL
  SELECT warehouse_id, material_id, pos, 1, NULL::date, order_type, qty FROM mv
), placed AS (
  -- A row's mark sorts before the move at its first position; rows without moves (none are
  -- written) would share a position with the next row and lose to its later day.
  SELECT warehouse_id, material_id, kind, order_type, qty,
    max(day) OVER (PARTITION BY warehouse_id, material_id ORDER BY pos, kind ROWS UNBOUNDED PRECEDING) AS day
  FROM marks
), flow AS (
  -- ORDER_TYPES (src/shared/orders/orderTypes.ts): ship WI LB WL WC XO ZO CO; receive PR PB OX OC ZI; return LR LC CI.
  SELECT p.warehouse_id, p.material_id, p.day,
    count(*) FILTER (WHERE p.qty < 0 AND p.order_type IN ('WI', 'LB', 'WL', 'WC', 'XO', 'ZO', 'CO'))::int AS ship_qty,
    count(*) FILTER (WHERE p.qty > 0 AND p.order_type IN ('PR', 'PB', 'OX', 'OC', 'ZI', 'LR', 'LC', 'CI'))::int AS receive_qty
  FROM placed p JOIN consistent c USING (warehouse_id, material_id)
  WHERE p.kind = 1 AND p.day IS NOT NULL
  GROUP BY 1, 2, 3
)
UPDATE "stock_daily" d SET "ship_qty" = f.ship_qty, "receive_qty" = f.receive_qty
FROM flow f
WHERE d.warehouse_id = f.warehouse_id AND d.material_id = f.material_id AND d.day = f.day AND (f.ship_qty <> 0 OR f.receive_qty <> 0);--> statement-breakpoint
CREATE INDEX "stock_daily_flow_idx" ON "stock_daily" USING btree ("day","dealer_id","warehouse_id","material_id","in_qty","out_qty","ship_qty","receive_qty");
