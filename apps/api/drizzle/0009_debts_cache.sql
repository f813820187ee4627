-- Every API process keeps a short-lived copy of each client code's debt summary (debts-ccs, the
-- customer's most frequent call). These statement-level triggers announce on `ov_cache` which codes'
-- invoices a statement changed, once per code (`debts:<cc>`), or `debts:*` when a statement touches
-- more than 1000 codes (an import). Like the access copies of 0008, the announcement is delivered on
-- commit to every listening connection, so whoever changes an invoice (the API, a script, a
-- hand-written UPDATE) drops the copies. Bulk loads that skip triggers announce `debts:*` themselves.
CREATE OR REPLACE FUNCTION ov_debts_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('ov_cache', 'debts:*');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(s.cc) INTO changed FROM (SELECT DISTINCT cc FROM ov_new_invoices LIMIT 1001) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(s.cc) INTO changed FROM (SELECT DISTINCT cc FROM ov_old_invoices LIMIT 1001) s;
  ELSE
    SELECT array_agg(s.cc) INTO changed
      FROM (SELECT cc FROM ov_new_invoices UNION SELECT cc FROM ov_old_invoices LIMIT 1001) s;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(changed) > 1000 THEN
    PERFORM pg_notify('ov_cache', 'debts:*');
  ELSE
    PERFORM pg_notify('ov_cache', 'debts:' || c) FROM unnest(changed) AS c;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_debts_notify_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS ov_new_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION ov_debts_notify();
--> statement-breakpoint
CREATE TRIGGER invoices_debts_notify_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS ov_old_invoices NEW TABLE AS ov_new_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION ov_debts_notify();
--> statement-breakpoint
CREATE TRIGGER invoices_debts_notify_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS ov_old_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION ov_debts_notify();
--> statement-breakpoint
CREATE TRIGGER invoices_debts_notify_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION ov_debts_notify();
