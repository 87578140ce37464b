CREATE TABLE "order_client_half_months" (
	"phone" text NOT NULL,
	"half_month" integer NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"goods_kopecks" bigint DEFAULT 0 NOT NULL,
	"paid_kopecks" bigint DEFAULT 0 NOT NULL,
	"due_kopecks" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	CONSTRAINT "order_client_half_months_phone_half_month_pk" PRIMARY KEY("phone","half_month")
);
--> statement-breakpoint
ALTER TABLE "order_client_totals" ADD COLUMN "first_half_month" integer;--> statement-breakpoint
ALTER TABLE "order_client_totals" ADD COLUMN "last_half_month" integer;--> statement-breakpoint
CREATE INDEX "order_client_totals_last_order_at_idx" ON "order_client_totals" USING btree ("last_order_at");
--> statement-breakpoint
-- The half-month an order counts in, by Moscow's calendar (UTC+3 all year): the 1st-15th and the 16th
-- to the month's end, numbered (year * 12 + month - 1) * 2 + half, as shared/moscow-calendar.ts does.
CREATE FUNCTION order_half_month(p_at timestamptz) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT ((extract(year FROM p_at AT TIME ZONE 'Europe/Moscow') * 12 + extract(month FROM p_at AT TIME ZONE 'Europe/Moscow') - 1) * 2
    + CASE WHEN extract(day FROM p_at AT TIME ZONE 'Europe/Moscow') >= 16 THEN 1 ELSE 0 END)::integer
$$;
--> statement-breakpoint
-- What one order adds (or, with negative figures, takes away) goes to its phone's totals and to every
-- half-month of the phone's running totals from the order's on. The totals row is upserted first: its
-- lock serialises all changes of one phone, so the half-months are never written by two at once. One
-- outside the phone's span first extends it: later ones repeat the last, earlier ones start at zero.
CREATE FUNCTION order_client_summaries_add(p_phone text, p_half integer, p_count integer, p_goods bigint, p_paid bigint, p_due bigint, p_at timestamptz, p_name text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_first integer;
  v_last integer;
BEGIN
  PERFORM order_client_totals_add(p_phone, p_count, p_goods, p_paid, p_due, p_at, p_name);
  SELECT first_half_month, last_half_month INTO v_first, v_last FROM order_client_totals WHERE phone = p_phone;
  IF v_first IS NULL THEN
    INSERT INTO order_client_half_months (phone, half_month) VALUES (p_phone, p_half);
    v_first := p_half;
    v_last := p_half;
  ELSIF p_half > v_last THEN
    INSERT INTO order_client_half_months (phone, half_month, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at)
    SELECT p_phone, m, c.orders_count, c.goods_kopecks, c.paid_kopecks, c.due_kopecks, c.last_order_at
    FROM order_client_half_months c CROSS JOIN generate_series(v_last + 1, p_half) m
    WHERE c.phone = p_phone AND c.half_month = v_last;
    v_last := p_half;
  ELSIF p_half < v_first THEN
    INSERT INTO order_client_half_months (phone, half_month) SELECT p_phone, m FROM generate_series(p_half, v_first - 1) m;
    v_first := p_half;
  END IF;
  UPDATE order_client_totals SET first_half_month = v_first, last_half_month = v_last
  WHERE phone = p_phone AND (first_half_month IS DISTINCT FROM v_first OR last_half_month IS DISTINCT FROM v_last);
  UPDATE order_client_half_months SET
    orders_count = orders_count + p_count,
    goods_kopecks = goods_kopecks + p_goods,
    paid_kopecks = paid_kopecks + p_paid,
    due_kopecks = due_kopecks + p_due,
    last_order_at = greatest(last_order_at, p_at)
  WHERE phone = p_phone AND half_month >= p_half;
END;
$$;
--> statement-breakpoint
-- An order gone from a phone (deleted, moved to another phone or to another day) may have been its
-- latest: the latest dates, and the name on the latest order, are found again from the orders left.
CREATE FUNCTION order_client_summaries_forget_date(p_phone text, p_half integer) RETURNS void LANGUAGE sql AS $$
  UPDATE order_client_totals t SET last_order_at = latest.created_at, client_name = coalesce(latest.client_name, t.client_name)
  FROM (SELECT max(created_at) AS created_at, (array_agg(client_name ORDER BY created_at DESC))[1] AS client_name FROM orders WHERE phone = p_phone) latest
  WHERE t.phone = p_phone;
  UPDATE order_client_half_months c SET last_order_at =
    (SELECT max(o.created_at) FROM orders o WHERE o.phone = p_phone AND order_half_month(o.created_at) <= c.half_month)
  WHERE c.phone = p_phone AND c.half_month >= p_half;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_client_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_moved boolean := TG_OP = 'UPDATE' AND (OLD.phone <> NEW.phone OR OLD.created_at <> NEW.created_at);
BEGIN
  IF TG_OP = 'UPDATE' AND NOT v_moved THEN
    -- Money, name or cancellation changed on the same phone and day: one call with the difference.
    PERFORM order_client_summaries_add(
      NEW.phone,
      order_half_month(NEW.created_at),
      (CASE WHEN NEW.canceled_at IS NULL THEN 1 ELSE 0 END) - (CASE WHEN OLD.canceled_at IS NULL THEN 1 ELSE 0 END),
      (CASE WHEN NEW.canceled_at IS NULL THEN NEW.goods_kopecks ELSE 0 END) - (CASE WHEN OLD.canceled_at IS NULL THEN OLD.goods_kopecks ELSE 0 END),
      NEW.paid_kopecks - OLD.paid_kopecks,
      (CASE WHEN NEW.canceled_at IS NULL THEN greatest(NEW.total_kopecks - NEW.paid_kopecks, 0) ELSE 0 END)
        - (CASE WHEN OLD.canceled_at IS NULL THEN greatest(OLD.total_kopecks - OLD.paid_kopecks, 0) ELSE 0 END),
      NEW.created_at,
      NEW.client_name
    );
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_client_summaries_add(
      OLD.phone,
      order_half_month(OLD.created_at),
      -(CASE WHEN OLD.canceled_at IS NULL THEN 1 ELSE 0 END),
      -(CASE WHEN OLD.canceled_at IS NULL THEN OLD.goods_kopecks ELSE 0 END),
      -OLD.paid_kopecks,
      -(CASE WHEN OLD.canceled_at IS NULL THEN greatest(OLD.total_kopecks - OLD.paid_kopecks, 0) ELSE 0 END),
      NULL,
      NULL
    );
    PERFORM order_client_summaries_forget_date(OLD.phone, order_half_month(OLD.created_at));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM order_client_summaries_add(
      NEW.phone,
      order_half_month(NEW.created_at),
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
DROP TRIGGER orders_keep_client_totals ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_keep_client_totals
AFTER INSERT OR DELETE OR UPDATE OF phone, client_name, goods_kopecks, total_kopecks, paid_kopecks, canceled_at, created_at ON orders
FOR EACH ROW EXECUTE FUNCTION orders_keep_client_totals();
--> statement-breakpoint
-- Both summaries summed again from the orders: here, and after a bulk load with the trigger off (the benchmark).
CREATE FUNCTION order_client_summaries_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_client_half_months;
  DELETE FROM order_client_totals;
  INSERT INTO order_client_totals (phone, client_name, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at, first_half_month, last_half_month)
  SELECT
    phone,
    (array_agg(client_name ORDER BY created_at DESC))[1],
    count(*) FILTER (WHERE canceled_at IS NULL),
    coalesce(sum(goods_kopecks) FILTER (WHERE canceled_at IS NULL), 0),
    sum(paid_kopecks),
    coalesce(sum(greatest(total_kopecks - paid_kopecks, 0)) FILTER (WHERE canceled_at IS NULL), 0),
    max(created_at),
    min(order_half_month(created_at)),
    max(order_half_month(created_at))
  FROM orders
  GROUP BY phone;
  INSERT INTO order_client_half_months (phone, half_month, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at)
  WITH per_half AS (
    SELECT
      phone,
      order_half_month(created_at) AS half_month,
      count(*) FILTER (WHERE canceled_at IS NULL) AS orders_count,
      coalesce(sum(goods_kopecks) FILTER (WHERE canceled_at IS NULL), 0) AS goods_kopecks,
      sum(paid_kopecks) AS paid_kopecks,
      coalesce(sum(greatest(total_kopecks - paid_kopecks, 0)) FILTER (WHERE canceled_at IS NULL), 0) AS due_kopecks,
      max(created_at) AS last_order_at
    FROM orders
    GROUP BY 1, 2
  )
  SELECT
    t.phone,
    m.half_month,
    sum(coalesce(p.orders_count, 0)) OVER w,
    sum(coalesce(p.goods_kopecks, 0)) OVER w,
    sum(coalesce(p.paid_kopecks, 0)) OVER w,
    sum(coalesce(p.due_kopecks, 0)) OVER w,
    max(p.last_order_at) OVER w
  FROM order_client_totals t
  CROSS JOIN LATERAL generate_series(t.first_half_month, t.last_half_month) AS m(half_month)
  LEFT JOIN per_half p ON p.phone = t.phone AND p.half_month = m.half_month
  WINDOW w AS (PARTITION BY t.phone ORDER BY m.half_month);
$$;
--> statement-breakpoint
SELECT order_client_summaries_rebuild();
--> statement-breakpoint
-- Built after the rows are in, so it is compact. INCLUDE the figures: a long period reads one
-- half-month of every phone by an index-only scan.
CREATE INDEX "order_client_half_months_half_month_idx" ON "order_client_half_months" USING btree ("half_month","phone")
  INCLUDE ("orders_count", "goods_kopecks", "paid_kopecks", "due_kopecks", "last_order_at");
