CREATE TABLE "stock_channel_trailing" (
	"dealer_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"closing" bigint NOT NULL,
	"ship" bigint NOT NULL,
	"net" bigint NOT NULL,
	"day_net" bigint NOT NULL,
	CONSTRAINT "stock_channel_trailing_dealer_id_material_id_pk" PRIMARY KEY("dealer_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "stock_channel_trailing_end" (
	"id" smallint PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
