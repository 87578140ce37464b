-- The clients' totals kept by statement triggers instead of one call per order row (decision 021): an
-- import of 10,000 orders made 20,000 trigger calls of several statements each; now each statement on
-- orders adds its change per phone and half-month in a few set-based statements. Phones are locked in
-- their order, so two writers of many phones cannot deadlock.
CREATE TYPE order_client_delta AS (
	phone text,
	half_month integer,
	orders_count integer,
	goods_kopecks bigint,
	paid_kopecks bigint,
	due_kopecks bigint,
	last_order_at timestamptz,
	client_name text
);
--> statement-breakpoint
-- Applies the changes in one go, as order_client_summaries_add does for one: the totals rows are
-- upserted first (their locks serialise the phones' writers), then the spans are extended, then every
-- half-month from a change's on gets it.
CREATE FUNCTION order_client_summaries_apply(p_deltas order_client_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_client_totals AS t (phone, client_name, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at)
  SELECT phone, coalesce((array_agg(client_name ORDER BY last_order_at DESC NULLS LAST))[1], ''),
    sum(orders_count), sum(goods_kopecks), sum(paid_kopecks), sum(due_kopecks), max(last_order_at)
  FROM unnest(p_deltas) GROUP BY phone ORDER BY phone
  ON CONFLICT (phone) DO UPDATE SET
    orders_count = t.orders_count + excluded.orders_count,
    goods_kopecks = t.goods_kopecks + excluded.goods_kopecks,
    paid_kopecks = t.paid_kopecks + excluded.paid_kopecks,
    due_kopecks = t.due_kopecks + excluded.due_kopecks,
    last_order_at = greatest(t.last_order_at, excluded.last_order_at),
    client_name = CASE
      WHEN excluded.last_order_at IS NOT NULL AND excluded.last_order_at >= coalesce(t.last_order_at, excluded.last_order_at)
        AND excluded.client_name <> '' THEN excluded.client_name
      ELSE t.client_name
    END;
  -- New half-months: a new phone's whole span starts at zero, later ones repeat the phone's last, earlier ones start at zero.
  INSERT INTO order_client_half_months (phone, half_month, orders_count, goods_kopecks, paid_kopecks, due_kopecks, last_order_at)
  WITH span AS (
    SELECT d.phone, min(d.half_month) AS lo, max(d.half_month) AS hi, t.first_half_month AS f, t.last_half_month AS l
    FROM unnest(p_deltas) d JOIN order_client_totals t ON t.phone = d.phone
    GROUP BY d.phone, t.first_half_month, t.last_half_month
  )
  SELECT s.phone, m, 0, 0, 0, 0, NULL FROM span s CROSS JOIN generate_series(s.lo, s.hi) m WHERE s.f IS NULL
  UNION ALL
  SELECT s.phone, m, c.orders_count, c.goods_kopecks, c.paid_kopecks, c.due_kopecks, c.last_order_at
  FROM span s JOIN order_client_half_months c ON c.phone = s.phone AND c.half_month = s.l
  CROSS JOIN generate_series(s.l + 1, s.hi) m WHERE s.hi > s.l
  UNION ALL
  SELECT s.phone, m, 0, 0, 0, 0, NULL FROM span s CROSS JOIN generate_series(s.lo, s.f - 1) m WHERE s.lo < s.f;
  UPDATE order_client_totals t SET
    first_half_month = least(coalesce(t.first_half_month, s.lo), s.lo),
    last_half_month = greatest(coalesce(t.last_half_month, s.hi), s.hi)
  FROM (SELECT phone, min(half_month) AS lo, max(half_month) AS hi FROM unnest(p_deltas) GROUP BY phone) s
  WHERE t.phone = s.phone AND (t.first_half_month IS NULL OR s.lo < t.first_half_month OR s.hi > t.last_half_month);
  UPDATE order_client_half_months c SET
    orders_count = c.orders_count + s.orders_count,
    goods_kopecks = c.goods_kopecks + s.goods_kopecks,
    paid_kopecks = c.paid_kopecks + s.paid_kopecks,
    due_kopecks = c.due_kopecks + s.due_kopecks,
    last_order_at = greatest(c.last_order_at, s.last_order_at)
  FROM (
    SELECT c2.phone, c2.half_month, sum(d.orders_count) AS orders_count, sum(d.goods_kopecks) AS goods_kopecks,
      sum(d.paid_kopecks) AS paid_kopecks, sum(d.due_kopecks) AS due_kopecks, max(d.last_order_at) AS last_order_at
    FROM unnest(p_deltas) d JOIN order_client_half_months c2 ON c2.phone = d.phone AND c2.half_month >= d.half_month
    GROUP BY c2.phone, c2.half_month
  ) s
  WHERE c.phone = s.phone AND c.half_month = s.half_month;
END;
$$;
--> statement-breakpoint
-- The statement's orders as signed contributions: new rows add, old rows take away. An update counts
-- only rows whose figures, name, phone or day changed (the line counts change orders too, and often).
DROP TRIGGER orders_keep_client_totals ON orders;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_client_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  relevant text := '(x.phone, x.client_name, x.goods_kopecks, x.total_kopecks, x.paid_kopecks, x.canceled_at, x.created_at)';
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, x.* FROM new_rows x'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, x.* FROM old_rows x'
    ELSE format(
      'SELECT 1 AS sign, x.* FROM new_rows x JOIN old_rows y ON y.id = x.id WHERE %1$s IS DISTINCT FROM %2$s
       UNION ALL SELECT -1, x.* FROM old_rows x JOIN new_rows y ON y.id = x.id WHERE %1$s IS DISTINCT FROM %2$s',
      relevant, replace(relevant, 'x.', 'y.'))
  END;
  -- Orders gone from a phone's half-month (deleted, or moved to another phone or day) may have been its latest.
  moved text := CASE TG_OP
    WHEN 'INSERT' THEN NULL
    WHEN 'DELETE' THEN 'SELECT DISTINCT x.phone, order_half_month(x.created_at) AS half FROM old_rows x'
    ELSE 'SELECT DISTINCT x.phone, order_half_month(x.created_at) AS half FROM old_rows x JOIN new_rows y ON y.id = x.id
      WHERE x.phone <> y.phone OR x.created_at <> y.created_at'
  END;
  deltas order_client_delta[];
  r record;
BEGIN
  EXECUTE format($q$
    SELECT array_agg(ROW(d.phone, d.half_month, d.orders_count, d.goods_kopecks, d.paid_kopecks, d.due_kopecks, d.last_order_at, d.client_name)::order_client_delta
      ORDER BY d.phone, d.half_month) FROM (
      SELECT phone, order_half_month(created_at) AS half_month,
        sum(sign * (canceled_at IS NULL)::int)::integer AS orders_count,
        sum(sign * CASE WHEN canceled_at IS NULL THEN goods_kopecks ELSE 0 END)::bigint AS goods_kopecks,
        sum(sign * paid_kopecks)::bigint AS paid_kopecks,
        sum(sign * CASE WHEN canceled_at IS NULL THEN greatest(total_kopecks - paid_kopecks, 0) ELSE 0 END)::bigint AS due_kopecks,
        max(created_at) FILTER (WHERE sign = 1) AS last_order_at,
        (array_agg(client_name ORDER BY created_at DESC) FILTER (WHERE sign = 1))[1] AS client_name
      FROM (%s) c
      GROUP BY 1, 2
    ) d$q$, changed)
  INTO deltas;
  IF deltas IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM order_client_summaries_apply(deltas);
  IF moved IS NOT NULL THEN
    FOR r IN EXECUTE moved || ' ORDER BY 1, 2' LOOP
      PERFORM order_client_summaries_forget_date(r.phone, r.half);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_client_totals_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_client_totals();
--> statement-breakpoint
CREATE TRIGGER orders_keep_client_totals_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_client_totals();
--> statement-breakpoint
CREATE TRIGGER orders_keep_client_totals_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_client_totals();
