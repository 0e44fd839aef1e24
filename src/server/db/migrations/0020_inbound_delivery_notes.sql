CREATE TABLE "inbound_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(64) NOT NULL,
	"idempotency_key" varchar(128),
	"body_hash" varchar(64) NOT NULL,
	"order_id" integer,
	"answer" jsonb NOT NULL,
	"barcodes" text[] NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_notes" ADD CONSTRAINT "inbound_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_notes" ADD CONSTRAINT "inbound_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_notes_document_idx" ON "inbound_notes" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_notes_key_idx" ON "inbound_notes" USING btree ("idempotency_key");