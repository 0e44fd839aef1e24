CREATE TABLE "invariant_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"problems" text DEFAULT '[]' NOT NULL,
	"duration_ms" integer NOT NULL,
	"trigger" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invariant_checks_ran_idx" ON "invariant_checks" USING btree ("ran_at");