CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"topic" varchar(64) NOT NULL,
	"target" varchar(512) NOT NULL,
	"payload" jsonb NOT NULL,
	"dealer_id" integer,
	"ordering_key" varchar(128),
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"leased_by" varchar(128),
	"last_error" varchar(1024),
	"last_answer" varchar(2048),
	"sent_at" timestamp with time zone,
	"retried_at" timestamp with time zone,
	"retried_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_ordering_idx" ON "outbox" USING btree ("ordering_key","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_time_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_dealer_idx" ON "outbox" USING btree ("dealer_id","created_at");