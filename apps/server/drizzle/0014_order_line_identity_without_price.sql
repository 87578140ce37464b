ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_identity_unique";--> statement-breakpoint
-- Lines of one variant at two prices (a re-import with a corrected price added a second line before
-- this migration) keep their money and quantities: every one but the first gets its price written
-- into its options, so it stays a line of its own that the organizer can see and remove by hand.
UPDATE "order_lines" l SET "options" = trim(l."options" || ' (цена ' || (l."unit_price_kopecks" / 100.0)::numeric(20, 2) || ' ₽)')
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "order_id", "product", "article", "options" ORDER BY "created_at", "id") AS n
  FROM "order_lines"
) d
WHERE d."id" = l."id" AND d.n > 1;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_identity_unique" UNIQUE("order_id","product","article","options");
