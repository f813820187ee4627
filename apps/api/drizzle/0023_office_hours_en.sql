ALTER TABLE "commercial_offices" ADD COLUMN "hours_en" text;--> statement-breakpoint
-- Office hours in English too (issue 26: Spanish text on English pages). Only hours still as the demo
-- installed them are translated: an office's own words stay theirs (English pages fall back to them).
UPDATE "commercial_offices" SET "hours_en" = 'Monday to Friday 8:00 to 16:30; every other Saturday 8:00 to 12:00' WHERE "hours" = 'Lunes a viernes de 8:00 a 16:30; sábados alternos de 8:00 a 12:00' AND "hours_en" IS NULL;
