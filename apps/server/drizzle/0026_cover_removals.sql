CREATE TABLE "cover_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"remove_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cover_removals_due_idx" ON "cover_removals" USING btree ("remove_after");