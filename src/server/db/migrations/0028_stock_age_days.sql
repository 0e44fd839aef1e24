CREATE TABLE "stock_age_days" (
	"day" date NOT NULL,
	"slot" integer NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_age_days_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
-- Every statement that writes barcodes adds its net change to the tyres in stock per stock-age
-- day (UTC) and slot, in its own transaction; rows are upserted in key order, so two writers queue
-- rather than deadlock (docs/stock-model.md, "Tables").
CREATE FUNCTION "stock_age_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := $c$(coalesce(inbound_at, created_at) at time zone 'UTC')::date as day, coalesce(warehouse_id, 0) % 16 as slot$c$;
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN format($q$select %s, 1 as qty from new_rows where status = 'in'$q$, cols)
    WHEN 'UPDATE' THEN format($q$select %s, 1 as qty from new_rows where status = 'in' union all select %s, -1 as qty from old_rows where status = 'in'$q$, cols, cols)
    ELSE format($q$select %s, -1 as qty from old_rows where status = 'in'$q$, cols) END;
  EXECUTE format($sql$
    insert into stock_age_days as a (day, slot, qty)
    select d.day, d.slot, sum(d.qty) from (%s) d group by 1, 2 having sum(d.qty) <> 0 order by 1, 2
    on conflict (day, slot) do update set qty = a.qty + excluded.qty$sql$, source);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_age_counters_insert" AFTER INSERT ON "barcodes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_age_counters"();
--> statement-breakpoint
CREATE TRIGGER "stock_age_counters_update" AFTER UPDATE ON "barcodes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_age_counters"();
--> statement-breakpoint
CREATE TRIGGER "stock_age_counters_delete" AFTER DELETE ON "barcodes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_age_counters"();
--> statement-breakpoint
-- The tyres already in stock.
INSERT INTO "stock_age_days" (day, slot, qty)
SELECT (coalesce(inbound_at, created_at) at time zone 'UTC')::date, coalesce(warehouse_id, 0) % 16, count(*)
FROM "barcodes" WHERE status = 'in' GROUP BY 1, 2;
--> statement-breakpoint
-- The counters hold for every writer, a bulk load that skips foreign-key triggers as a replica too
-- (session_replication_role, the history seed): these fire always.
ALTER TABLE "barcodes" ENABLE ALWAYS TRIGGER "stock_age_counters_insert";
--> statement-breakpoint
ALTER TABLE "barcodes" ENABLE ALWAYS TRIGGER "stock_age_counters_update";
--> statement-breakpoint
ALTER TABLE "barcodes" ENABLE ALWAYS TRIGGER "stock_age_counters_delete";
