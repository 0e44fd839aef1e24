CREATE TABLE "stock_channel_dealer_days" (
	"order_type" varchar(4) NOT NULL,
	"day" date NOT NULL,
	"dealer_id" integer NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_channel_dealer_days_order_type_day_dealer_id_pk" PRIMARY KEY("order_type","day","dealer_id")
);
--> statement-breakpoint
-- The rolled days hold no dealer rows yet: they roll again, with them, at the roll-up job's next run
-- (until then the dashboards read the warehouse rows and the ledger, as before a first roll).
DELETE FROM "stock_channel_inbound_hours";
--> statement-breakpoint
DELETE FROM "stock_channel_daily";
