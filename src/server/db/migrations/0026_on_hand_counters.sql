CREATE TABLE "stock_channel_on_hand" (
	"brand_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"dot_code" varchar(4) NOT NULL,
	"located" boolean NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_channel_on_hand_brand_id_region_id_dot_code_located_pk" PRIMARY KEY("brand_id","region_id","dot_code","located")
);
--> statement-breakpoint
CREATE TABLE "stock_warehouse_on_hand" (
	"warehouse_id" integer PRIMARY KEY NOT NULL,
	"qty" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stock_warehouse_on_hand_qty_idx" ON "stock_warehouse_on_hand" USING btree ("qty" DESC NULLS LAST,"warehouse_id");--> statement-breakpoint
-- The on-hand counters (docs/stock-model.md, "On-hand counters"): every statement that writes
-- stock_on_hand adds its net change to stock_channel_on_hand (brand, the dealer's region, DOT,
-- located) and stock_warehouse_on_hand, in its own transaction. A change of a dealer's region or
-- a material's brand moves that dealer's or material's stock between the keys. Advisory lock
-- 7310201 orders the two: writers hold it shared, a key change alone, so no writer adds under a
-- region or brand that a concurrent change is taking away. Rows are upserted in key order, and a
-- posting takes every row it will change first (lock_stock_counters, migration 0029), so two
-- writers queue rather than deadlock.
CREATE FUNCTION "stock_on_hand_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      returning 1)
    insert into stock_warehouse_on_hand as w (warehouse_id, qty)
    select d.warehouse_id, sum(d.qty) from d group by 1 having sum(d.qty) <> 0 order by 1
    on conflict (warehouse_id) do update set qty = w.qty + excluded.qty$sql$, source);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_on_hand_counters_insert" AFTER INSERT ON "stock_on_hand" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_on_hand_counters"();
--> statement-breakpoint
CREATE TRIGGER "stock_on_hand_counters_update" AFTER UPDATE ON "stock_on_hand" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_on_hand_counters"();
--> statement-breakpoint
CREATE TRIGGER "stock_on_hand_counters_delete" AFTER DELETE ON "stock_on_hand" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_on_hand_counters"();
--> statement-breakpoint
-- A dealer's new region or a material's new brand: its stock leaves the old keys for the new ones,
-- as one statement over every row the update changed (a catalogue import that changes many brands
-- reads on hand once, not once per material).
CREATE FUNCTION "stock_on_hand_dealer_regions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (select 1 from old_rows o join new_rows n on n.id = o.id where o.region_id is distinct from n.region_id) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(7310201);
  insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
  select m.brand_id, v.region_id, s.dot_code, s.location_id <> 0, sum(v.sign * s.qty)
  from old_rows o join new_rows n on n.id = o.id
    cross join lateral (values (coalesce(o.region_id, 0), -1), (coalesce(n.region_id, 0), 1)) v(region_id, sign)
    join stock_on_hand s on s.dealer_id = n.id join materials m on m.id = s.material_id
  where o.region_id is distinct from n.region_id
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dealers_region_counters" AFTER UPDATE ON "dealers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_on_hand_dealer_regions"();
--> statement-breakpoint
CREATE FUNCTION "stock_on_hand_material_brands"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (select 1 from old_rows o join new_rows n on n.id = o.id where o.brand_id <> n.brand_id) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(7310201);
  insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
  select v.brand_id, coalesce(r.region_id, 0), s.dot_code, s.location_id <> 0, sum(v.sign * s.qty)
  from old_rows o join new_rows n on n.id = o.id
    cross join lateral (values (o.brand_id, -1), (n.brand_id, 1)) v(brand_id, sign)
    join stock_on_hand s on s.material_id = n.id left join dealers r on r.id = s.dealer_id
  where o.brand_id <> n.brand_id
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "materials_brand_counters" AFTER UPDATE ON "materials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_on_hand_material_brands"();
--> statement-breakpoint
-- The stock already on hand.
INSERT INTO "stock_channel_on_hand" (brand_id, region_id, dot_code, located, qty)
SELECT m.brand_id, coalesce(r.region_id, 0), s.dot_code, s.location_id <> 0, sum(s.qty)
FROM "stock_on_hand" s JOIN "materials" m ON m.id = s.material_id LEFT JOIN "dealers" r ON r.id = s.dealer_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "stock_warehouse_on_hand" (warehouse_id, qty) SELECT warehouse_id, sum(qty) FROM "stock_on_hand" GROUP BY 1;
--> statement-breakpoint
-- The counters hold for every writer, a bulk load that skips foreign-key triggers as a replica too
-- (session_replication_role, the history seed): these fire always.
ALTER TABLE "stock_on_hand" ENABLE ALWAYS TRIGGER "stock_on_hand_counters_insert";
--> statement-breakpoint
ALTER TABLE "stock_on_hand" ENABLE ALWAYS TRIGGER "stock_on_hand_counters_update";
--> statement-breakpoint
ALTER TABLE "stock_on_hand" ENABLE ALWAYS TRIGGER "stock_on_hand_counters_delete";
--> statement-breakpoint
ALTER TABLE "dealers" ENABLE ALWAYS TRIGGER "dealers_region_counters";
--> statement-breakpoint
ALTER TABLE "materials" ENABLE ALWAYS TRIGGER "materials_brand_counters";
