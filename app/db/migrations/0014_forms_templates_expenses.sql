CREATE TABLE "assigned_checklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer,
	"estimate_id" integer,
	"company_checklist_id" integer,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"public_token" text NOT NULL,
	"completed_at" timestamp with time zone,
	"answered_by_user_id" integer,
	"answered_by_customer" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assigned_checklists_one_record" CHECK (("assigned_checklists"."job_id" is null) <> ("assigned_checklists"."estimate_id" is null))
);
--> statement-breakpoint
CREATE TABLE "company_checklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"items" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"spent_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"expense_code_id" integer,
	"description" text,
	"employee_user_id" integer,
	"related_type" integer,
	"related_customer_id" integer,
	"related_job_id" integer,
	"related_estimate_id" integer,
	"related_user_id" integer,
	"receipt_storage_key" text,
	"receipt_url" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("expenses"."description", ''))) STORED,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_series_checklists" (
	"series_id" integer NOT NULL,
	"company_checklist_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "job_series_checklists_series_id_company_checklist_id_pk" PRIMARY KEY("series_id","company_checklist_id")
);
--> statement-breakpoint
CREATE TABLE "template_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_checklists" (
	"template_id" integer NOT NULL,
	"company_checklist_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "template_checklists_template_id_company_checklist_id_pk" PRIMARY KEY("template_id","company_checklist_id")
);
--> statement-breakpoint
CREATE TABLE "template_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
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
CREATE TABLE "template_tags" (
	"template_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "template_tags_template_id_tag_id_pk" PRIMARY KEY("template_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"entity_type" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"message" text,
	"private_notes" text,
	"tax_rate" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assigned_checklists" ADD CONSTRAINT "assigned_checklists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_checklists" ADD CONSTRAINT "assigned_checklists_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_checklists" ADD CONSTRAINT "assigned_checklists_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_checklists" ADD CONSTRAINT "assigned_checklists_company_checklist_id_company_checklists_id_fk" FOREIGN KEY ("company_checklist_id") REFERENCES "public"."company_checklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_checklists" ADD CONSTRAINT "assigned_checklists_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_checklists" ADD CONSTRAINT "company_checklists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_checklists" ADD CONSTRAINT "company_checklists_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_expense_code_id_expense_codes_id_fk" FOREIGN KEY ("expense_code_id") REFERENCES "public"."expense_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_employee_user_id_users_id_fk" FOREIGN KEY ("employee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_related_customer_id_customers_id_fk" FOREIGN KEY ("related_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_related_job_id_jobs_id_fk" FOREIGN KEY ("related_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_related_estimate_id_estimates_id_fk" FOREIGN KEY ("related_estimate_id") REFERENCES "public"."estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_related_user_id_users_id_fk" FOREIGN KEY ("related_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series_checklists" ADD CONSTRAINT "job_series_checklists_series_id_job_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."job_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series_checklists" ADD CONSTRAINT "job_series_checklists_company_checklist_id_company_checklists_id_fk" FOREIGN KEY ("company_checklist_id") REFERENCES "public"."company_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series_checklists" ADD CONSTRAINT "job_series_checklists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_attachments" ADD CONSTRAINT "template_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_attachments" ADD CONSTRAINT "template_attachments_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_attachments" ADD CONSTRAINT "template_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_checklists" ADD CONSTRAINT "template_checklists_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_checklists" ADD CONSTRAINT "template_checklists_company_checklist_id_company_checklists_id_fk" FOREIGN KEY ("company_checklist_id") REFERENCES "public"."company_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_checklists" ADD CONSTRAINT "template_checklists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_line_items" ADD CONSTRAINT "template_line_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_line_items" ADD CONSTRAINT "template_line_items_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tags" ADD CONSTRAINT "template_tags_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tags" ADD CONSTRAINT "template_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tags" ADD CONSTRAINT "template_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assigned_checklists_public_token_unique" ON "assigned_checklists" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "assigned_checklists_job_form_unique" ON "assigned_checklists" USING btree ("job_id","company_checklist_id") WHERE "assigned_checklists"."job_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "assigned_checklists_estimate_form_unique" ON "assigned_checklists" USING btree ("estimate_id","company_checklist_id") WHERE "assigned_checklists"."estimate_id" is not null;--> statement-breakpoint
CREATE INDEX "assigned_checklists_job_idx" ON "assigned_checklists" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "assigned_checklists_estimate_idx" ON "assigned_checklists" USING btree ("estimate_id","position");--> statement-breakpoint
CREATE INDEX "assigned_checklists_form_idx" ON "assigned_checklists" USING btree ("company_checklist_id");--> statement-breakpoint
CREATE INDEX "company_checklists_company_name_idx" ON "company_checklists" USING btree ("company_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "expenses_company_spent_idx" ON "expenses" USING btree ("company_id","spent_on","id");--> statement-breakpoint
CREATE INDEX "expenses_company_amount_idx" ON "expenses" USING btree ("company_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "expenses_code_idx" ON "expenses" USING btree ("expense_code_id");--> statement-breakpoint
CREATE INDEX "expenses_employee_idx" ON "expenses" USING btree ("employee_user_id");--> statement-breakpoint
CREATE INDEX "expenses_related_customer_idx" ON "expenses" USING btree ("related_customer_id");--> statement-breakpoint
CREATE INDEX "expenses_related_job_idx" ON "expenses" USING btree ("related_job_id","spent_on");--> statement-breakpoint
CREATE INDEX "expenses_related_estimate_idx" ON "expenses" USING btree ("related_estimate_id","spent_on");--> statement-breakpoint
CREATE INDEX "expenses_related_user_idx" ON "expenses" USING btree ("related_user_id");--> statement-breakpoint
CREATE INDEX "expenses_search_idx" ON "expenses" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "template_attachments_template_idx" ON "template_attachments" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "template_attachments_url_unique" ON "template_attachments" USING btree ("template_id","file_url");--> statement-breakpoint
CREATE INDEX "template_line_items_template_idx" ON "template_line_items" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "templates_company_type_name_idx" ON "templates" USING btree ("company_id","entity_type",lower("name"),"id");