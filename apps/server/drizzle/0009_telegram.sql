CREATE TABLE "telegram_chat_pace" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" bigint NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_links" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"account_title" text,
	"muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"purpose" text NOT NULL,
	"priority" smallint NOT NULL,
	"run_id" uuid,
	"kind" text,
	"phone" text,
	"html" text NOT NULL,
	"fallback_text" text,
	"secret" text,
	"picture_id" uuid,
	"button_text" text,
	"button_url" text,
	"keyboard" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"telegram_message_id" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"picture_id" uuid,
	"button_text" text,
	"button_url" text,
	"to_channel" boolean NOT NULL,
	"to_subscribers" boolean NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"repeat" text NOT NULL,
	"repeat_until" date,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"planned_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"excerpt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"budget_tokens" double precision DEFAULT 0 NOT NULL,
	"budget_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_until" timestamp with time zone,
	"update_offset" bigint DEFAULT 0 NOT NULL,
	"poller_id" text,
	"poller_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_messages" ADD CONSTRAINT "telegram_messages_run_id_telegram_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."telegram_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_messages" ADD CONSTRAINT "telegram_messages_picture_id_telegram_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."telegram_pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_posts" ADD CONSTRAINT "telegram_posts_picture_id_telegram_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."telegram_pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_runs" ADD CONSTRAINT "telegram_runs_post_id_telegram_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."telegram_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_link_events_at_idx" ON "telegram_link_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_user_idx" ON "telegram_link_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_links_chat_idx" ON "telegram_links" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "telegram_links_phone_idx" ON "telegram_links" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_messages_run_chat_idx" ON "telegram_messages" USING btree ("run_id","chat_id");--> statement-breakpoint
CREATE INDEX "telegram_messages_queue_idx" ON "telegram_messages" USING btree ("priority","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_messages_sending_idx" ON "telegram_messages" USING btree ("claimed_until") WHERE status = 'sending';--> statement-breakpoint
CREATE INDEX "telegram_messages_finished_idx" ON "telegram_messages" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "telegram_posts_due_idx" ON "telegram_posts" USING btree ("status","send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_runs_post_planned_idx" ON "telegram_runs" USING btree ("post_id","planned_at");--> statement-breakpoint
CREATE INDEX "telegram_runs_started_idx" ON "telegram_runs" USING btree ("started_at");--> statement-breakpoint
INSERT INTO "telegram_state" ("id") VALUES (1);