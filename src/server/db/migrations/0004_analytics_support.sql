CREATE TABLE "delivery_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"dealer_id" integer,
	"carrier" varchar(64) NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"delivered_on" date NOT NULL,
	"remark" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" varchar(64) NOT NULL,
	"order_id" integer,
	"dealer_id" integer,
	"user_id" integer,
	"accepted" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"ok" boolean NOT NULL,
	"message" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "reverses_id" bigint;--> statement-breakpoint
ALTER TABLE "delivery_fees" ADD CONSTRAINT "delivery_fees_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_fees_order_idx" ON "delivery_fees" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "delivery_fees_dealer_idx" ON "delivery_fees" USING btree ("dealer_id","delivered_on");--> statement-breakpoint
CREATE INDEX "upload_logs_time_idx" ON "upload_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "barcodes_age_idx" ON "barcodes" USING btree ("status","inbound_at");