CREATE TABLE "labor_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" varchar(64) NOT NULL,
	"work_type" varchar(16) NOT NULL,
	"unit_fee" numeric(10, 2) NOT NULL,
	"factor" numeric(8, 3) NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"remark" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"contact" varchar(64),
	"phone" varchar(32),
	"address" varchar(256),
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_providers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "warehouse_coefficients" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"coefficient" numeric(8, 3) NOT NULL,
	"remark" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_coefficients_warehouse_id_unique" UNIQUE("warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "warehouse_coefficients" ADD CONSTRAINT "warehouse_coefficients_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labor_factors_company_work_type" ON "labor_factors" USING btree ("company_name","work_type");