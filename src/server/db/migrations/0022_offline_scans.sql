CREATE TABLE "offline_scans" (
	"device_id" varchar(36) PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"op" varchar(8) NOT NULL,
	"barcode" varchar(40) NOT NULL,
	"verdict" varchar(8) NOT NULL,
	"reason" varchar(48),
	"params" jsonb,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_scans" ADD CONSTRAINT "offline_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_scans_order_idx" ON "offline_scans" USING btree ("order_id");