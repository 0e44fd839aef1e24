CREATE TABLE "car_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"note" varchar(256),
	"user_name" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_request_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"point_id" integer NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone,
	"source" varchar(8),
	"reported_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "car_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_no" varchar(32) NOT NULL,
	"dealer_id" integer,
	"warehouse_id" integer NOT NULL,
	"order_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"destination_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"need_date" date NOT NULL,
	"tyres" integer NOT NULL,
	"weight_tons" numeric(10, 2),
	"volume_m3" numeric(10, 2),
	"status" varchar(16) DEFAULT 'requested' NOT NULL,
	"remark" varchar(256),
	"vehicle_id" integer,
	"driver_name" varchar(64),
	"driver_phone" varchar(32),
	"route_id" integer,
	"labor_company" varchar(64),
	"planned_start" timestamp with time zone,
	"distance_km" integer,
	"assigned_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"fee" numeric(12, 2),
	"fee_detail" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_requests_request_no_unique" UNIQUE("request_no")
);
--> statement-breakpoint
ALTER TABLE "vehicle_blacklist" ADD COLUMN "driver_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "car_request_events" ADD CONSTRAINT "car_request_events_request_id_car_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."car_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_request_stops" ADD CONSTRAINT "car_request_stops_request_id_car_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."car_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_request_stops" ADD CONSTRAINT "car_request_stops_point_id_transit_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."transit_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_route_id_logistics_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."logistics_routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_requests" ADD CONSTRAINT "car_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_request_events_request_idx" ON "car_request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "car_request_stops_seq_idx" ON "car_request_stops" USING btree ("request_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "car_requests_vehicle_busy_idx" ON "car_requests" USING btree ("vehicle_id") WHERE status in ('assigned', 'loading', 'onTheWay');--> statement-breakpoint
CREATE INDEX "car_requests_dealer_idx" ON "car_requests" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "car_requests_status_idx" ON "car_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "car_requests_driver_idx" ON "car_requests" USING btree ("driver_name","delivered_at");--> statement-breakpoint
CREATE INDEX "vehicle_blacklist_driver_idx" ON "vehicle_blacklist" USING btree ("driver_phone");