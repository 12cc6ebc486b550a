ALTER TABLE "customer_lead_sources" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customer_tags" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "customer_lead_sources" CASCADE;--> statement-breakpoint
DROP TABLE "customer_tags" CASCADE;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lead_source_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tag_ids");