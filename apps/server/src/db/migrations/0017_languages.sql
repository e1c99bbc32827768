ALTER TABLE "registrars" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "registrars" ADD CONSTRAINT "registrars_language_check" CHECK ("registrars"."language" IN ('en', 'nl', 'fr', 'de'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" IN ('en', 'nl', 'fr', 'de'));