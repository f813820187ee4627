-- Issue 29: the users list's total with a role filter (e.g. the USER role, held by ~95 % of a city's
-- million users) without counting the holders: how many users hold each role, per the values the list
-- filters on together with a role (status, client type, municipality, removed or not), kept like
-- 0029's counts (statement triggers with transition tables, 8 shards, the same transaction).
-- Kept through role grants and revocations (`user_roles`) and through the holders' own changes
-- (status, client type, municipality, removal, deletion). No index is built here; the recount at
-- the end reads `user_roles` and `users` once (docs/DEPLOY.md, "Upgrading a large database").
CREATE TABLE IF NOT EXISTS "user_role_counts" (
	"space" text NOT NULL,
	"role_id" uuid NOT NULL,
	"status" text NOT NULL,
	"client_type" text,
	"municipality" integer,
	"live" boolean NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_role_counts_key" UNIQUE NULLS NOT DISTINCT("space","role_id","status","client_type","municipality","live","shard")
);
--> statement-breakpoint
-- Grants and revocations: each counted with its holder's current values. The holders' rows are locked
-- first (as an UPDATE of them would), so a concurrent change of a holder's status, client type,
-- municipality or removal waits for this one and then moves this grant too, or this one waits for it
-- and reads the values it committed. A holder deleted in the same statement (the cascade from
-- `users`) is no longer there: `user_role_counts_deleted` took its roles off before.
CREATE OR REPLACE FUNCTION user_role_counts_grants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO user_role_counts AS c (space, role_id, status, client_type, municipality, live, shard, count)
    SELECT u.space, g.role_id, u.status, u.client_type, u.municipality, u.deleted_at IS NULL,
      (abs(hashtext(u.id::text)) % 8)::smallint, count(*)
    FROM new_rows g JOIN users u ON u.id = g.user_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (space, role_id, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO user_role_counts AS c (space, role_id, status, client_type, municipality, live, shard, count)
    SELECT u.space, g.role_id, u.status, u.client_type, u.municipality, u.deleted_at IS NULL,
      (abs(hashtext(u.id::text)) % 8)::smallint, -count(*)
    FROM old_rows g JOIN users u ON u.id = g.user_id
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (space, role_id, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows)
      ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO user_role_counts AS c (space, role_id, status, client_type, municipality, live, shard, count)
    SELECT space, role_id, status, client_type, municipality, live, shard, sum(d)::int FROM (
      SELECT u.space, g.role_id, u.status, u.client_type, u.municipality, u.deleted_at IS NULL AS live,
        (abs(hashtext(u.id::text)) % 8)::smallint AS shard, -1 AS d
      FROM old_rows g JOIN users u ON u.id = g.user_id
      UNION ALL
      SELECT u.space, g.role_id, u.status, u.client_type, u.municipality, u.deleted_at IS NULL,
        (abs(hashtext(u.id::text)) % 8)::smallint, 1
      FROM new_rows g JOIN users u ON u.id = g.user_id
    ) x GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (space, role_id, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_role_counts_insert AFTER INSERT ON user_roles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_grants();
--> statement-breakpoint
CREATE TRIGGER user_role_counts_update AFTER UPDATE ON user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_grants();
--> statement-breakpoint
CREATE TRIGGER user_role_counts_delete AFTER DELETE ON user_roles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_grants();
--> statement-breakpoint
-- A holder's change of the values the list filters on (status, client type, municipality, removal):
-- its roles move from the old bucket to the new one. Most updates of users change none of them and
-- touch nothing.
CREATE OR REPLACE FUNCTION user_role_counts_holders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_role_counts AS c (space, role_id, status, client_type, municipality, live, shard, count)
  SELECT space, role_id, status, client_type, municipality, live, shard, sum(d)::int FROM (
    SELECT o.space, g.role_id, o.status, o.client_type, o.municipality, o.deleted_at IS NULL AS live,
      (abs(hashtext(o.id::text)) % 8)::smallint AS shard, -1 AS d
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN user_roles g ON g.user_id = o.id
    WHERE (o.space, o.status, o.client_type, o.municipality, o.deleted_at IS NULL)
      IS DISTINCT FROM (n.space, n.status, n.client_type, n.municipality, n.deleted_at IS NULL)
    UNION ALL
    SELECT n.space, g.role_id, n.status, n.client_type, n.municipality, n.deleted_at IS NULL,
      (abs(hashtext(n.id::text)) % 8)::smallint, 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN user_roles g ON g.user_id = n.id
    WHERE (o.space, o.status, o.client_type, o.municipality, o.deleted_at IS NULL)
      IS DISTINCT FROM (n.space, n.status, n.client_type, n.municipality, n.deleted_at IS NULL)
  ) x GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (space, role_id, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_role_counts_holders AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_holders();
--> statement-breakpoint
-- A user deleted for good (removal is a soft delete; this is the rare hard one): its roles leave the
-- counts before the cascade deletes its `user_roles` rows (by then the user's values are gone).
CREATE OR REPLACE FUNCTION user_role_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_role_counts AS c (space, role_id, status, client_type, municipality, live, shard, count)
  SELECT OLD.space, g.role_id, OLD.status, OLD.client_type, OLD.municipality, OLD.deleted_at IS NULL,
    (abs(hashtext(OLD.id::text)) % 8)::smallint, -count(*)
  FROM user_roles g WHERE g.user_id = OLD.id
  GROUP BY g.role_id ORDER BY g.role_id
  ON CONFLICT (space, role_id, status, client_type, municipality, live, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_role_counts_deleted BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_counts_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_role_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_role_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- `users` cannot be truncated without `user_roles` (its foreign key): this one covers both.
CREATE TRIGGER user_role_counts_truncate AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_role_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_role_counts;
  INSERT INTO user_role_counts (space, role_id, status, client_type, municipality, live, shard, count)
  SELECT u.space, g.role_id, u.status, u.client_type, u.municipality, u.deleted_at IS NULL,
    (abs(hashtext(u.id::text)) % 8)::smallint, count(*)
  FROM user_roles g JOIN users u ON u.id = g.user_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
END $$;
--> statement-breakpoint
-- 0029's rebuild of every kept count (after a bulk load with the triggers off: bench/volume.mjs), now
-- with the role counts too.
CREATE OR REPLACE FUNCTION list_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_counts;
  INSERT INTO user_counts (space, status, client_type, municipality, live, shard, count)
  SELECT space, status, client_type, municipality, deleted_at IS NULL, (abs(hashtext(id::text)) % 8)::smallint, count(*)
  FROM users GROUP BY 1, 2, 3, 4, 5, 6;
  PERFORM user_role_counts_rebuild();
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
SELECT user_role_counts_rebuild();
