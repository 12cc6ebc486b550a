CREATE TABLE "customer_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "customer_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_lead_sources" (
	"customer_id" integer NOT NULL,
	"lead_source_id" integer NOT NULL,
	CONSTRAINT "customer_lead_sources_customer_id_lead_source_id_pk" PRIMARY KEY("customer_id","lead_source_id")
);
--> statement-breakpoint
CREATE TABLE "customer_tags" (
	"customer_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "customer_tags_customer_id_tag_id_pk" PRIMARY KEY("customer_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "company_api_keys" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "employee_tags" (
	"user_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "employee_tags_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
DROP INDEX "customers_company_name_idx";--> statement-breakpoint
DROP INDEX "customers_company_email_idx";--> statement-breakpoint
DROP INDEX "customers_company_phone_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "additional_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "secondary_phone_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "billing_location" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "customers"."search_text")) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_attachments" ADD CONSTRAINT "customer_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_attachments" ADD CONSTRAINT "customer_attachments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_attachments" ADD CONSTRAINT "customer_attachments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lead_sources" ADD CONSTRAINT "customer_lead_sources_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lead_sources" ADD CONSTRAINT "customer_lead_sources_lead_source_id_lead_sources_id_fk" FOREIGN KEY ("lead_source_id") REFERENCES "public"."lead_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_api_keys" ADD CONSTRAINT "company_api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_api_keys" ADD CONSTRAINT "company_api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_tags" ADD CONSTRAINT "employee_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_tags" ADD CONSTRAINT "employee_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_attachments_customer_idx" ON "customer_attachments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_lead_sources_source_idx" ON "customer_lead_sources" USING btree ("lead_source_id");--> statement-breakpoint
CREATE INDEX "customer_tags_tag_idx" ON "customer_tags" USING btree ("tag_id","customer_id");--> statement-breakpoint
CREATE INDEX "employee_tags_tag_idx" ON "employee_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "customers_company_company_name_idx" ON "customers" USING btree ("company_id",lower(coalesce("own_company_name", '')),"id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_billing_idx" ON "customers" USING btree ("company_id",lower(coalesce("billing_location", '')),"id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_created_idx" ON "customers" USING btree ("company_id","created_at","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id",lower("first_name"),lower(coalesce("last_name", '')),"id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_email_idx" ON "customers" USING btree ("company_id",lower("email")) WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_phone_idx" ON "customers" USING btree ("company_id","main_phone_number") WHERE "customers"."deleted_at" is null;