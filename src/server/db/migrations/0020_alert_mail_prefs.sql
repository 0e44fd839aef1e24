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
ALTER TABLE "alert_mail_prefs" ADD CONSTRAINT "alert_mail_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mail_prefs_digest_idx" ON "alert_mail_prefs" USING btree ("next_digest_at") WHERE mode = 'digest';