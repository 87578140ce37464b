CREATE TABLE "boxberry_points" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city_code" text NOT NULL,
	"city_name" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"work_schedule" text DEFAULT '' NOT NULL,
	"trip_description" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"is_postamat" boolean DEFAULT false NOT NULL,
	"only_prepaid_orders" boolean DEFAULT false NOT NULL,
	"delivery_period_days" integer,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boxberry_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token_cipher" text,
	"token_hint" text,
	"sender_point_code" text,
	"default_length_cm" integer DEFAULT 30 NOT NULL,
	"default_width_cm" integer DEFAULT 20 NOT NULL,
	"default_height_cm" integer DEFAULT 15 NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"parcel_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"destination" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"list_price_kopecks" bigint,
	"price_list_version_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_kopecks" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "delivery_invoices_money" CHECK ("delivery_invoices"."price_kopecks" > 0 and "delivery_invoices"."paid_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"recipient_phone" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_surname" text NOT NULL,
	"point" jsonb,
	"address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_destinations" (
	"parcel_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"method_id" uuid,
	"recipient_phone" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_surname" text NOT NULL,
	"point" jsonb,
	"address" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boxberry_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"cities_total" integer DEFAULT 0 NOT NULL,
	"cities_done" integer DEFAULT 0 NOT NULL,
	"points_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by_id" uuid,
	"started_by_name" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_list_tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_grams" integer NOT NULL,
	"to_grams" integer NOT NULL,
	"price_kopecks" bigint NOT NULL,
	CONSTRAINT "price_list_tariffs_band" CHECK ("price_list_tariffs"."from_grams" >= 0 and "price_list_tariffs"."to_grams" >= "price_list_tariffs"."from_grams" and "price_list_tariffs"."price_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applies_from" date NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"parcel_id" uuid PRIMARY KEY NOT NULL,
	"boxberry_order_id" text NOT NULL,
	"track" text NOT NULL,
	"label_url" text,
	"status_name" text,
	"status_at" timestamp with time zone,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_checked_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_boxberry_order_id_unique" UNIQUE("boxberry_order_id")
);
--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "boxberry_settings" ADD CONSTRAINT "boxberry_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_invoices" ADD CONSTRAINT "delivery_invoices_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_invoices" ADD CONSTRAINT "delivery_invoices_price_list_version_id_price_list_versions_id_fk" FOREIGN KEY ("price_list_version_id") REFERENCES "public"."price_list_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_invoices" ADD CONSTRAINT "delivery_invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_destinations" ADD CONSTRAINT "parcel_destinations_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_destinations" ADD CONSTRAINT "parcel_destinations_method_id_delivery_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxberry_syncs" ADD CONSTRAINT "boxberry_syncs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_tariffs" ADD CONSTRAINT "price_list_tariffs_version_id_price_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."price_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boxberry_points_city_idx" ON "boxberry_points" USING btree ("city_code","is_enabled","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_invoices_one_live_per_parcel" ON "delivery_invoices" USING btree ("parcel_id") WHERE "delivery_invoices"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "delivery_invoices_phone_idx" ON "delivery_invoices" USING btree ("phone","status");--> statement-breakpoint
CREATE INDEX "delivery_invoices_status_idx" ON "delivery_invoices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "delivery_methods_user_idx" ON "delivery_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_methods_one_default" ON "delivery_methods" USING btree ("user_id") WHERE "delivery_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "boxberry_syncs_one_running" ON "boxberry_syncs" USING btree ("status") WHERE "boxberry_syncs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "price_list_tariffs_version_idx" ON "price_list_tariffs" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "price_list_versions_from_idx" ON "price_list_versions" USING btree ("applies_from","created_at");--> statement-breakpoint
CREATE INDEX "shipments_track_idx" ON "shipments" USING btree ("track");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("delivered_at","last_checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_items_one_open_per_invoice" ON "payment_items" USING btree ("invoice_id") WHERE "payment_items"."is_open";--> statement-breakpoint
CREATE INDEX "payment_items_invoice_idx" ON "payment_items" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_what" CHECK (("payment_items"."kind" = 'order') = ("payment_items"."order_id" is not null) and ("payment_items"."kind" = 'delivery_invoice') = ("payment_items"."invoice_id" is not null));--> statement-breakpoint
UPDATE "parcels" SET "status" = 'delivered' WHERE "status" = 'handed_over';
