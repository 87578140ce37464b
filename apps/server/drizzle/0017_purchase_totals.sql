CREATE TABLE "order_purchase_totals" (
	"purchase_id" uuid NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"lines_count" integer DEFAULT 0 NOT NULL,
	"received_lines_count" integer DEFAULT 0 NOT NULL,
	"awaiting_orders_count" integer DEFAULT 0 NOT NULL,
	"paid_kopecks" bigint DEFAULT 0 NOT NULL,
	"due_kopecks" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_lines_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_purchase_totals_purchase_idx" ON "order_purchase_totals" USING btree ("purchase_id");--> statement-breakpoint
-- The purchases list's figures, kept per purchase (docs/decisions/029). An order carries the count of
-- its lines and of those received, kept by statement triggers on order_lines; every statement that
-- changes orders adds one row per purchase it touched with the change of the figures its live orders
-- give (canceled orders give none). Rows are only ever added, so writers never wait for each other on
-- a purchase; the list sums a purchase's rows. Once a purchase has 16 rows, the writer that gets its
-- advisory lock without waiting folds them into one (rows a concurrent writer adds are not seen, so
-- stay; what is deleted is exactly what is summed).
CREATE FUNCTION order_purchase_totals_fold(p_purchase uuid) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM order_purchase_totals WHERE purchase_id = p_purchase RETURNING *)
  INSERT INTO order_purchase_totals (purchase_id, orders_count, lines_count, received_lines_count, awaiting_orders_count, paid_kopecks, due_kopecks)
  SELECT p_purchase, sum(orders_count), sum(lines_count), sum(received_lines_count), sum(awaiting_orders_count), sum(paid_kopecks), sum(due_kopecks)
  FROM gone HAVING count(*) > 0;
$$;
--> statement-breakpoint
CREATE FUNCTION orders_keep_purchase_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'
  END;
  touched uuid[];
  p uuid;
BEGIN
  EXECUTE format($q$
    WITH d AS (
      SELECT purchase_id,
        sum(sign) AS orders_count,
        sum(sign * lines_count) AS lines_count,
        sum(sign * received_lines_count) AS received_lines_count,
        sum(sign * (received_lines_count < lines_count)::int) AS awaiting_orders_count,
        sum(sign * paid_kopecks) AS paid_kopecks,
        sum(sign * greatest(total_kopecks - paid_kopecks, 0)) AS due_kopecks
      FROM (%s) c
      WHERE canceled_at IS NULL
      GROUP BY purchase_id
    ), added AS (
      INSERT INTO order_purchase_totals (purchase_id, orders_count, lines_count, received_lines_count, awaiting_orders_count, paid_kopecks, due_kopecks)
      SELECT * FROM d
      WHERE (orders_count, lines_count, received_lines_count, awaiting_orders_count, paid_kopecks, due_kopecks) <> (0, 0, 0, 0, 0, 0)
      RETURNING purchase_id
    )
    SELECT array_agg(purchase_id) FROM added$q$, changed)
  INTO touched;
  -- A fold deletes rows other transactions committed: in REPEATABLE READ that could fail, so it waits for a later writer.
  IF touched IS NOT NULL AND current_setting('transaction_isolation') = 'read committed' THEN
    FOR p IN
      SELECT t.purchase_id FROM order_purchase_totals t WHERE t.purchase_id = ANY (touched)
      GROUP BY t.purchase_id HAVING count(*) >= 16 ORDER BY 1
    LOOP
      IF pg_try_advisory_xact_lock(29, hashtext(p::text)) THEN
        PERFORM order_purchase_totals_fold(p);
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION order_lines_keep_order_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    UPDATE orders o SET lines_count = o.lines_count + d.lines, received_lines_count = o.received_lines_count + d.received
    FROM (
      SELECT order_id, sum(sign) AS lines, sum(sign * (arrived_quantity IS NOT NULL)::int) AS received
      FROM (%s) c
      GROUP BY order_id
    ) d
    WHERE o.id = d.order_id AND (d.lines <> 0 OR d.received <> 0)$q$, changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Refills the orders' line counts and the purchases' figures from the orders and lines themselves:
-- this migration, and bulk loads made with the triggers off (the benchmark).
CREATE FUNCTION order_purchase_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE orders o SET lines_count = c.lines, received_lines_count = c.received
  FROM (
    SELECT o2.id, count(l.id)::int AS lines, count(l.arrived_quantity)::int AS received
    FROM orders o2 LEFT JOIN order_lines l ON l.order_id = o2.id
    GROUP BY o2.id
  ) c
  WHERE o.id = c.id AND (o.lines_count, o.received_lines_count) IS DISTINCT FROM (c.lines, c.received);
  DELETE FROM order_purchase_totals;
  INSERT INTO order_purchase_totals (purchase_id, orders_count, lines_count, received_lines_count, awaiting_orders_count, paid_kopecks, due_kopecks)
  SELECT purchase_id, count(*), sum(lines_count), sum(received_lines_count), count(*) FILTER (WHERE received_lines_count < lines_count),
    sum(paid_kopecks), sum(greatest(total_kopecks - paid_kopecks, 0))
  FROM orders
  WHERE canceled_at IS NULL
  GROUP BY purchase_id;
$$;
--> statement-breakpoint
SELECT order_purchase_totals_rebuild();
--> statement-breakpoint
CREATE TRIGGER orders_keep_purchase_totals_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_purchase_totals();
--> statement-breakpoint
CREATE TRIGGER orders_keep_purchase_totals_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_purchase_totals();
--> statement-breakpoint
CREATE TRIGGER orders_keep_purchase_totals_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_purchase_totals();
--> statement-breakpoint
CREATE TRIGGER order_lines_keep_order_counts_insert AFTER INSERT ON order_lines
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_lines_keep_order_counts();
--> statement-breakpoint
CREATE TRIGGER order_lines_keep_order_counts_update AFTER UPDATE ON order_lines
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_lines_keep_order_counts();
--> statement-breakpoint
CREATE TRIGGER order_lines_keep_order_counts_delete AFTER DELETE ON order_lines
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_lines_keep_order_counts();
