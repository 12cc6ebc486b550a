CREATE TABLE "estimate_sendings" (
	"estimate_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"approved" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_sent_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"approved_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "estimate_sent_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "invoice_due_days" (
	"company_id" integer NOT NULL,
	"status" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_due_days_company_id_status_day_pk" PRIMARY KEY("company_id","status","day")
);
--> statement-breakpoint
CREATE TABLE "job_completion_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_completion_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "job_completions" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimate_sendings" ADD CONSTRAINT "estimate_sendings_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_sendings" ADD CONSTRAINT "estimate_sendings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_sent_days" ADD CONSTRAINT "estimate_sent_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_due_days" ADD CONSTRAINT "invoice_due_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_completion_days" ADD CONSTRAINT "job_completion_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_completions" ADD CONSTRAINT "job_completions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_completions" ADD CONSTRAINT "job_completions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_sendings_company_day_idx" ON "estimate_sendings" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "job_completions_company_day_idx" ON "job_completions" USING btree ("company_id","day");