CREATE TABLE "stock_channel_trailing_pairs" (
	"ranking" varchar(8) NOT NULL,
	"dealer_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "stock_channel_trailing_pairs_ranking_dealer_id_material_id_pk" PRIMARY KEY("ranking","dealer_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "stock_channel_trailing_pairs_end" (
	"id" smallint PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
