-- Issue 29: the staff lists at a city's volume. Exact totals over millions without counting them (the
-- counts kept by the database, per the values the lists filter on, spread over 8 shards so concurrent
-- writers do not queue on one row), and the indexes that serve each list's first page for each filter
-- and sort the web offers. Statement triggers with transition tables: a bulk insert adds its counts
-- once per bucket, not once per row.
CREATE TABLE "user_counts" (
	"space" text NOT NULL,
	"status" text NOT NULL,
	"client_type" text,
	"municipality" integer,
	"live" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_key" UNIQUE NULLS NOT DISTINCT("space","status","client_type","municipality","live","shard")
);
--> statement-breakpoint
CREATE TABLE "trace_counts" (
	"space" text NOT NULL,
	"type" text NOT NULL,
	"module" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trace_counts_pk" PRIMARY KEY("space","type","module","shard")
);
--> statement-breakpoint
CREATE TABLE "security_event_counts" (
	"space" text NOT NULL,
	"event" text NOT NULL,
	"result" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "security_event_counts_pk" PRIMARY KEY("space","event","result","shard")
);
--> statement-breakpoint
CREATE TABLE "account_counts" (
	"space" text NOT NULL,
	"client_type" text NOT NULL,
	"municipality" integer NOT NULL,
	"active" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_counts_pk" PRIMARY KEY("space","client_type","municipality","active","shard")
);
--> statement-breakpoint
-- The payment record's total by status, method and type: 0017's rollups answer it too, but per day
-- (≈ 100,000 rows to sum at 10M payments); these are a few hundred.
CREATE TABLE "payment_counts" (
	"space" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"type" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_counts_pk" PRIMARY KEY("space","status","method","type","shard")
);
--> statement-breakpoint
-- Users: each filter's first page and each sort's (the default order, newest first, as tie-break).
CREATE INDEX "users_space_status_created_idx" ON "users" USING btree ("space","status","created_at" DESC,"id");--> statement-breakpoint
CREATE INDEX "users_space_first_name_created_idx" ON "users" USING btree ("space","first_name","created_at" DESC,"id");--> statement-breakpoint
CREATE INDEX "users_space_email_idx" ON "users" USING btree ("space","email");--> statement-breakpoint
-- The audit log: one person's changes, and the sorts by type and by module.
CREATE INDEX "traces_owner_created_idx" ON "traces" USING btree ("owner","created_at","id");--> statement-breakpoint
CREATE INDEX "traces_space_type_created_idx" ON "traces" USING btree ("space","type","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "traces_space_module_created_idx" ON "traces" USING btree ("space","module","created_at" DESC,"id" DESC);--> statement-breakpoint
-- The security log: the sorts by result and by address.
CREATE INDEX "security_events_space_result_created_idx" ON "security_events" USING btree ("space","result","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "security_events_space_ip_idx" ON "security_events" USING btree ("space","ip");--> statement-breakpoint
-- The payment record: the sort by status, and the amount's filter and sort.
CREATE INDEX "payment_requests_space_status_created_idx" ON "payment_requests" USING btree ("space","status","created_at" DESC,"id");--> statement-breakpoint
CREATE INDEX "payment_requests_space_amount_idx" ON "payment_requests" USING btree ("space","amount_cents");--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (space, status, client_type, municipality, live, shard, count)
    SELECT space, status, client_type, municipality, deleted_at IS NULL, (abs(hashtext(id::text)) % 8)::smallint, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (space, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS c (space, status, client_type, municipality, live, shard, count)
    SELECT space, status, client_type, municipality, deleted_at IS NULL, (abs(hashtext(id::text)) % 8)::smallint, -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (space, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    -- Only the buckets whose count changes are touched (most updates change none of these columns).
    INSERT INTO user_counts AS c (space, status, client_type, municipality, live, shard, count)
    SELECT space, status, client_type, municipality, live, shard, sum(d)::int FROM (
      SELECT space, status, client_type, municipality, deleted_at IS NULL AS live, (abs(hashtext(id::text)) % 8)::smallint AS shard, -1 AS d FROM old_rows
      UNION ALL
      SELECT space, status, client_type, municipality, deleted_at IS NULL, (abs(hashtext(id::text)) % 8)::smallint, 1 FROM new_rows
    ) x GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (space, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_track();
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_track();
--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_track();
--> statement-breakpoint
-- Traces and sign-in events are append-only (0001, 0013 refuse UPDATE, DELETE and TRUNCATE): inserts only.
CREATE OR REPLACE FUNCTION trace_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trace_counts AS c (space, type, module, shard, count)
  SELECT space, type, module, (id % 8)::smallint, count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (space, type, module, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trace_counts_insert AFTER INSERT ON traces REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trace_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION security_event_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO security_event_counts AS c (space, event, result, shard, count)
  SELECT space, event, result, (id % 8)::smallint, count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (space, event, result, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER security_event_counts_insert AFTER INSERT ON security_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION security_event_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_counts AS c (space, client_type, municipality, active, shard, count)
    SELECT space, client_type, municipality, active, (abs(hashtext(cc)) % 8)::smallint, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (space, client_type, municipality, active, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO account_counts AS c (space, client_type, municipality, active, shard, count)
    SELECT space, client_type, municipality, active, (abs(hashtext(cc)) % 8)::smallint, -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (space, client_type, municipality, active, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO account_counts AS c (space, client_type, municipality, active, shard, count)
    SELECT space, client_type, municipality, active, shard, sum(d)::int FROM (
      SELECT space, client_type, municipality, active, (abs(hashtext(cc)) % 8)::smallint AS shard, -1 AS d FROM old_rows
      UNION ALL
      SELECT space, client_type, municipality, active, (abs(hashtext(cc)) % 8)::smallint, 1 FROM new_rows
    ) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (space, client_type, municipality, active, shard) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_counts_insert AFTER INSERT ON accounts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION account_counts_track();
--> statement-breakpoint
CREATE TRIGGER account_counts_update AFTER UPDATE ON accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION account_counts_track();
--> statement-breakpoint
CREATE TRIGGER account_counts_delete AFTER DELETE ON accounts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION account_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_counts AS c (space, status, method, type, shard, count)
    SELECT space, status, method, type, (abs(hashtext(id::text)) % 8)::smallint, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (space, status, method, type, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_counts AS c (space, status, method, type, shard, count)
    SELECT space, status, method, type, (abs(hashtext(id::text)) % 8)::smallint, -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (space, status, method, type, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO payment_counts AS c (space, status, method, type, shard, count)
    SELECT space, status, method, type, shard, sum(d)::int FROM (
      SELECT space, status, method, type, (abs(hashtext(id::text)) % 8)::smallint AS shard, -1 AS d FROM old_rows
      UNION ALL
      SELECT space, status, method, type, (abs(hashtext(id::text)) % 8)::smallint, 1 FROM new_rows
    ) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (space, status, method, type, shard) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_counts_insert AFTER INSERT ON payment_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_track();
--> statement-breakpoint
CREATE TRIGGER payment_counts_update AFTER UPDATE ON payment_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_track();
--> statement-breakpoint
CREATE TRIGGER payment_counts_delete AFTER DELETE ON payment_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN DELETE FROM user_counts;
  ELSIF TG_TABLE_NAME = 'payment_requests' THEN DELETE FROM payment_counts;
  ELSE DELETE FROM account_counts; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER account_counts_truncate AFTER TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate();
--> statement-breakpoint
CREATE TRIGGER payment_counts_truncate AFTER TRUNCATE ON payment_requests FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate();
--> statement-breakpoint
-- Every kept count rebuilt from the rows in one pass: here, and after a bulk load with the triggers off
-- (bench/volume.mjs).
CREATE OR REPLACE FUNCTION list_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_counts;
  INSERT INTO user_counts (space, status, client_type, municipality, live, shard, count)
  SELECT space, status, client_type, municipality, deleted_at IS NULL, (abs(hashtext(id::text)) % 8)::smallint, count(*)
  FROM users GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM trace_counts;
  INSERT INTO trace_counts (space, type, module, shard, count)
  SELECT space, type, module, (id % 8)::smallint, count(*) FROM traces GROUP BY 1, 2, 3, 4;
  DELETE FROM security_event_counts;
  INSERT INTO security_event_counts (space, event, result, shard, count)
  SELECT space, event, result, (id % 8)::smallint, count(*) FROM security_events GROUP BY 1, 2, 3, 4;
  DELETE FROM account_counts;
  INSERT INTO account_counts (space, client_type, municipality, active, shard, count)
  SELECT space, client_type, municipality, active, (abs(hashtext(cc)) % 8)::smallint, count(*)
  FROM accounts GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM payment_counts;
  INSERT INTO payment_counts (space, status, method, type, shard, count)
  SELECT space, status, method, type, (abs(hashtext(id::text)) % 8)::smallint, count(*)
  FROM payment_requests GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT list_counts_rebuild();
