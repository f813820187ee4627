ALTER TABLE "roles" ADD COLUMN "description_en" text;--> statement-breakpoint
-- The built-in roles' descriptions in both languages (issue 26: Spanish text on English pages). Only
-- descriptions still as installed are touched: an administrator's own words stay theirs.
UPDATE "roles" SET "description" = 'Todos los permisos, en todo el sistema', "description_en" = 'Every permission, across the whole system' WHERE "name" = 'SUPER_ADMIN' AND "description" = 'Superadministrador';--> statement-breakpoint
UPDATE "roles" SET "description" = 'Cliente del portal: consulta y paga sus servicios', "description_en" = 'Portal customer: checks and pays for their services' WHERE "name" = 'USER' AND "description" = 'Cliente';--> statement-breakpoint
UPDATE "roles" SET "description_en" = 'Commercial specialist: handles residential contract requests' WHERE "name" = 'COMMERCIAL_SPECIALIST' AND "description" = 'Especialista comercial: tramita solicitudes de contrato residenciales';--> statement-breakpoint
UPDATE "roles" SET "description_en" = 'Specialist for big clients and the state sector' WHERE "name" = 'BIG_CLIENT_SPECIALIST' AND "description" = 'Especialista de grandes clientes y sector estatal';--> statement-breakpoint
UPDATE "roles" SET "description_en" = 'Supervises the contract requests of every sector' WHERE "name" = 'CONTRACT_SUPERVISOR' AND "description" = 'Supervisa las solicitudes de contrato de todos los sectores';--> statement-breakpoint
UPDATE "roles" SET "description_en" = 'Manages users, roles and traces' WHERE "name" = 'SECURITY_ADMIN' AND "description" = 'Administra usuarios, roles y trazas';
