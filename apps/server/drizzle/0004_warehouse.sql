CREATE TABLE "order_fulfilment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parcel_id" uuid NOT NULL,
	"order_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"phone" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"delivery_method" text NOT NULL,
	"status" text DEFAULT 'packed' NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_cm" integer,
	"width_cm" integer,
	"height_cm" integer,
	"packed_by_id" uuid,
	"packed_by_name" text,
	"ready_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"handed_over_by_id" uuid,
	"handed_over_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcels_number_unique" UNIQUE("number"),
	CONSTRAINT "parcels_weight_positive" CHECK ("parcels"."weight_grams" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "arrived_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_fulfilment_events" ADD CONSTRAINT "order_fulfilment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfilment_events" ADD CONSTRAINT "order_fulfilment_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_items" ADD CONSTRAINT "parcel_items_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_items" ADD CONSTRAINT "parcel_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_packed_by_id_users_id_fk" FOREIGN KEY ("packed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_handed_over_by_id_users_id_fk" FOREIGN KEY ("handed_over_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_fulfilment_events_order_idx" ON "order_fulfilment_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_items_order_unique" ON "parcel_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "parcel_items_parcel_idx" ON "parcel_items" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "parcels_phone_idx" ON "parcels" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "parcels_status_idx" ON "parcels" USING btree ("status","number");--> statement-breakpoint
CREATE INDEX "orders_fulfilment_status_idx" ON "orders" USING btree ("fulfilment_status");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_arrived_within_quantity" CHECK ("order_lines"."arrived_quantity" between 0 and "order_lines"."quantity");