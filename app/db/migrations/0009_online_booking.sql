CREATE TABLE "booking_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" integer NOT NULL,
	"label" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_request_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"question_id" integer,
	"storage_key" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_request_timeline_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"type" integer NOT NULL,
	"actor_type" integer DEFAULT 0 NOT NULL,
	"actor_user_id" integer,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_past" boolean DEFAULT false NOT NULL,
	"customer_id" integer,
	"price_list_item_id" integer,
	"service_name" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"employee_id" integer,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"location" text NOT NULL,
	"unit_number" text,
	"geo_data" jsonb,
	"notes" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submission_key" text NOT NULL,
	"job_id" integer,
	"estimate_id" integer,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"company_id" integer NOT NULL,
	"price_list_item_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_services_company_id_price_list_item_id_pk" PRIMARY KEY("company_id","price_list_item_id")
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"form_url" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"duration_minutes" integer DEFAULT 120 NOT NULL,
	"lead_time_amount" integer DEFAULT 2 NOT NULL,
	"lead_time_unit" integer DEFAULT 0 NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"work_hours" jsonb NOT NULL,
	"intro_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_questions" ADD CONSTRAINT "booking_questions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_photos" ADD CONSTRAINT "booking_request_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_photos" ADD CONSTRAINT "booking_request_photos_request_id_booking_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_photos" ADD CONSTRAINT "booking_request_photos_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_timeline_events" ADD CONSTRAINT "booking_request_timeline_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_timeline_events" ADD CONSTRAINT "booking_request_timeline_events_request_id_booking_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request_timeline_events" ADD CONSTRAINT "booking_request_timeline_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_price_list_item_id_price_list_items_id_fk" FOREIGN KEY ("price_list_item_id") REFERENCES "public"."price_list_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_price_list_item_id_price_list_items_id_fk" FOREIGN KEY ("price_list_item_id") REFERENCES "public"."price_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_settings" ADD CONSTRAINT "booking_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_questions_company_position_idx" ON "booking_questions" USING btree ("company_id","position","id");--> statement-breakpoint
CREATE INDEX "booking_request_photos_request_idx" ON "booking_request_photos" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_request_timeline_request_at_idx" ON "booking_request_timeline_events" USING btree ("request_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_submission_unique" ON "booking_requests" USING btree ("company_id","submission_key");--> statement-breakpoint
CREATE INDEX "booking_requests_company_past_created_idx" ON "booking_requests" USING btree ("company_id","is_past","created_at","id");--> statement-breakpoint
CREATE INDEX "booking_requests_company_status_idx" ON "booking_requests" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "booking_requests_employee_start_idx" ON "booking_requests" USING btree ("employee_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_settings_form_url_unique" ON "booking_settings" USING btree (lower("form_url"));