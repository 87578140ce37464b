CREATE TABLE "purchase_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"fee_before_basis_points" integer,
	"fee_after_basis_points" integer,
	"figures" jsonb,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_events_action_known" CHECK ("purchase_events"."action" in ('fee_changed'))
);
--> statement-breakpoint
ALTER TABLE "purchase_events" ADD CONSTRAINT "purchase_events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_events" ADD CONSTRAINT "purchase_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_events_purchase_idx" ON "purchase_events" USING btree ("purchase_id","created_at");--> statement-breakpoint
-- A purchase canceled before decision 026 left its paid orders live (owing the rest, their money
-- nowhere listed): they are canceled now, and what they hold becomes a refund due (refundDueOf).
UPDATE "orders" SET "canceled_at" = now(), "updated_at" = now()
WHERE "canceled_at" IS NULL AND "purchase_id" IN (SELECT "id" FROM "purchases" WHERE "status" = 'canceled');
