CREATE TABLE "stock_channel_material_days" (
	"order_type" varchar(4) NOT NULL,
	"day" date NOT NULL,
	"material_id" integer NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_channel_material_days_order_type_day_material_id_pk" PRIMARY KEY("order_type","day","material_id")
);
--> statement-breakpoint
ALTER TABLE "stock_channel_daily" ADD COLUMN "materials_rolled" boolean DEFAULT false NOT NULL;