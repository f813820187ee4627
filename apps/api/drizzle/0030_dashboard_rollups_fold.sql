-- Issue 29: the dashboard at 10M payments. The rollups of migration 0017 keep each day in up to 8
-- shards per (status, method, type), so that concurrent settlements do not queue on one row; a
-- two-year range summed ~8x more rows than it has buckets, and a row per bucket and day. Now:
-- * payment_rollups_fold folds the shards of past Havana days into one row per bucket (shard -1,
--   written by the fold only), atomically and exactly: the shard rows it takes are deleted and added
--   to the folded row in one statement, and in the same statement to payment_rollup_months (per
--   month and bucket) and payment_rollup_days (per day and status). Rows a payment's transaction holds
--   at that moment are skipped (SKIP LOCKED) and folded at the next pass, so the fold never waits on a
--   payment nor a payment on a fold for long, and nothing can deadlock (triggers never write shard -1
--   nor the two tables; one fold at a time, under an advisory lock).
-- * Figures are the folded rows plus the live tail (shards >= 0: today's, and late changes not folded
--   yet): a month's are its month row plus its tail rows, a day's its day row plus its tail rows.
-- * This migration folds what is there under a lock of its own and rewrites payment_rollups compact.
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
CREATE TABLE "payment_rollup_days" (
	"space" text NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_rollup_days_space_status_day_pk" PRIMARY KEY("space","status","day")
);
--> statement-breakpoint
LOCK TABLE payment_rollups IN EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TEMP TABLE payment_rollups_0030 AS
SELECT space, day, status, method, type,
       CASE WHEN day < (now() AT TIME ZONE 'America/Havana')::date THEN -1 ELSE shard END::smallint AS shard,
       sum(count)::integer AS count, sum(amount_cents)::bigint AS amount_cents, sum(bonus_cents)::bigint AS bonus_cents
FROM payment_rollups GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
TRUNCATE payment_rollups;
--> statement-breakpoint
INSERT INTO payment_rollups (space, day, status, method, type, shard, count, amount_cents, bonus_cents)
SELECT space, day, status, method, type, shard, count, amount_cents, bonus_cents FROM payment_rollups_0030;
--> statement-breakpoint
DROP TABLE payment_rollups_0030;
--> statement-breakpoint
INSERT INTO payment_rollup_months (space, month, status, method, type, count, amount_cents, bonus_cents)
SELECT space, date_trunc('month', day)::date, status, method, type, sum(count)::integer, sum(amount_cents), sum(bonus_cents)
FROM payment_rollups WHERE shard = -1 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO payment_rollup_days (space, status, day, count, amount_cents, bonus_cents)
SELECT space, status, day, sum(count)::integer, sum(amount_cents), sum(bonus_cents)
FROM payment_rollups WHERE shard = -1 GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The live tail, found without reading the folded rows.
CREATE INDEX "payment_rollups_tail_idx" ON "payment_rollups" ("space", "day") WHERE "shard" >= 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_rollups_fold(before date, max_rows integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  -- 20310 = 0x4f56 ('OV', LOCK_NAMESPACE), 6 = LOCKS.rollupFold (apps/api/src/db/client.ts).
  IF NOT pg_try_advisory_xact_lock(20310, 6) THEN
    RETURN 0;
  END IF;
  WITH picked AS (
    SELECT space, day, status, method, type, shard FROM payment_rollups
    WHERE shard >= 0 AND day < before
    LIMIT max_rows
    FOR UPDATE SKIP LOCKED
  ), gone AS (
    DELETE FROM payment_rollups p USING picked k
    WHERE p.space = k.space AND p.day = k.day AND p.status = k.status AND p.method = k.method
      AND p.type = k.type AND p.shard = k.shard
    RETURNING p.space, p.day, p.status, p.method, p.type, p.count, p.amount_cents, p.bonus_cents
  ), folded AS (
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
  ), days AS (
    INSERT INTO payment_rollup_days AS d (space, status, day, count, amount_cents, bonus_cents)
    SELECT space, status, day, sum(count)::integer, sum(amount_cents), sum(bonus_cents)
    FROM gone GROUP BY 1, 2, 3
    ON CONFLICT (space, status, day) DO UPDATE SET
      count = d.count + excluded.count,
      amount_cents = d.amount_cents + excluded.amount_cents,
      bonus_cents = d.bonus_cents + excluded.bonus_cents
    RETURNING 1
  )
  SELECT count(*) INTO moved FROM gone;
  RETURN moved;
END $$;
