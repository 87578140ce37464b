CREATE TABLE "bonus_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_kopecks" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_accounts_not_negative" CHECK ("bonus_accounts"."balance_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_custom_rates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_custom_rates_range" CHECK ("bonus_custom_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "bonus_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"written_off_kopecks" bigint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"source_key" text,
	"order_id" uuid,
	"order_number" integer,
	"payment_id" uuid,
	"payment_number" integer,
	"payment_item_id" uuid,
	"refund_id" uuid,
	"reverses_id" uuid,
	"basis_points" integer,
	"upload_id" uuid,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_entries_amount" CHECK ("bonus_entries"."amount_kopecks" <> 0 or "bonus_entries"."written_off_kopecks" > 0),
	CONSTRAINT "bonus_entries_written_off" CHECK ("bonus_entries"."written_off_kopecks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bonus_expiry_warnings" (
	"user_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_expiry_warnings_user_id_expires_on_pk" PRIMARY KEY("user_id","expires_on")
);
--> statement-breakpoint
CREATE TABLE "bonus_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"default_basis_points" integer NOT NULL,
	"referral_basis_points" integer NOT NULL,
	"spend_cap_basis_points" integer NOT NULL,
	"credit_on" text NOT NULL,
	"expiry_days" integer,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"rows_count" integer NOT NULL,
	"credit_kopecks" bigint NOT NULL,
	"debit_kopecks" bigint NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_uploads_number_unique" UNIQUE("number"),
	CONSTRAINT "bonus_uploads_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_custom_cashback_range";--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "bonus_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "destination" text DEFAULT 'money' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "money_part_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bonus_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_accounts" ADD CONSTRAINT "bonus_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_custom_rates" ADD CONSTRAINT "bonus_custom_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_upload_id_bonus_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bonus_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_entries" ADD CONSTRAINT "bonus_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_expiry_warnings" ADD CONSTRAINT "bonus_expiry_warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_settings" ADD CONSTRAINT "bonus_settings_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_uploads" ADD CONSTRAINT "bonus_uploads_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_entries_source_unique" ON "bonus_entries" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "bonus_entries_user_idx" ON "bonus_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bonus_entries_upload_idx" ON "bonus_entries" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "bonus_entries_reverses_idx" ON "bonus_entries" USING btree ("reverses_id");--> statement-breakpoint
-- Custom cashback percents move from users to the bonus area, which owns them now.
INSERT INTO "bonus_custom_rates" ("user_id", "basis_points") SELECT "id", "custom_cashback_basis_points" FROM "users" WHERE "custom_cashback_basis_points" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "custom_cashback_basis_points";--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_bonus" CHECK ("payment_items"."bonus_kopecks" >= 0 and "payment_items"."bonus_kopecks" <= "payment_items"."amount_kopecks");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bonus" CHECK ("payments"."bonus_kopecks" >= 0 and "payments"."bonus_kopecks" <= "payments"."amount_kopecks");