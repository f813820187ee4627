CREATE TABLE "contract_request_counts" (
	"space" text NOT NULL,
	"sector" text NOT NULL,
	"status" text NOT NULL,
	"municipality" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "contract_request_counts_space_sector_status_municipality_pk" PRIMARY KEY("space","sector","status","municipality")
);
--> statement-breakpoint
CREATE INDEX "contract_requests_space_created_idx" ON "contract_requests" USING btree ("space","created_at","id");--> statement-breakpoint
-- One request's contribution added (sign 1) or taken away (sign -1).
CREATE OR REPLACE FUNCTION contract_request_count_apply(r contract_requests, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contract_request_counts AS c (space, sector, status, municipality, count)
  VALUES (r.space, r.sector, r.status, r.municipality, sign)
  ON CONFLICT (space, sector, status, municipality) DO UPDATE SET count = c.count + excluded.count;
END $$;
--> statement-breakpoint
-- A change moves the request from its old bucket to its new one, both touched in one order (by the
-- bucket's key) so two changes in opposite directions cannot deadlock on them.
CREATE OR REPLACE FUNCTION contract_request_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM contract_request_count_apply(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contract_request_count_apply(OLD, -1);
  ELSIF (OLD.space, OLD.sector, OLD.status, OLD.municipality)
        IS DISTINCT FROM (NEW.space, NEW.sector, NEW.status, NEW.municipality) THEN
    IF (OLD.space, OLD.sector, OLD.status, OLD.municipality) < (NEW.space, NEW.sector, NEW.status, NEW.municipality) THEN
      PERFORM contract_request_count_apply(OLD, -1);
      PERFORM contract_request_count_apply(NEW, 1);
    ELSE
      PERFORM contract_request_count_apply(NEW, 1);
      PERFORM contract_request_count_apply(OLD, -1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contract_request_counts_track AFTER INSERT OR UPDATE OR DELETE ON contract_requests
  FOR EACH ROW EXECUTE FUNCTION contract_request_counts_track();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contract_request_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contract_request_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contract_request_counts_truncate AFTER TRUNCATE ON contract_requests
  FOR EACH STATEMENT EXECUTE FUNCTION contract_request_counts_truncate();
--> statement-breakpoint
INSERT INTO contract_request_counts (space, sector, status, municipality, count)
SELECT space, sector, status, municipality, count(*) FROM contract_requests GROUP BY 1, 2, 3, 4;
