CREATE TABLE "exchange_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"system" varchar(8) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"dealer_id" integer,
	"warehouse_id" integer,
	"ref" varchar(64),
	"ok" boolean NOT NULL,
	"message" varchar(512),
	"payload" text,
	"user_name" varchar(64),
	"retried_at" timestamp with time zone,
	"retried_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchange_logs_time_idx" ON "exchange_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exchange_logs_dealer_idx" ON "exchange_logs" USING btree ("dealer_id","created_at");