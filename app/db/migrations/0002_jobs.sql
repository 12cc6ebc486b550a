CREATE TABLE "job_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_current_state_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_employees" (
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"start_time" timestamp with time zone,
	CONSTRAINT "job_employees_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "job_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
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
CREATE TABLE "job_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"method" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text,
	"recorded_by_user_id" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"frequency" integer NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"count" integer,
	"until" timestamp with time zone,
	"set_position" integer,
	"days_of_week" integer[],
	"days_of_month" integer[],
	"days_of_year" integer[],
	"month" integer,
	"week_number" integer,
	"on_week_basis" boolean DEFAULT false NOT NULL,
	"dtstart" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"materialized_until" timestamp with time zone NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_tags" (
	"job_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "job_tags_job_id_tag_id_pk" PRIMARY KEY("job_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "job_timeline_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"type" integer NOT NULL,
	"actor_type" integer DEFAULT 0 NOT NULL,
	"actor_user_id" integer,
	"from_status" integer,
	"to_status" integer,
	"reason" text,
	"notify_customer" boolean DEFAULT false NOT NULL,
	"data" jsonb,
	"undone_at" timestamp with time zone,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_address_id" integer,
	"location" text,
	"unit_number" text,
	"geo_data" jsonb,
	"name" text,
	"description" text,
	"private_notes" text,
	"message" text,
	"status" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"arrival_window_offset" integer DEFAULT 0 NOT NULL,
	"timezone" text NOT NULL,
	"send_appointment_reminder" boolean DEFAULT false NOT NULL,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"public_token" text NOT NULL,
	"series_id" integer,
	"series_occurrence" timestamp with time zone,
	"booking_request_id" integer,
	"template_id" integer,
	"service_plan_visit_description" text,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "jobs"."search_text")) STORED,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_attachments" ADD CONSTRAINT "job_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_attachments" ADD CONSTRAINT "job_attachments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_attachments" ADD CONSTRAINT "job_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_current_state_attachments" ADD CONSTRAINT "job_current_state_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_current_state_attachments" ADD CONSTRAINT "job_current_state_attachments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_current_state_attachments" ADD CONSTRAINT "job_current_state_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_employees" ADD CONSTRAINT "job_employees_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_employees" ADD CONSTRAINT "job_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_employees" ADD CONSTRAINT "job_employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_line_items" ADD CONSTRAINT "job_line_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_line_items" ADD CONSTRAINT "job_line_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_segments" ADD CONSTRAINT "job_segments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_segments" ADD CONSTRAINT "job_segments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tags" ADD CONSTRAINT "job_tags_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tags" ADD CONSTRAINT "job_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tags" ADD CONSTRAINT "job_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_timeline_events" ADD CONSTRAINT "job_timeline_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_timeline_events" ADD CONSTRAINT "job_timeline_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_timeline_events" ADD CONSTRAINT "job_timeline_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_address_id_customer_addresses_id_fk" FOREIGN KEY ("customer_address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_series_id_job_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."job_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_attachments_job_idx" ON "job_attachments" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_attachments_url_unique" ON "job_attachments" USING btree ("job_id","file_url");--> statement-breakpoint
CREATE INDEX "job_current_state_attachments_job_idx" ON "job_current_state_attachments" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_employees_company_user_start_idx" ON "job_employees" USING btree ("company_id","user_id","start_time","job_id");--> statement-breakpoint
CREATE INDEX "job_line_items_job_idx" ON "job_line_items" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "job_payments_job_idx" ON "job_payments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_payments_company_paid_idx" ON "job_payments" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE INDEX "job_segments_job_idx" ON "job_segments" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "job_series_company_idx" ON "job_series" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_series_horizon_idx" ON "job_series" USING btree ("is_complete","materialized_until");--> statement-breakpoint
CREATE INDEX "job_tags_tag_job_idx" ON "job_tags" USING btree ("tag_id","job_id");--> statement-breakpoint
CREATE INDEX "job_timeline_job_at_idx" ON "job_timeline_events" USING btree ("job_id","at","id");--> statement-breakpoint
CREATE INDEX "job_timeline_company_at_idx" ON "job_timeline_events" USING btree ("company_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_public_token_unique" ON "jobs" USING btree ("public_token");--> statement-breakpoint
CREATE INDEX "jobs_company_start_idx" ON "jobs" USING btree ("company_id","start_time","id");--> statement-breakpoint
CREATE INDEX "jobs_company_status_start_idx" ON "jobs" USING btree ("company_id","status","start_time","id");--> statement-breakpoint
CREATE INDEX "jobs_company_created_idx" ON "jobs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_company_name_idx" ON "jobs" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "jobs_company_total_idx" ON "jobs" USING btree ("company_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "jobs_company_customer_start_idx" ON "jobs" USING btree ("company_id","customer_id","start_time","id");--> statement-breakpoint
CREATE INDEX "jobs_series_occurrence_idx" ON "jobs" USING btree ("series_id","series_occurrence");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_vector");