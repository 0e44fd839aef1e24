CREATE TABLE "alert_mail_prefs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mode" varchar(8) NOT NULL,
	"digest_minute" integer DEFAULT 480 NOT NULL,
	"next_digest_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"lang" varchar(8) DEFAULT 'zh-CN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"page" varchar(256) NOT NULL,
	"name" varchar(64) NOT NULL,
	"query" varchar(2000) DEFAULT '' NOT NULL,
	"shared_role_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"view_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"at_minute" integer NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"stopped_reason" varchar(32),
	"link_key" varchar(64) NOT NULL,
	"lang" varchar(8) DEFAULT 'zh-CN' NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_mail_prefs" ADD CONSTRAINT "alert_mail_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_shared_role_id_roles_id_fk" FOREIGN KEY ("shared_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_subscriptions" ADD CONSTRAINT "view_subscriptions_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_subscriptions" ADD CONSTRAINT "view_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mail_prefs_digest_idx" ON "alert_mail_prefs" USING btree ("next_digest_at") WHERE mode = 'digest';--> statement-breakpoint
CREATE UNIQUE INDEX "export_tickets_token_idx" ON "export_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "export_tickets_time_idx" ON "export_tickets" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_idx" ON "saved_views" USING btree ("owner_id","page","name");--> statement-breakpoint
CREATE INDEX "saved_views_role_idx" ON "saved_views" USING btree ("shared_role_id","page");--> statement-breakpoint
CREATE UNIQUE INDEX "view_subscriptions_view_user_idx" ON "view_subscriptions" USING btree ("view_id","user_id");--> statement-breakpoint
CREATE INDEX "view_subscriptions_due_idx" ON "view_subscriptions" USING btree ("next_run_at") WHERE status = 'active';