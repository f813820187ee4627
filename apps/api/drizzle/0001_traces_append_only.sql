-- Traces are evidence: the database itself refuses to rewrite or erase them.
CREATE OR REPLACE FUNCTION traces_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'traces are append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER traces_no_update_delete BEFORE UPDATE OR DELETE ON traces
  FOR EACH ROW EXECUTE FUNCTION traces_refuse_change();
--> statement-breakpoint
CREATE TRIGGER traces_no_truncate BEFORE TRUNCATE ON traces
  FOR EACH STATEMENT EXECUTE FUNCTION traces_refuse_change();
