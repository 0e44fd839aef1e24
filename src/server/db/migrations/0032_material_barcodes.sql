CREATE TABLE "stock_material_barcodes" (
	"material_id" integer NOT NULL,
	"status" varchar(8) NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_material_barcodes_material_id_status_pk" PRIMARY KEY("material_id","status")
);
--> statement-breakpoint
-- Every statement that writes barcodes adds its net change to the barcodes per material and status,
-- in its own transaction, rows upserted in key order (docs/stock-model.md, "Tables").
CREATE FUNCTION "stock_material_barcode_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN 'select material_id, status, 1 as qty from new_rows'
    WHEN 'UPDATE' THEN 'select material_id, status, 1 as qty from new_rows union all select material_id, status, -1 as qty from old_rows'
    ELSE 'select material_id, status, -1 as qty from old_rows' END;
  EXECUTE format($sql$
    insert into stock_material_barcodes as c (material_id, status, qty)
    select d.material_id, d.status, sum(d.qty) from (%s) d group by 1, 2 having sum(d.qty) <> 0 order by 1, 2
    on conflict (material_id, status) do update set qty = c.qty + excluded.qty$sql$, source);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_material_barcodes_insert" AFTER INSERT ON "barcodes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_material_barcode_counters"();
--> statement-breakpoint
CREATE TRIGGER "stock_material_barcodes_update" AFTER UPDATE ON "barcodes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_material_barcode_counters"();
--> statement-breakpoint
CREATE TRIGGER "stock_material_barcodes_delete" AFTER DELETE ON "barcodes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_material_barcode_counters"();
--> statement-breakpoint
-- A posting takes the material and DOT keys of its moves (migration 0031) and the material and
-- status keys its barcodes leave and come to, after the others (the lock order of migration 0029).
CREATE OR REPLACE FUNCTION "lock_stock_counters"(
  p_at timestamptz, p_codes text[], p_status text[], p_warehouses int[], p_inbound boolean[],
  p_materials int[], p_dealers int[], p_dots text[], p_located boolean[], p_move_warehouses int[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7310201);
  -- The days the tyres leave (where they are in stock now) and the days they come to.
  with s as (select * from unnest(p_codes, p_status, p_warehouses, p_inbound) s(code, status, warehouse_id, inbound)),
  keys as (
    select (coalesce(b.inbound_at, b.created_at) at time zone 'UTC')::date as day, coalesce(b.warehouse_id, 0) % 16 as slot
    from s join barcodes b on b.code = s.code where b.status = 'in'
    union
    select (case when s.inbound then p_at else coalesce(b.inbound_at, b.created_at) end at time zone 'UTC')::date, coalesce(s.warehouse_id, 0) % 16
    from s join barcodes b on b.code = s.code where s.status = 'in')
  insert into stock_age_days as a (day, slot, qty) select day, slot, 0 from keys order by 1, 2
  on conflict (day, slot) do update set qty = a.qty;
  insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
  select distinct m.brand_id, coalesce(r.region_id, 0), k.dot_code, k.located, 0
  from unnest(p_materials, p_dealers, p_dots, p_located) k(material_id, dealer_id, dot_code, located)
    join materials m on m.id = k.material_id left join dealers r on r.id = k.dealer_id
  order by 1, 2, 3, 4
  on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty;
  insert into stock_warehouse_on_hand as w (warehouse_id, qty)
  select distinct k.warehouse_id, 0 from unnest(p_move_warehouses) k(warehouse_id) order by 1
  on conflict (warehouse_id) do update set qty = w.qty;
  insert into stock_material_on_hand as t (material_id, dot_code, qty)
  select distinct k.material_id, k.dot_code, 0 from unnest(p_materials, p_dots) k(material_id, dot_code) order by 1, 2
  on conflict (material_id, dot_code) do update set qty = t.qty;
  insert into stock_material_barcodes as g (material_id, status, qty)
  select distinct b.material_id, k.status, 0
  from unnest(p_codes, p_status) s(code, status) join barcodes b on b.code = s.code
    cross join lateral (values (b.status), (s.status)) k(status)
  order by 1, 2
  on conflict (material_id, status) do update set qty = g.qty;
END $$;
--> statement-breakpoint
-- The barcodes already registered.
INSERT INTO "stock_material_barcodes" (material_id, status, qty) SELECT material_id, status, count(*) FROM "barcodes" GROUP BY 1, 2;
--> statement-breakpoint
-- The counters hold for every writer, a bulk load that skips foreign-key triggers as a replica too
-- (session_replication_role, the history seed): these fire always.
ALTER TABLE "barcodes" ENABLE ALWAYS TRIGGER "stock_material_barcodes_insert";
--> statement-breakpoint
ALTER TABLE "barcodes" ENABLE ALWAYS TRIGGER "stock_material_barcodes_update";
--> statement-breakpoint
ALTER TABLE "barcodes" ENABLE ALWAYS TRIGGER "stock_material_barcodes_delete";
