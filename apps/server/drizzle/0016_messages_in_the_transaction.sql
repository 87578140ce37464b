ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_status_known";--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "channel" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_waiting_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_known" CHECK ("outbox_messages"."status" in ('queued', 'sending', 'logged', 'sent', 'failed', 'muted'));