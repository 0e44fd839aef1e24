-- The stock counters' lock order (docs/stock-model.md, "Tables"). A posting writes barcodes and on
-- hand in several statements (an upsert fires its UPDATE trigger and then its INSERT trigger, each
-- over its own rows), so two postings could take counter rows in opposite orders and deadlock.
-- lock_stock_counters takes every counter row a posting will touch first, in one order for all:
-- the shared advisory lock, the stock-age days, the channel keys, the warehouses, each sorted.
CREATE FUNCTION "lock_stock_counters"(
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
END $$;
--> statement-breakpoint
-- A region or brand change, as one statement over every row it changed (a catalogue import that
-- changes many brands reads on hand once, not once per material).
DROP TRIGGER "dealers_region_counters" ON "dealers";
--> statement-breakpoint
DROP TRIGGER "materials_brand_counters" ON "materials";
--> statement-breakpoint
DROP FUNCTION "stock_on_hand_dealer_region"();
--> statement-breakpoint
DROP FUNCTION "stock_on_hand_material_brand"();
--> statement-breakpoint
CREATE FUNCTION "stock_on_hand_dealer_regions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (select 1 from old_rows o join new_rows n on n.id = o.id where o.region_id is distinct from n.region_id) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(7310201);
  insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
  select m.brand_id, x.region_id, s.dot_code, s.location_id <> 0, sum(x.sign * s.qty)
  from stock_on_hand s join materials m on m.id = s.material_id
    join (select n.id, coalesce(o.region_id, 0) as region_id, -1 as sign from old_rows o join new_rows n on n.id = o.id where o.region_id is distinct from n.region_id
          union all
          select n.id, coalesce(n.region_id, 0), 1 from old_rows o join new_rows n on n.id = o.id where o.region_id is distinct from n.region_id) x on x.id = s.dealer_id
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "dealers_region_counters" AFTER UPDATE ON "dealers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_on_hand_dealer_regions"();
--> statement-breakpoint
ALTER TABLE "dealers" ENABLE ALWAYS TRIGGER "dealers_region_counters";
--> statement-breakpoint
CREATE FUNCTION "stock_on_hand_material_brands"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (select 1 from old_rows o join new_rows n on n.id = o.id where o.brand_id <> n.brand_id) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(7310201);
  insert into stock_channel_on_hand as c (brand_id, region_id, dot_code, located, qty)
  select x.brand_id, coalesce(r.region_id, 0), s.dot_code, s.location_id <> 0, sum(x.sign * s.qty)
  from stock_on_hand s left join dealers r on r.id = s.dealer_id
    join (select n.id, o.brand_id, -1 as sign from old_rows o join new_rows n on n.id = o.id where o.brand_id <> n.brand_id
          union all
          select n.id, n.brand_id, 1 from old_rows o join new_rows n on n.id = o.id where o.brand_id <> n.brand_id) x on x.id = s.material_id
  group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (brand_id, region_id, dot_code, located) do update set qty = c.qty + excluded.qty;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "materials_brand_counters" AFTER UPDATE ON "materials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_on_hand_material_brands"();
--> statement-breakpoint
ALTER TABLE "materials" ENABLE ALWAYS TRIGGER "materials_brand_counters";
