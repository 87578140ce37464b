CREATE TABLE "order_client_totals" (
	"phone" text PRIMARY KEY NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"goods_kopecks" bigint DEFAULT 0 NOT NULL,
	"paid_kopecks" bigint DEFAULT 0 NOT NULL,
	"due_kopecks" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bonus_accounts" ADD COLUMN "earned_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_client_totals_due_idx" ON "order_client_totals" USING btree ("due_kopecks");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
-- Each phone's totals move with its orders in the same statement: what one order adds is taken
-- away from its old figures and added to its new ones, under the totals row's lock (ON CONFLICT).
CREATE FUNCTION order_client_totals_add(p_phone text, p_count integer, p_goods bigint, p_paid bigint, p_due bigint, p_at timestamptz, p_name text)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_client_totals AS t (phone, client_name, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at)
  VALUES (p_phone, coalesce(p_name, ''), p_count, p_goods, p_paid, p_due, p_at)
  ON CONFLICT (phone) DO UPDATE SET
    orders_count = t.orders_count + excluded.orders_count,
    goods_kopecks = t.goods_kopecks + excluded.goods_kopecks,
    paid_kopecks = t.paid_kopecks + excluded.paid_kopecks,
    due_kopecks = t.due_kopecks + excluded.due_kopecks,
    last_order_at = greatest(t.last_order_at, excluded.last_order_at),
    client_name = CASE
      WHEN p_at IS NOT NULL AND p_at >= coalesce(t.last_order_at, p_at) AND coalesce(p_name, '') <> '' THEN p_name
      ELSE t.client_name
    END;
$$;
--> statement-breakpoint
CREATE FUNCTION orders_keep_client_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_client_totals_add(
      OLD.phone,
      -(CASE WHEN OLD.canceled_at IS NULL THEN 1 ELSE 0 END),
      -(CASE WHEN OLD.canceled_at IS NULL THEN OLD.goods_kopecks ELSE 0 END),
      -OLD.paid_kopecks,
      -(CASE WHEN OLD.canceled_at IS NULL THEN greatest(OLD.total_kopecks - OLD.paid_kopecks, 0) ELSE 0 END),
      NULL,
      NULL
    );
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM order_client_totals_add(
      NEW.phone,
      CASE WHEN NEW.canceled_at IS NULL THEN 1 ELSE 0 END,
      CASE WHEN NEW.canceled_at IS NULL THEN NEW.goods_kopecks ELSE 0 END,
      NEW.paid_kopecks,
      CASE WHEN NEW.canceled_at IS NULL THEN greatest(NEW.total_kopecks - NEW.paid_kopecks, 0) ELSE 0 END,
      NEW.created_at,
      NEW.client_name
    );
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_client_totals
AFTER INSERT OR DELETE OR UPDATE OF phone, client_name, goods_kopecks, total_kopecks, paid_kopecks, canceled_at ON orders
FOR EACH ROW EXECUTE FUNCTION orders_keep_client_totals();
--> statement-breakpoint
INSERT INTO order_client_totals (phone, client_name, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at)
SELECT
  phone,
  (array_agg(client_name ORDER BY created_at DESC))[1],
  count(*) FILTER (WHERE canceled_at IS NULL),
  coalesce(sum(goods_kopecks) FILTER (WHERE canceled_at IS NULL), 0),
  sum(paid_kopecks),
  coalesce(sum(greatest(total_kopecks - paid_kopecks, 0)) FILTER (WHERE canceled_at IS NULL), 0),
  max(created_at)
FROM orders
GROUP BY phone;
--> statement-breakpoint
UPDATE bonus_accounts a SET earned_kopecks = e.earned
FROM (
  SELECT user_id, sum(amount_kopecks) AS earned
  FROM bonus_entries
  WHERE kind IN ('accrual', 'referral') OR (kind = 'reversal' AND amount_kopecks < 0)
  GROUP BY user_id
) e
WHERE e.user_id = a.user_id;
