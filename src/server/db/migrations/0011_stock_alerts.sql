CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer,
	"warehouse_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"threshold" integer NOT NULL,
	"qty" integer NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_qty" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "stock_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer,
	"warehouse_id" integer,
	"material_id" integer,
	"brand_id" integer,
	"min_qty" integer,
	"max_qty" integer,
	"remark" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_thresholds" ADD CONSTRAINT "stock_thresholds_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_idx" ON "stock_alerts" USING btree ("warehouse_id","material_id") WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_raised_idx" ON "stock_alerts" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "stock_alerts_dealer_idx" ON "stock_alerts" USING btree ("dealer_id","raised_at");--> statement-breakpoint
CREATE INDEX "stock_thresholds_warehouse_idx" ON "stock_thresholds" USING btree ("warehouse_id","material_id");--> statement-breakpoint
CREATE INDEX "stock_thresholds_dealer_idx" ON "stock_thresholds" USING btree ("dealer_id","material_id");--> statement-breakpoint
CREATE INDEX "stock_thresholds_brand_idx" ON "stock_thresholds" USING btree ("brand_id");