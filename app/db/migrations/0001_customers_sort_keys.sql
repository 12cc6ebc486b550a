DROP INDEX "customers_company_name_idx";--> statement-breakpoint
DROP INDEX "customers_company_company_name_idx";--> statement-breakpoint
DROP INDEX "customers_company_billing_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_first_name" text GENERATED ALWAYS AS (left(lower(coalesce("customers"."first_name", '')), 100)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_last_name" text GENERATED ALWAYS AS (left(lower(coalesce("customers"."last_name", '')), 100)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_company_name" text GENERATED ALWAYS AS (left(lower(coalesce("customers"."own_company_name", '')), 100)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sort_billing_location" text GENERATED ALWAYS AS (left(lower(coalesce("customers"."billing_location", '')), 100)) STORED;--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id","sort_first_name","sort_last_name","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_company_name_idx" ON "customers" USING btree ("company_id","sort_company_name","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_billing_idx" ON "customers" USING btree ("company_id","sort_billing_location","id") WHERE "customers"."deleted_at" is null;