CREATE TABLE "service_plan_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_service_plan_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"stripe_payment_intent_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_service_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_address_id" integer,
	"location" text,
	"unit_number" text,
	"service_plan_id" integer,
	"name" text NOT NULL,
	"description" text,
	"total_price_cents" integer NOT NULL,
	"duration_months" integer,
	"payment_schedule" integer NOT NULL,
	"charge_mode" integer NOT NULL,
	"invoice_timing" integer NOT NULL,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"visits" jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"acceptance_mode" integer NOT NULL,
	"public_token" text NOT NULL,
	"timezone" text NOT NULL,
	"start_date" date NOT NULL,
	"billing_start_at" timestamp with time zone,
	"billing_anchor_period" integer DEFAULT 0 NOT NULL,
	"next_billing_period" integer DEFAULT 0 NOT NULL,
	"next_billing_at" timestamp with time zone,
	"next_visit_number" integer DEFAULT 0 NOT NULL,
	"next_visit_date" date,
	"stripe_payment_method_id" text,
	"signed_name" text,
	"signature_url" text,
	"signature_storage_key" text,
	"signed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" integer,
	"last_charge_error" text,
	"last_charge_failed_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "customer_service_plans"."search_text")) STORED,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plan_visit_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"kind" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"is_taxable" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"price_list_item_id" integer,
	"amount_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plan_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_plan_id" integer NOT NULL,
	"position" integer NOT NULL,
	"visit_description" text
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"total_price_cents" integer NOT NULL,
	"duration_months" integer,
	"payment_schedule" integer NOT NULL,
	"charge_mode" integer DEFAULT 0 NOT NULL,
	"invoice_timing" integer DEFAULT 1 NOT NULL,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "service_plans"."search_text")) STORED,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "customer_service_plan_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "service_plan_visit_number" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_service_plan_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_period" integer;--> statement-breakpoint
ALTER TABLE "service_plan_charges" ADD CONSTRAINT "service_plan_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_charges" ADD CONSTRAINT "service_plan_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_charges" ADD CONSTRAINT "service_plan_charges_customer_service_plan_id_customer_service_plans_id_fk" FOREIGN KEY ("customer_service_plan_id") REFERENCES "public"."customer_service_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_plans" ADD CONSTRAINT "customer_service_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_plans" ADD CONSTRAINT "customer_service_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_plans" ADD CONSTRAINT "customer_service_plans_customer_address_id_customer_addresses_id_fk" FOREIGN KEY ("customer_address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_plans" ADD CONSTRAINT "customer_service_plans_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_plans" ADD CONSTRAINT "customer_service_plans_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_plans" ADD CONSTRAINT "customer_service_plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_visit_line_items" ADD CONSTRAINT "service_plan_visit_line_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_visit_line_items" ADD CONSTRAINT "service_plan_visit_line_items_visit_id_service_plan_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."service_plan_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_visits" ADD CONSTRAINT "service_plan_visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plan_visits" ADD CONSTRAINT "service_plan_visits_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_plan_charges_invoice_unique" ON "service_plan_charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_plan_charges_key_unique" ON "service_plan_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "service_plan_charges_pending_idx" ON "service_plan_charges" USING btree ("created_at") WHERE "service_plan_charges"."status" in ('pending', 'charging');--> statement-breakpoint
CREATE UNIQUE INDEX "customer_service_plans_public_token_unique" ON "customer_service_plans" USING btree ("public_token");--> statement-breakpoint
CREATE INDEX "customer_service_plans_company_created_idx" ON "customer_service_plans" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_service_plans_company_status_created_idx" ON "customer_service_plans" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_service_plans_company_customer_idx" ON "customer_service_plans" USING btree ("company_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_service_plans_company_name_idx" ON "customer_service_plans" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "customer_service_plans_billing_due_idx" ON "customer_service_plans" USING btree ("next_billing_at") WHERE "customer_service_plans"."status" = 1 and "customer_service_plans"."next_billing_at" is not null;--> statement-breakpoint
CREATE INDEX "customer_service_plans_visit_due_idx" ON "customer_service_plans" USING btree ("next_visit_date") WHERE "customer_service_plans"."status" = 1 and "customer_service_plans"."next_visit_date" is not null;--> statement-breakpoint
CREATE INDEX "customer_service_plans_search_idx" ON "customer_service_plans" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "service_plan_visit_line_items_visit_idx" ON "service_plan_visit_line_items" USING btree ("visit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "service_plan_visits_position_unique" ON "service_plan_visits" USING btree ("service_plan_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "service_plans_company_name_unique" ON "service_plans" USING btree ("company_id",lower("name")) WHERE "service_plans"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "service_plans_company_created_idx" ON "service_plans" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_plans_company_name_idx" ON "service_plans" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "service_plans_search_idx" ON "service_plans" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_service_plan_id_customer_service_plans_id_fk" FOREIGN KEY ("customer_service_plan_id") REFERENCES "public"."customer_service_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_service_plan_id_customer_service_plans_id_fk" FOREIGN KEY ("customer_service_plan_id") REFERENCES "public"."customer_service_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_plan_visit_unique" ON "jobs" USING btree ("customer_service_plan_id","service_plan_visit_number") WHERE "jobs"."customer_service_plan_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_plan_period_unique" ON "invoices" USING btree ("customer_service_plan_id","billing_period") WHERE "invoices"."customer_service_plan_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_company_customer_plan_created_idx" ON "invoices" USING btree ("company_id","customer_id","created_at","id") WHERE "invoices"."customer_service_plan_id" is not null;