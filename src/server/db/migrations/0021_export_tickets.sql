CREATE TABLE "export_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"report" varchar(64) NOT NULL,
	"filters" jsonb NOT NULL,
	"lang" varchar(8) NOT NULL,
	"status" varchar(12) DEFAULT 'ready' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_tickets_token_idx" ON "export_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "export_tickets_time_idx" ON "export_tickets" USING btree ("created_at");