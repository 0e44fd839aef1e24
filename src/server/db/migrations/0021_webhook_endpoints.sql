CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"url" varchar(512) NOT NULL,
	"secret" varchar(128) NOT NULL,
	"dealer_id" integer,
	"order_completed" boolean DEFAULT false NOT NULL,
	"order_cancelled" boolean DEFAULT false NOT NULL,
	"stock_alert_raised" boolean DEFAULT false NOT NULL,
	"stock_alert_cleared" boolean DEFAULT false NOT NULL,
	"trip_delivered" boolean DEFAULT false NOT NULL,
	"erp" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_dealer_idx" ON "webhook_endpoints" USING btree ("dealer_id");