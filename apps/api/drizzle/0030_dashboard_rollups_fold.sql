-- Issue 29: the dashboard at 10M payments. The rollups of migration 0017 keep each past day in up to
-- 8 shards per (status, method, type), so that concurrent settlements do not queue on one row; a
-- two-year range summed ~8x more rows than it has buckets. payment_rollups_fold folds the shards of
-- past Havana days into one row per bucket (shard -1, written by this function only), atomically and
-- exactly: the shard rows it takes are deleted and added to the folded row in one statement. Rows a
-- payment's transaction holds at that moment are skipped (SKIP LOCKED) and folded at the next pass, so
-- the fold never waits on a payment nor a payment on a fold for long, and no deadlock can arise
-- (triggers never write shard -1; one fold at a time, under an advisory lock). Readers sum every shard
-- as before: the folded rows plus the live tail (today's shards and late changes not yet folded).
CREATE OR REPLACE FUNCTION payment_rollups_fold(before date, max_rows integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  -- 0x4f56 = 'OV', 6 = LOCKS.rollupFold (apps/api/src/db/client.ts).
  IF NOT pg_try_advisory_xact_lock(20310, 6) THEN
    RETURN 0;
  END IF;
  WITH picked AS (
    SELECT space, day, status, method, type, shard FROM payment_rollups
    WHERE day < before AND shard >= 0
    LIMIT max_rows
    FOR UPDATE SKIP LOCKED
  ), gone AS (
    DELETE FROM payment_rollups p USING picked k
    WHERE p.space = k.space AND p.day = k.day AND p.status = k.status AND p.method = k.method
      AND p.type = k.type AND p.shard = k.shard
    RETURNING p.space, p.day, p.status, p.method, p.type, p.count, p.amount_cents, p.bonus_cents
  ), added AS (
    INSERT INTO payment_rollups AS r (space, day, status, method, type, shard, count, amount_cents, bonus_cents)
    SELECT space, day, status, method, type, -1, sum(count)::integer, sum(amount_cents), sum(bonus_cents)
    FROM gone GROUP BY space, day, status, method, type
    ON CONFLICT (space, day, status, method, type, shard) DO UPDATE SET
      count = r.count + excluded.count,
      amount_cents = r.amount_cents + excluded.amount_cents,
      bonus_cents = r.bonus_cents + excluded.bonus_cents
    RETURNING 1
  )
  SELECT count(*) INTO moved FROM gone;
  RETURN moved;
END $$;
--> statement-breakpoint
SELECT payment_rollups_fold((now() AT TIME ZONE 'America/Havana')::date, 2147483647);
