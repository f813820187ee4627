-- Signing out ends that sign-in's access tokens at once, and "change your password at next sign-in"
-- holds every other call: both are read with the caller's principal, whose per-process copies are
-- dropped through `ov_cache` (migration 0008). So the revocation of a sign-in (a refresh-token family)
-- and a change of `change_password_required` announce the user too.
CREATE OR REPLACE FUNCTION ov_cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ov_cache', 'principal:' || NEW.user_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_cache_notify AFTER UPDATE ON refresh_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION ov_cache_notify_session();
--> statement-breakpoint
DROP TRIGGER users_cache_notify ON users;
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.sessions_valid_after IS DISTINCT FROM NEW.sessions_valid_after
    OR OLD.change_password_required IS DISTINCT FROM NEW.change_password_required
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.space IS DISTINCT FROM NEW.space
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION ov_cache_notify();
