CREATE TABLE "stock_channel_customer_days" (
	"day" date NOT NULL,
	"customer" varchar(128) NOT NULL,
	"material_id" integer NOT NULL,
	"qty" bigint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "stock_channel_customer_days_day_customer_material_id_pk" PRIMARY KEY("day","customer","material_id")
);
--> statement-breakpoint
CREATE TABLE "stock_channel_dealer_materials" (
	"order_type" varchar(4) NOT NULL,
	"day" date NOT NULL,
	"dealer_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	CONSTRAINT "stock_channel_dealer_materials_order_type_day_dealer_id_material_id_pk" PRIMARY KEY("order_type","day","dealer_id","material_id")
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
ALTER TABLE "stock_channel_daily" ADD COLUMN "extras_rolled" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_channel_dealer_days" ADD COLUMN "orders" integer DEFAULT 0 NOT NULL;