CREATE TABLE "stock_material_on_hand" (
	"material_id" integer NOT NULL,
	"dot_code" varchar(4) NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_material_on_hand_material_id_dot_code_pk" PRIMARY KEY("material_id","dot_code")
);
--> statement-breakpoint
-- The on-hand counters (docs/stock-model.md, "On-hand counters") gain a third: per material and
-- DOT code. Every statement that writes stock_on_hand adds its net change to it too, in the same
-- trigger and transaction; a material's key has no region or brand, so their changes leave it be.
CREATE OR REPLACE FUNCTION "stock_on_hand_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'material_id, dealer_id, warehouse_id, dot_code, location_id <> 0 as located';
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN format('select %s, qty from new_rows', cols)
    WHEN 'UPDATE' THEN format('select %s, qty from new_rows union all select %s, -qty as qty from old_rows', cols, cols)
    ELSE format('select %s, -qty as qty from old_rows', cols) END;
  PERFORM pg_advisory_xact_lock_shared(7310201);
  EXECUTE format($sql$
    with d as (%s),
    channel as (
      insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
      select m.brand_id, coalesce(r.region_id, 0), d.dot_code, d.located, sum(d.qty)
      from d join materials m on m.id = d.material_id left join dealers r on r.id = d.dealer_id
      group by 1, 2, 3, 4 having sum(d.qty) <> 0 order by 1, 2, 3, 4
      on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty + excluded.qty
      returning 1),
    warehouse as (
      insert into stock_warehouse_on_hand as w (warehouse_id, qty)
      select d.warehouse_id, sum(d.qty) from d group by 1 having sum(d.qty) <> 0 order by 1
      on conflict (warehouse_id) do update set qty = w.qty + excluded.qty
      returning 1)
    insert into stock_material_on_hand as t (material_id, dot_code, qty)
    select d.material_id, d.dot_code, sum(d.qty) from d group by 1, 2 having sum(d.qty) <> 0 order by 1, 2
    on conflict (material_id, dot_code) do update set qty = t.qty + excluded.qty$sql$, source);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The stock already on hand.
INSERT INTO "stock_material_on_hand" (material_id, dot_code, qty)
SELECT material_id, dot_code, sum(qty) FROM "stock_on_hand" GROUP BY 1, 2 HAVING sum(qty) <> 0;
