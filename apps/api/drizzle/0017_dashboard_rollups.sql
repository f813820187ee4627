CREATE TABLE "payment_rollups" (
	"space" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"type" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_rollups_space_day_status_method_type_shard_pk" PRIMARY KEY("space","day","status","method","type","shard")
);
--> statement-breakpoint
CREATE TABLE "user_rollups" (
	"space" text NOT NULL,
	"day" date NOT NULL,
	"client_type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_rollups_space_day_client_type_pk" PRIMARY KEY("space","day","client_type")
);
--> statement-breakpoint
-- One row's contribution added (sign 1) or taken away (sign -1).
CREATE OR REPLACE FUNCTION payment_rollup_apply(r payment_requests, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_rollups AS p (space, day, status, method, type, shard, count, amount_cents, bonus_cents)
  VALUES (r.space, (r.created_at AT TIME ZONE 'America/Havana')::date, r.status, r.method, r.type,
          (abs(hashtext(r.id::text)) % 8)::smallint, sign, sign * r.amount_cents, sign * r.bonus_cents)
  ON CONFLICT (space, day, status, method, type, shard) DO UPDATE SET
    count = p.count + excluded.count,
    amount_cents = p.amount_cents + excluded.amount_cents,
    bonus_cents = p.bonus_cents + excluded.bonus_cents;
END $$;
--> statement-breakpoint
-- A change moves the payment from its old bucket to its new one. Both buckets are touched in one
-- order (by status) so two changes in opposite directions cannot deadlock on them.
CREATE OR REPLACE FUNCTION payment_rollups_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payment_rollup_apply(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM payment_rollup_apply(OLD, -1);
  ELSIF OLD.status IS DISTINCT FROM NEW.status OR OLD.amount_cents IS DISTINCT FROM NEW.amount_cents
     OR OLD.bonus_cents IS DISTINCT FROM NEW.bonus_cents OR OLD.method IS DISTINCT FROM NEW.method
     OR OLD.type IS DISTINCT FROM NEW.type OR OLD.created_at IS DISTINCT FROM NEW.created_at
     OR OLD.space IS DISTINCT FROM NEW.space THEN
    IF OLD.status <= NEW.status THEN
      PERFORM payment_rollup_apply(OLD, -1);
      PERFORM payment_rollup_apply(NEW, 1);
    ELSE
      PERFORM payment_rollup_apply(NEW, 1);
      PERFORM payment_rollup_apply(OLD, -1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_rollups_track AFTER INSERT OR UPDATE OR DELETE ON payment_requests
  FOR EACH ROW EXECUTE FUNCTION payment_rollups_track();
--> statement-breakpoint
INSERT INTO payment_rollups (space, day, status, method, type, shard, count, amount_cents, bonus_cents)
SELECT space, (created_at AT TIME ZONE 'America/Havana')::date, status, method, type,
       (abs(hashtext(id::text)) % 8)::smallint, count(*), sum(amount_cents), sum(bonus_cents)
FROM payment_requests
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_rollup_apply(r users, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF r.client_type IS NULL OR r.deleted_at IS NOT NULL THEN RETURN; END IF;
  INSERT INTO user_rollups AS u (space, day, client_type, count)
  VALUES (r.space, (r.created_at AT TIME ZONE 'America/Havana')::date, r.client_type, sign)
  ON CONFLICT (space, day, client_type) DO UPDATE SET count = u.count + excluded.count;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_rollups_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM user_rollup_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM user_rollup_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_rollups_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_rollups_track();
--> statement-breakpoint
CREATE TRIGGER user_rollups_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.client_type IS DISTINCT FROM NEW.client_type OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.space IS DISTINCT FROM NEW.space)
  EXECUTE FUNCTION user_rollups_track();
--> statement-breakpoint
INSERT INTO user_rollups (space, day, client_type, count)
SELECT space, (created_at AT TIME ZONE 'America/Havana')::date, client_type, count(*)
FROM users WHERE client_type IS NOT NULL AND deleted_at IS NULL
GROUP BY 1, 2, 3;
