-- Payment agreements asked from a code's page (issue 30): the agreement a contract request of
-- procedure PAYMENT_AGREEMENT carries (asked and approved plan), and, in the built-in ledger, the
-- agreement an invoice belongs to: the AGREED invoices it covers and the schedule's payable items.
ALTER TABLE "contract_requests" ADD COLUMN "agreement" jsonb;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "agreement_id" uuid;
--> statement-breakpoint
CREATE INDEX "invoices_agreement_idx" ON "invoices" USING btree ("agreement_id") WHERE "invoices"."agreement_id" is not null;
--> statement-breakpoint
ALTER TABLE "payment_agreements" ADD COLUMN "request_id" text;
