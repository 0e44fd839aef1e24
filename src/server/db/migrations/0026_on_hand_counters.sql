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
-- region or brand that a concurrent change is taking away. Rows are upserted in key order, so
-- two writers queue rather than deadlock.
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
-- A dealer's new region: its stock leaves the old region's keys for the new one's.
CREATE FUNCTION "stock_on_hand_dealer_region"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7310201);
  insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
  select m.brand_id, x.region_id, s.dot_code, s.location_id <> 0, x.sign * sum(s.qty)
  from stock_on_hand s join materials m on m.id = s.material_id
    cross join (values (coalesce(OLD.region_id, 0), -1), (coalesce(NEW.region_id, 0), 1)) x(region_id, sign)
  where s.dealer_id = NEW.id
  group by 1, 2, 3, 4, x.sign order by 1, 2, 3, 4
  on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dealers_region_counters" AFTER UPDATE OF "region_id" ON "dealers" FOR EACH ROW WHEN (OLD.region_id IS DISTINCT FROM NEW.region_id) EXECUTE FUNCTION "stock_on_hand_dealer_region"();
--> statement-breakpoint
-- A material's new brand: its stock leaves the old brand's keys for the new one's.
CREATE FUNCTION "stock_on_hand_material_brand"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7310201);
  insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
  select x.brand_id, coalesce(r.region_id, 0), s.dot_code, s.location_id <> 0, x.sign * sum(s.qty)
  from stock_on_hand s left join dealers r on r.id = s.dealer_id
    cross join (values (OLD.brand_id, -1), (NEW.brand_id, 1)) x(brand_id, sign)
  where s.material_id = NEW.id
  group by 1, 2, 3, 4, x.sign order by 1, 2, 3, 4
  on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "materials_brand_counters" AFTER UPDATE OF "brand_id" ON "materials" FOR EACH ROW WHEN (OLD.brand_id IS DISTINCT FROM NEW.brand_id) EXECUTE FUNCTION "stock_on_hand_material_brand"();
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
