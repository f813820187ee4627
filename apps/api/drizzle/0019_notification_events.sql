ALTER TABLE "notifications" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- Rows written before events were stored: recognise them from their payload so they read as new ones.
UPDATE "notifications" AS n SET "event" = 'PAYMENT_STATUS', "params" = jsonb_build_object(
  'paymentId', p."id", 'status', n."payload"->'body'->>'status', 'amountCents', p."amount_cents",
  'cc', p."cc", 'method', p."method", 'type', p."type", 'resultCode', n."payload"->'resultCode',
  'bonusCents', p."bonus_cents")
FROM "payment_requests" AS p
WHERE n."event" IS NULL AND n."payload"->>'module' = 'payments' AND p."id"::text = n."payload"->>'paymentId';--> statement-breakpoint
UPDATE "notifications" SET "event" = 'CONTRACT_REQUEST_STATUS', "params" = jsonb_build_object(
  'requestId', "payload"->'body'->>'name', 'status', "payload"->'body'->>'status')
WHERE "event" IS NULL AND "payload"->>'kind' = 'CONTRACT_REQUEST';--> statement-breakpoint
UPDATE "notifications" SET "event" = 'ACCESS_REQUEST_DECIDED', "params" = jsonb_build_object(
  'accessRequestId', "payload"->>'accessRequestId', 'role', "payload"->'body'->>'name',
  'status', "payload"->'body'->>'status', 'reason', "payload"->'reason')
WHERE "event" IS NULL AND "payload"->>'kind' = 'ACCESS_REQUEST';
