CREATE TABLE "barcodes" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"dot_code" varchar(4),
	"batch_code" varchar(32),
	"status" varchar(8) NOT NULL,
	"dealer_id" integer,
	"warehouse_id" integer,
	"location_id" integer,
	"inbound_at" timestamp with time zone,
	"last_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_notice_reads" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_notice_reads_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_type" varchar(4) NOT NULL,
	"notice_title" varchar(256) NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"planned_qty" integer NOT NULL,
	"scanned_qty" integer DEFAULT 0 NOT NULL,
	"adjust_kind" varchar(8)
);
--> statement-breakpoint
CREATE TABLE "order_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer,
	"barcode" varchar(40) NOT NULL,
	"material_id" integer NOT NULL,
	"location_id" integer,
	"adjust_kind" varchar(8),
	"source" varchar(8) DEFAULT 'WEB' NOT NULL,
	"user_id" integer,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"order_type" varchar(4) NOT NULL,
	"status" varchar(2) DEFAULT '0' NOT NULL,
	"upload_status" varchar(2) DEFAULT '0' NOT NULL,
	"print_status" varchar(2) DEFAULT '0' NOT NULL,
	"dealer_id" integer,
	"warehouse_id" integer NOT NULL,
	"target_warehouse_id" integer,
	"counterparty" varchar(128),
	"external_no" varchar(64),
	"remark" varchar(256),
	"source" varchar(8) DEFAULT 'WEB' NOT NULL,
	"stocktake_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "pda_uploads" (
	"upload_id" varchar(64) PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"accepted" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_daily" (
	"day" date NOT NULL,
	"dealer_id" integer DEFAULT 0 NOT NULL,
	"warehouse_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"opening" integer NOT NULL,
	"in_qty" integer DEFAULT 0 NOT NULL,
	"out_qty" integer DEFAULT 0 NOT NULL,
	"closing" integer NOT NULL,
	CONSTRAINT "stock_daily_warehouse_id_material_id_day_pk" PRIMARY KEY("warehouse_id","material_id","day")
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"barcode" varchar(40) NOT NULL,
	"order_id" integer NOT NULL,
	"order_type" varchar(4) NOT NULL,
	"qty" integer NOT NULL,
	"dealer_id" integer,
	"warehouse_id" integer NOT NULL,
	"location_id" integer,
	"material_id" integer NOT NULL,
	"dot_code" varchar(4),
	"user_id" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_on_hand" (
	"dealer_id" integer DEFAULT 0 NOT NULL,
	"warehouse_id" integer NOT NULL,
	"location_id" integer DEFAULT 0 NOT NULL,
	"material_id" integer NOT NULL,
	"dot_code" varchar(4) DEFAULT '' NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "stock_on_hand_warehouse_id_location_id_material_id_dot_code_dealer_id_pk" PRIMARY KEY("warehouse_id","location_id","material_id","dot_code","dealer_id")
);
--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notice_reads" ADD CONSTRAINT "delivery_notice_reads_notice_id_delivery_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."delivery_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notice_reads" ADD CONSTRAINT "delivery_notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notices" ADD CONSTRAINT "delivery_notices_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notices" ADD CONSTRAINT "delivery_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_scans" ADD CONSTRAINT "order_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_target_warehouse_id_warehouses_id_fk" FOREIGN KEY ("target_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pda_uploads" ADD CONSTRAINT "pda_uploads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pda_uploads" ADD CONSTRAINT "pda_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "barcodes_place_idx" ON "barcodes" USING btree ("warehouse_id","status","material_id");--> statement-breakpoint
CREATE INDEX "barcodes_dealer_idx" ON "barcodes" USING btree ("dealer_id","status");--> statement-breakpoint
CREATE INDEX "delivery_notices_dealer_idx" ON "delivery_notices" USING btree ("dealer_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_scans_barcode_idx" ON "order_scans" USING btree ("order_id","barcode");--> statement-breakpoint
CREATE INDEX "order_scans_code_idx" ON "order_scans" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "orders_type_idx" ON "orders" USING btree ("order_type","created_at");--> statement-breakpoint
CREATE INDEX "orders_dealer_idx" ON "orders" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_warehouse_idx" ON "orders" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_daily_day_idx" ON "stock_daily" USING btree ("day","dealer_id");--> statement-breakpoint
CREATE INDEX "stock_moves_barcode_idx" ON "stock_moves" USING btree ("barcode","id");--> statement-breakpoint
CREATE INDEX "stock_moves_time_idx" ON "stock_moves" USING btree ("moved_at");--> statement-breakpoint
CREATE INDEX "stock_moves_dealer_idx" ON "stock_moves" USING btree ("dealer_id","moved_at");--> statement-breakpoint
CREATE INDEX "stock_moves_order_idx" ON "stock_moves" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_on_hand_dealer_idx" ON "stock_on_hand" USING btree ("dealer_id","material_id");