CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank" text NOT NULL,
	"holder_name" text NOT NULL,
	"number" text NOT NULL,
	"sbp_phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product" text NOT NULL,
	"article" text DEFAULT '' NOT NULL,
	"options" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_kopecks" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_identity_unique" UNIQUE("order_id","product","article","options","unit_price_kopecks"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0 and "order_lines"."unit_price_kopecks" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" uuid,
	"phone" text NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"goods_kopecks" bigint DEFAULT 0 NOT NULL,
	"organizer_fee_kopecks" bigint DEFAULT 0 NOT NULL,
	"total_kopecks" bigint DEFAULT 0 NOT NULL,
	"paid_kopecks" bigint DEFAULT 0 NOT NULL,
	"fulfilment_status" text DEFAULT 'awaiting_goods' NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_purchase_phone_unique" UNIQUE("purchase_id","phone"),
	CONSTRAINT "orders_money_non_negative" CHECK ("orders"."goods_kopecks" >= 0 and "orders"."paid_kopecks" >= 0 and "orders"."total_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"organizer_fee_basis_points" integer DEFAULT 0 NOT NULL,
	"payment_deadline" date,
	"card_id" uuid,
	"is_cashback_excluded" boolean DEFAULT false NOT NULL,
	"show_on_main" boolean DEFAULT false NOT NULL,
	"main_order" integer DEFAULT 0 NOT NULL,
	"cover_key" text,
	"cover_thumb_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_fee_range" CHECK ("purchases"."organizer_fee_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "purchases_main_idx" ON "purchases" USING btree ("show_on_main","main_order");--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status");