CREATE TABLE "account_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"dealer_id" integer,
	"erp_company_code" varchar(32),
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_sets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"material_id" integer,
	"dealer_id" integer,
	"production_date" varchar(10),
	"remark" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "dealer_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"price" numeric(12, 2),
	"safety_stock" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_name" varchar(64) NOT NULL,
	"driver_phone" varchar(32),
	"vehicle_id" integer,
	"route_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_rule_targets" (
	"rule_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "location_rule_targets_rule_id_location_id_pk" PRIMARY KEY("rule_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "location_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"brand_id" integer,
	"specification" varchar(64),
	"pattern" varchar(64),
	"priority" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"from_point_id" integer NOT NULL,
	"to_point_id" integer NOT NULL,
	"distance_km" integer,
	"hours" numeric(6, 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_routes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "mail_recipients" (
	"mail_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "mail_recipients_mail_id_user_id_pk" PRIMARY KEY("mail_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"subject" varchar(128) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"dealer_material_code" varchar(64) NOT NULL,
	"dealer_material_name" varchar(128) NOT NULL,
	"material_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"storage_location_id" integer,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pda_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_no" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"model" varchar(64),
	"dealer_id" integer,
	"warehouse_id" integer,
	"status" varchar(4) DEFAULT '0' NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pda_devices_serial_no_unique" UNIQUE("serial_no")
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"order_type" varchar(8) NOT NULL,
	"scan_required" boolean DEFAULT true NOT NULL,
	"post_to_erp" boolean DEFAULT false NOT NULL,
	"remark" varchar(256),
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "storage_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"storehouse_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transit_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"address" varchar(256),
	"contact" varchar(64),
	"phone" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transit_points_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "vehicle_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"plate_no" varchar(16) NOT NULL,
	"reason" varchar(256) NOT NULL,
	"blocked_until" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_blacklist_plate_no_unique" UNIQUE("plate_no")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"plate_no" varchar(16) NOT NULL,
	"vehicle_type" varchar(32) NOT NULL,
	"capacity_tons" numeric(8, 2),
	"driver_name" varchar(64),
	"driver_phone" varchar(32),
	"provider" varchar(64),
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_plate_no_unique" UNIQUE("plate_no")
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "source" varchar(16) DEFAULT 'factory' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "erp_code" varchar(32);--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "contact" varchar(64);--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "phone" varchar(32);--> statement-breakpoint
ALTER TABLE "account_sets" ADD CONSTRAINT "account_sets_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_materials" ADD CONSTRAINT "dealer_materials_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_materials" ADD CONSTRAINT "dealer_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_routes" ADD CONSTRAINT "driver_routes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_routes" ADD CONSTRAINT "driver_routes_route_id_logistics_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."logistics_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rule_targets" ADD CONSTRAINT "location_rule_targets_rule_id_location_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."location_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rule_targets" ADD CONSTRAINT "location_rule_targets_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rules" ADD CONSTRAINT "location_rules_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_rules" ADD CONSTRAINT "location_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_routes" ADD CONSTRAINT "logistics_routes_from_point_id_transit_points_id_fk" FOREIGN KEY ("from_point_id") REFERENCES "public"."transit_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_routes" ADD CONSTRAINT "logistics_routes_to_point_id_transit_points_id_fk" FOREIGN KEY ("to_point_id") REFERENCES "public"."transit_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_relations" ADD CONSTRAINT "material_relations_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_relations" ADD CONSTRAINT "material_relations_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallets" ADD CONSTRAINT "pallets_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pallets" ADD CONSTRAINT "pallets_storage_location_id_storage_locations_id_fk" FOREIGN KEY ("storage_location_id") REFERENCES "public"."storage_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pda_devices" ADD CONSTRAINT "pda_devices_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pda_devices" ADD CONSTRAINT "pda_devices_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_locations" ADD CONSTRAINT "storage_locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_locations" ADD CONSTRAINT "storage_locations_storehouse_id_storehouses_id_fk" FOREIGN KEY ("storehouse_id") REFERENCES "public"."storehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storehouses" ADD CONSTRAINT "storehouses_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_materials_idx" ON "dealer_materials" USING btree ("dealer_id","material_id");--> statement-breakpoint
CREATE INDEX "location_rules_warehouse_idx" ON "location_rules" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_relations_code_idx" ON "material_relations" USING btree ("dealer_id","dealer_material_code");--> statement-breakpoint
CREATE UNIQUE INDEX "pallets_code_idx" ON "pallets" USING btree ("warehouse_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_locations_code_idx" ON "storage_locations" USING btree ("warehouse_id","code");--> statement-breakpoint
CREATE INDEX "storage_locations_area_idx" ON "storage_locations" USING btree ("storehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storehouses_code_idx" ON "storehouses" USING btree ("warehouse_id","code");