-- What the gateways told us is evidence: the database refuses to rewrite or erase it.
CREATE OR REPLACE FUNCTION payment_events_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'payment_events are append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payment_events_no_update_delete BEFORE UPDATE OR DELETE ON payment_events
  FOR EACH ROW EXECUTE FUNCTION payment_events_refuse_change();
