-- Every API process keeps short-lived copies of who a caller is (status, roles, permissions) and of
-- which client codes a customer holds. These triggers announce every change to those rows on the
-- channel `ov_cache` (delivered on commit, to every listening connection), so the copies are dropped
-- by whatever wrote the change: the API, another API process, a script or a hand-written UPDATE.
CREATE OR REPLACE FUNCTION ov_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('ov_cache', 'principal:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'user_roles' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ov_cache', 'principal:' || OLD.user_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ov_cache', 'principal:' || NEW.user_id::text); END IF;
  ELSIF TG_TABLE_NAME = 'client_code_links' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ov_cache', 'links:' || OLD.user_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ov_cache', 'links:' || NEW.user_id::text); END IF;
  ELSE
    -- roles, role_permissions: every holder of the role is affected.
    PERFORM pg_notify('ov_cache', 'principal:*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cache_notify_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION ov_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.sessions_valid_after IS DISTINCT FROM NEW.sessions_valid_after
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.space IS DISTINCT FROM NEW.space
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION ov_cache_notify();
--> statement-breakpoint
CREATE TRIGGER user_roles_cache_notify AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW
  EXECUTE FUNCTION ov_cache_notify();
--> statement-breakpoint
CREATE TRIGGER roles_cache_notify AFTER UPDATE OR DELETE ON roles FOR EACH STATEMENT
  EXECUTE FUNCTION ov_cache_notify();
--> statement-breakpoint
CREATE TRIGGER role_permissions_cache_notify AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION ov_cache_notify();
--> statement-breakpoint
CREATE TRIGGER client_code_links_cache_notify AFTER INSERT OR UPDATE OR DELETE ON client_code_links
  FOR EACH ROW EXECUTE FUNCTION ov_cache_notify();
