CREATE TABLE "campaign_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"trigger_type" integer NOT NULL,
	"trigger_at" timestamp with time zone NOT NULL,
	"job_id" integer,
	"related_type" text,
	"title" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"trigger_event" integer NOT NULL,
	"delay_type" integer DEFAULT 0 NOT NULL,
	"delay_value" integer DEFAULT 1 NOT NULL,
	"scheduled_at" timestamp with time zone,
	"channel" integer NOT NULL,
	"subject" text,
	"email_message" text,
	"sms_message" text,
	"include_tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"exclude_tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"check_all" boolean DEFAULT true NOT NULL,
	"exclude_customer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"include_customer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"selected_customers_number" integer DEFAULT 0 NOT NULL,
	"queued_for" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_follow_up_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."follow_up_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_campaigns" ADD CONSTRAINT "follow_up_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_campaigns" ADD CONSTRAINT "follow_up_campaigns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_key_unique" ON "campaign_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_idx" ON "campaign_messages" USING btree ("campaign_id","customer_id");--> statement-breakpoint
CREATE INDEX "campaign_messages_customer_idx" ON "campaign_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "campaign_messages_job_idx" ON "campaign_messages" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "campaigns_company_created_idx" ON "follow_up_campaigns" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_company_trigger_idx" ON "follow_up_campaigns" USING btree ("company_id","trigger_event") WHERE "follow_up_campaigns"."is_active";--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "follow_up_campaigns" USING btree ("scheduled_at") WHERE "follow_up_campaigns"."is_active" and "follow_up_campaigns"."trigger_event" = 1;