-- Issue 29: the dashboard at 10M payments. The rollups of migration 0017 keep each past day in up to
-- 8 shards per (status, method, type), so that concurrent settlements do not queue on one row; a
-- two-year range summed ~8x more rows than it has buckets. payment_rollups_fold folds the shards of
-- past Havana days into one row per bucket (shard -1, written by this function only), atomically and
-- exactly: the shard rows it takes are deleted and added to the folded row in one statement. Rows a
-- payment's transaction holds at that moment are skipped (SKIP LOCKED) and folded at the next pass, so
-- the fold never waits on a payment nor a payment on a fold for long, and no deadlock can arise
-- (triggers never write shard -1; one fold at a time, under an advisory lock). Readers sum every shard
-- as before: the folded rows plus the live tail (today's shards and late changes not yet folded).
-- The fold also adds what it folds to payment_rollup_months (per space, month, status, method, type),
-- in the same statement: a month's figures are its month row plus its tail rows, so the cards and the
-- statuses over a long range read its whole months there and only the days at its ends.
CREATE TABLE "payment_rollup_months" (
	"space" text NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_rollup_months_space_month_status_method_type_pk" PRIMARY KEY("space","month","status","method","type")
);
--> statement-breakpoint
INSERT INTO payment_rollup_months (space, month, status, method, type, count, amount_cents, bonus_cents)
SELECT space, date_trunc('month', day)::date, status, method, type, sum(count)::integer, sum(amount_cents), sum(bonus_cents)
FROM payment_rollups WHERE shard = -1 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- The histogram reads PAYED days only; the tail inside whole months is found by its own index.
CREATE INDEX "payment_rollups_status_day_idx" ON "payment_rollups" ("space", "status", "day");
--> statement-breakpoint
CREATE INDEX "payment_rollups_tail_idx" ON "payment_rollups" ("space", "day") WHERE "shard" >= 0;
--> statement-breakpoint
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
  ), months AS (
    INSERT INTO payment_rollup_months AS m (space, month, status, method, type, count, amount_cents, bonus_cents)
    SELECT space, date_trunc('month', day)::date, status, method, type, sum(count)::integer, sum(amount_cents), sum(bonus_cents)
    FROM gone GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (space, month, status, method, type) DO UPDATE SET
      count = m.count + excluded.count,
      amount_cents = m.amount_cents + excluded.amount_cents,
      bonus_cents = m.bonus_cents + excluded.bonus_cents
    RETURNING 1
  )
  SELECT count(*) INTO moved FROM gone;
  RETURN moved;
END $$;
--> statement-breakpoint
SELECT payment_rollups_fold((now() AT TIME ZONE 'America/Havana')::date, 2147483647);
