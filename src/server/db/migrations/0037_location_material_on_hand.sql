CREATE TABLE "stock_location_material_on_hand" (
	"warehouse_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_location_material_on_hand_warehouse_id_location_id_material_id_pk" PRIMARY KEY("warehouse_id","location_id","material_id")
);
--> statement-breakpoint
CREATE INDEX "stock_location_material_on_hand_qty_idx" ON "stock_location_material_on_hand" USING btree ("qty" DESC NULLS LAST,"warehouse_id","location_id","material_id");
--> statement-breakpoint
-- One more on-hand counter (docs/stock-model.md, "Tables"): per warehouse, storage location (0:
-- none) and material, for the location inventory of the whole channel. The trigger function and
-- the posting's lock function are those of migration 0034 with its rows added: upserted by the
-- same statement, and taken after the locations in key order.
CREATE OR REPLACE FUNCTION "stock_on_hand_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'material_id, dealer_id, warehouse_id, dot_code, location_id <> 0 as located, location_id';
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
      returning 1),
    material as (
      insert into stock_material_on_hand as t (material_id, dot_code, qty)
      select d.material_id, d.dot_code, sum(d.qty) from d group by 1, 2 having sum(d.qty) <> 0 order by 1, 2
      on conflict (material_id, dot_code) do update set qty = t.qty + excluded.qty
      returning 1),
    warehouse_material as (
      insert into stock_warehouse_material_on_hand as k (warehouse_id, material_id, qty)
      select d.warehouse_id, d.material_id, sum(d.qty) from d group by 1, 2 having sum(d.qty) <> 0 order by 1, 2
      on conflict (warehouse_id, material_id) do update set qty = k.qty + excluded.qty
      returning 1),
    location as (
      insert into stock_location_on_hand as l (location_id, qty)
      select d.location_id, sum(d.qty) from d where d.location_id <> 0 group by 1 having sum(d.qty) <> 0 order by 1
      on conflict (location_id) do update set qty = l.qty + excluded.qty
      returning 1)
    insert into stock_location_material_on_hand as lm (warehouse_id, location_id, material_id, qty)
    select d.warehouse_id, d.location_id, d.material_id, sum(d.qty) from d group by 1, 2, 3 having sum(d.qty) <> 0 order by 1, 2, 3
    on conflict (warehouse_id, location_id, material_id) do update set qty = lm.qty + excluded.qty$sql$, source);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lock_stock_counters"(
  p_at timestamptz, p_codes text[], p_status text[], p_warehouses int[], p_inbound boolean[],
  p_materials int[], p_dealers int[], p_dots text[], p_located boolean[], p_move_warehouses int[], p_move_locations int[]
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
  insert into stock_warehouse_material_on_hand as h (warehouse_id, material_id, qty)
  select distinct k.warehouse_id, k.material_id, 0 from unnest(p_move_warehouses, p_materials) k(warehouse_id, material_id) order by 1, 2
  on conflict (warehouse_id, material_id) do update set qty = h.qty;
  insert into stock_location_on_hand as l (location_id, qty)
  select distinct k.location_id, 0 from unnest(p_move_locations) k(location_id) where k.location_id <> 0 order by 1
  on conflict (location_id) do update set qty = l.qty;
  insert into stock_location_material_on_hand as lm (warehouse_id, location_id, material_id, qty)
  select distinct k.warehouse_id, k.location_id, k.material_id, 0
  from unnest(p_move_warehouses, p_move_locations, p_materials) k(warehouse_id, location_id, material_id) order by 1, 2, 3
  on conflict (warehouse_id, location_id, material_id) do update set qty = lm.qty;
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
-- The stock already on hand.
INSERT INTO "stock_location_material_on_hand" (warehouse_id, location_id, material_id, qty)
SELECT warehouse_id, location_id, material_id, sum(qty) FROM "stock_on_hand" GROUP BY 1, 2, 3 HAVING sum(qty) <> 0;
