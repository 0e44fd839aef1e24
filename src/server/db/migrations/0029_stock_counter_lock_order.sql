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
