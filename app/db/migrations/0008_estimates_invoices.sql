CREATE TABLE "estimate_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_current_state_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_employees" (
	"estimate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"start_time" timestamp with time zone,
	CONSTRAINT "estimate_employees_estimate_id_user_id_pk" PRIMARY KEY("estimate_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "estimate_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"option_id" integer NOT NULL,
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
	"position" integer DEFAULT 0 NOT NULL,
	"is_optional" boolean DEFAULT false NOT NULL,
	"is_recommended" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_tags" (
	"estimate_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "estimate_tags_estimate_id_tag_id_pk" PRIMARY KEY("estimate_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "estimate_timeline_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"estimate_id" integer NOT NULL,
	"type" integer NOT NULL,
	"actor_type" integer DEFAULT 0 NOT NULL,
	"actor_user_id" integer,
	"impersonator_user_id" integer,
	"from_status" integer,
	"to_status" integer,
	"reason" text,
	"notify_customer" boolean DEFAULT false NOT NULL,
	"data" jsonb,
	"undone_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_address_id" integer,
	"location" text,
	"unit_number" text,
	"geo_data" jsonb,
	"name" text,
	"description" text,
	"private_notes" text,
	"message" text,
	"status" integer DEFAULT 7 NOT NULL,
	"approval" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"arrival_window_offset" integer DEFAULT 0 NOT NULL,
	"timezone" text NOT NULL,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"chosen_option_id" integer,
	"public_token" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_channel" integer,
	"answered_at" timestamp with time zone,
	"decline_reason" text,
	"signature_name" text,
	"signature_image_url" text,
	"copied_to_job_id" integer,
	"booking_request_id" integer,
	"template_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "estimates"."search_text")) STORED,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
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
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"method" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text,
	"idempotency_key" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"recorded_by_user_id" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_address_id" integer,
	"location" text,
	"unit_number" text,
	"job_id" integer,
	"status" integer DEFAULT 0 NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"message" text,
	"private_notes" text,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"public_token" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_channel" integer,
	"paid_at" timestamp with time zone,
	"uncollectible_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "invoices"."search_text")) STORED,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "estimate_follow_up_days" integer;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "estimate_reminder_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "invoice_follow_up_days" integer;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "follow_up_channel" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_attachments" ADD CONSTRAINT "estimate_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_attachments" ADD CONSTRAINT "estimate_attachments_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_attachments" ADD CONSTRAINT "estimate_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_counts" ADD CONSTRAINT "estimate_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_current_state_attachments" ADD CONSTRAINT "estimate_current_state_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_current_state_attachments" ADD CONSTRAINT "estimate_current_state_attachments_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_current_state_attachments" ADD CONSTRAINT "estimate_current_state_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_employees" ADD CONSTRAINT "estimate_employees_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_employees" ADD CONSTRAINT "estimate_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_employees" ADD CONSTRAINT "estimate_employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD CONSTRAINT "estimate_line_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD CONSTRAINT "estimate_line_items_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_line_items" ADD CONSTRAINT "estimate_line_items_option_id_estimate_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."estimate_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_options" ADD CONSTRAINT "estimate_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_options" ADD CONSTRAINT "estimate_options_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_tags" ADD CONSTRAINT "estimate_tags_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_tags" ADD CONSTRAINT "estimate_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_tags" ADD CONSTRAINT "estimate_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_timeline_events" ADD CONSTRAINT "estimate_timeline_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_timeline_events" ADD CONSTRAINT "estimate_timeline_events_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_timeline_events" ADD CONSTRAINT "estimate_timeline_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_timeline_events" ADD CONSTRAINT "estimate_timeline_events_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_address_id_customer_addresses_id_fk" FOREIGN KEY ("customer_address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_copied_to_job_id_jobs_id_fk" FOREIGN KEY ("copied_to_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counts" ADD CONSTRAINT "invoice_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_address_id_customer_addresses_id_fk" FOREIGN KEY ("customer_address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_attachments_estimate_idx" ON "estimate_attachments" USING btree ("estimate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_attachments_url_unique" ON "estimate_attachments" USING btree ("estimate_id","file_url");--> statement-breakpoint
CREATE INDEX "estimate_current_state_attachments_estimate_idx" ON "estimate_current_state_attachments" USING btree ("estimate_id","created_at");--> statement-breakpoint
CREATE INDEX "estimate_employees_company_user_start_idx" ON "estimate_employees" USING btree ("company_id","user_id","start_time","estimate_id");--> statement-breakpoint
CREATE INDEX "estimate_line_items_option_idx" ON "estimate_line_items" USING btree ("option_id","position");--> statement-breakpoint
CREATE INDEX "estimate_options_estimate_idx" ON "estimate_options" USING btree ("estimate_id","position");--> statement-breakpoint
CREATE INDEX "estimate_tags_tag_estimate_idx" ON "estimate_tags" USING btree ("tag_id","estimate_id");--> statement-breakpoint
CREATE INDEX "estimate_timeline_estimate_at_idx" ON "estimate_timeline_events" USING btree ("estimate_id","at","id");--> statement-breakpoint
CREATE INDEX "estimate_timeline_company_at_idx" ON "estimate_timeline_events" USING btree ("company_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_public_token_unique" ON "estimates" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_company_number_unique" ON "estimates" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "estimates_company_created_idx" ON "estimates" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "estimates_company_status_created_idx" ON "estimates" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "estimates_company_start_idx" ON "estimates" USING btree ("company_id","start_time","id");--> statement-breakpoint
CREATE INDEX "estimates_company_name_idx" ON "estimates" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "estimates_company_total_idx" ON "estimates" USING btree ("company_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "estimates_company_customer_created_idx" ON "estimates" USING btree ("company_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "estimates_search_idx" ON "estimates" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "invoice_line_items_invoice_idx" ON "invoice_line_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_key_unique" ON "invoice_payments" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_intent_unique" ON "invoice_payments" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","paid_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_company_paid_idx" ON "invoice_payments" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_public_token_unique" ON "invoices" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_number_unique" ON "invoices" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_job_unique" ON "invoices" USING btree ("job_id") WHERE "invoices"."job_id" is not null and "invoices"."status" <> 5;--> statement-breakpoint
CREATE INDEX "invoices_company_created_idx" ON "invoices" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_status_due_idx" ON "invoices" USING btree ("company_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_number_idx" ON "invoices" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "invoices_company_due_idx" ON "invoices" USING btree ("company_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_company_total_idx" ON "invoices" USING btree ("company_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_company_customer_created_idx" ON "invoices" USING btree ("company_id","customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_stripe_unique" ON "payment_accounts" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_method_unique" ON "saved_cards" USING btree ("stripe_payment_method_id");--> statement-breakpoint
CREATE INDEX "saved_cards_customer_idx" ON "saved_cards" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE FUNCTION "estimate_counts_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "estimate_counts" ("company_id", "count")
      SELECT "company_id", count(*) FROM "new_rows" GROUP BY "company_id"
      ON CONFLICT ("company_id") DO UPDATE SET "count" = "estimate_counts"."count" + excluded."count";
  ELSE
    UPDATE "estimate_counts" SET "count" = "estimate_counts"."count" - gone."n"
      FROM (SELECT "company_id", count(*) AS "n" FROM "old_rows" GROUP BY "company_id") AS gone
      WHERE "estimate_counts"."company_id" = gone."company_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimates_count_insert" AFTER INSERT ON "estimates" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_counts_adjust"();
--> statement-breakpoint
CREATE TRIGGER "estimates_count_delete" AFTER DELETE ON "estimates" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_counts_adjust"();--> statement-breakpoint
CREATE FUNCTION "invoice_counts_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_counts" ("company_id", "count")
      SELECT "company_id", count(*) FROM "new_rows" GROUP BY "company_id"
      ON CONFLICT ("company_id") DO UPDATE SET "count" = "invoice_counts"."count" + excluded."count";
  ELSE
    UPDATE "invoice_counts" SET "count" = "invoice_counts"."count" - gone."n"
      FROM (SELECT "company_id", count(*) AS "n" FROM "old_rows" GROUP BY "company_id") AS gone
      WHERE "invoice_counts"."company_id" = gone."company_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_count_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_counts_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoices_count_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_counts_adjust"();
