CREATE TABLE "stock_channel_trailing" (
	"dealer_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"closing" bigint NOT NULL,
	"ship" bigint NOT NULL,
	"net" bigint NOT NULL,
	"day_net" bigint NOT NULL,
	CONSTRAINT "stock_channel_trailing_dealer_id_material_id_pk" PRIMARY KEY("dealer_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "stock_channel_trailing_end" (
	"id" smallint PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The trailing window keys its rows by the warehouse's dealer when they were rolled
-- (modules/stock/trailingWindow.ts). A warehouse given to another dealer forgets the window's
-- end: DOS and turnover read the daily rows until the next roll builds the window afresh.
CREATE FUNCTION "stock_trailing_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stock_channel_trailing_end;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "warehouses_dealer_changed" AFTER UPDATE OF dealer_id ON "warehouses"
  FOR EACH ROW WHEN (OLD.dealer_id IS DISTINCT FROM NEW.dealer_id) EXECUTE FUNCTION "stock_trailing_forget"();
