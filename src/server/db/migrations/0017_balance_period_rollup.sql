CREATE TABLE "stock_period_totals" (
	"unit" varchar(8) NOT NULL,
	"period_start" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"groups" integer NOT NULL,
	"open_with_stock" integer NOT NULL,
	"keys_moved" integer NOT NULL,
	"in_qty" bigint NOT NULL,
	"out_qty" bigint NOT NULL,
	CONSTRAINT "stock_period_totals_unit_period_start_warehouse_id_pk" PRIMARY KEY("unit","period_start","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "stock_periods_rolled" (
	"unit" varchar(8) NOT NULL,
	"period_start" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_periods_rolled_unit_period_start_pk" PRIMARY KEY("unit","period_start")
);
