CREATE TABLE "app_versions" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_node" varchar(128) NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean
);
--> statement-breakpoint
-- The dictionary version starts at the moment of this migration in milliseconds: above any version a console still holds from before (the time its server started), so it moves forward only.
INSERT INTO "app_versions" ("name", "version") VALUES ('dict', (extract(epoch from now()) * 1000)::bigint);
--> statement-breakpoint
CREATE FUNCTION "bump_dict_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "app_versions" SET "version" = "version" + 1 WHERE "name" = 'dict';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "dict_types_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();
--> statement-breakpoint
CREATE TRIGGER "dict_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dict_data" FOR EACH STATEMENT EXECUTE FUNCTION "bump_dict_version"();
