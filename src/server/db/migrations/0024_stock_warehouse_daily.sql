CREATE TABLE "stock_warehouse_daily" (
	"day" date NOT NULL,
	"dealer_id" integer DEFAULT 0 NOT NULL,
	"warehouse_id" integer NOT NULL,
	"opening" integer NOT NULL,
	"in_qty" integer DEFAULT 0 NOT NULL,
	"out_qty" integer DEFAULT 0 NOT NULL,
	"ship_qty" integer DEFAULT 0 NOT NULL,
	"receive_qty" integer DEFAULT 0 NOT NULL,
	"closing" integer NOT NULL,
	CONSTRAINT "stock_warehouse_daily_warehouse_id_day_pk" PRIMARY KEY("warehouse_id","day")
);
--> statement-breakpoint
-- Backfill from stock_daily: per warehouse and day the sums of its rows. A key's daily rows open at
-- its previous closing, so the warehouse's stock at the end of a day is the openings of its keys'
-- first rows so far plus every net flow so far.
INSERT INTO "stock_warehouse_daily" ("day", "dealer_id", "warehouse_id", "opening", "in_qty", "out_qty", "ship_qty", "receive_qty", "closing")
SELECT g.day, g.dealer_id, g.warehouse_id, g.closing - g.in_qty + g.out_qty, g.in_qty, g.out_qty, g.ship_qty, g.receive_qty, g.closing
FROM (
  SELECT d.day, d.dealer_id, d.warehouse_id, d.in_qty, d.out_qty, d.ship_qty, d.receive_qty,
    (sum(d.first_opening + d.in_qty - d.out_qty) OVER (PARTITION BY d.warehouse_id ORDER BY d.day))::int AS closing
  FROM (
    SELECT s.day, min(s.dealer_id) AS dealer_id, s.warehouse_id, sum(s.in_qty)::int AS in_qty, sum(s.out_qty)::int AS out_qty,
      sum(s.ship_qty)::int AS ship_qty, sum(s.receive_qty)::int AS receive_qty,
      sum(CASE WHEN s.first THEN s.opening ELSE 0 END)::int AS first_opening
    FROM (
      SELECT *, row_number() OVER (PARTITION BY warehouse_id, material_id ORDER BY day) = 1 AS first FROM "stock_daily"
    ) s
    GROUP BY s.warehouse_id, s.day
  ) d
) g;--> statement-breakpoint
CREATE INDEX "stock_warehouse_daily_flow_idx" ON "stock_warehouse_daily" USING btree ("day","dealer_id","warehouse_id","in_qty","out_qty","ship_qty","receive_qty");--> statement-breakpoint
-- Statistics at once: the dashboards' first reads of a large table would otherwise be planned blind.
ANALYZE "stock_warehouse_daily";
