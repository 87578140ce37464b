CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotence_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotence_key_unique" UNIQUE("idempotence_key")
);
--> statement-breakpoint
CREATE TABLE "unknown_provider_refunds" (
	"provider_refund_id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"status" text NOT NULL,
	"provider_created_at" timestamp with time zone NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unknown_provider_refunds_status_known" CHECK ("unknown_provider_refunds"."status" in ('pending', 'succeeded', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "idempotence_key" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unknown_provider_refunds" ADD CONSTRAINT "unknown_provider_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "unknown_provider_refunds_payment_idx" ON "unknown_provider_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key_item_unique" ON "payment_refunds" USING btree ("idempotence_key","item_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending_idx" ON "payment_refunds" USING btree ("created_at") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status_known" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed'));