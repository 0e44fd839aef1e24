CREATE TABLE "stock_channel_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"in_qty" bigint NOT NULL,
	"out_qty" bigint NOT NULL,
	"ship_qty" bigint NOT NULL,
	"receive_qty" bigint NOT NULL,
	"closing" bigint NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_channel_inbound_hours" (
	"day" date NOT NULL,
	"hour" integer NOT NULL,
	"qty" bigint NOT NULL,
	CONSTRAINT "stock_channel_inbound_hours_day_hour_pk" PRIMARY KEY("day","hour")
);
