CREATE TABLE "order_notices" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occasion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notices_order_id_kind_occasion_pk" PRIMARY KEY("order_id","kind","occasion"),
	CONSTRAINT "order_notices_kind_known" CHECK ("order_notices"."kind" in ('order_imported', 'payment_opened', 'payment_reminder'))
);
--> statement-breakpoint
ALTER TABLE "order_notices" ADD CONSTRAINT "order_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;