CREATE TABLE "impersonation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"impersonator_user_id" integer,
	"impersonator_name" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"company_id" integer,
	"action" text NOT NULL,
	"method" text,
	"path" text,
	"details" text,
	"status" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "job_timeline_events" ADD COLUMN "impersonator_user_id" integer;--> statement-breakpoint
ALTER TABLE "impersonation_log" ADD CONSTRAINT "impersonation_log_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_log" ADD CONSTRAINT "impersonation_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_log" ADD CONSTRAINT "impersonation_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonation_log_at_idx" ON "impersonation_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "impersonation_log_company_at_idx" ON "impersonation_log" USING btree ("company_id","at");--> statement-breakpoint
ALTER TABLE "job_timeline_events" ADD CONSTRAINT "job_timeline_events_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
SELECT "watch_company_table"('impersonation_log');
