CREATE TABLE "stock_channel_customer_days" (
	"day" date NOT NULL,
	"customer" varchar(128) NOT NULL,
	"material_id" integer NOT NULL,
	"qty" bigint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "stock_channel_customer_days_day_customer_material_id_pk" PRIMARY KEY("day","customer","material_id")
);
--> statement-breakpoint
CREATE TABLE "stock_channel_inbound_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_channel_material_days" (
	"order_type" varchar(4) NOT NULL,
	"day" date NOT NULL,
	"material_id" integer NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_channel_material_days_order_type_day_material_id_pk" PRIMARY KEY("order_type","day","material_id")
);
--> statement-breakpoint
DROP INDEX "stock_moves_flow_idx";--> statement-breakpoint
ALTER TABLE "stock_channel_daily" ADD COLUMN "extras_rolled" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_moves_flow_idx" ON "stock_moves" USING btree ("moved_at","order_type","qty","dealer_id","warehouse_id","material_id","order_id");