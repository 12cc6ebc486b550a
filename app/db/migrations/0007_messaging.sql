CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"message_type" integer NOT NULL,
	"sms_text" text,
	"subject_text" text,
	"email_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"appointment_reminders_on" boolean DEFAULT true NOT NULL,
	"appointment_days_before" integer DEFAULT 1 NOT NULL,
	"appointment_send_time" text DEFAULT '09:00' NOT NULL,
	"appointment_channel" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer,
	"kind" text NOT NULL,
	"channel" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "messaging_phone_number" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "message_type" integer;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "tracking_token" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_company_type_unique" ON "message_templates" USING btree ("company_id","message_type");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_messages_key_unique" ON "scheduled_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "scheduled_messages_due_idx" ON "scheduled_messages" USING btree ("due_at") WHERE "scheduled_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_messages_claimed_idx" ON "scheduled_messages" USING btree ("claimed_at") WHERE "scheduled_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "scheduled_messages_job_idx" ON "scheduled_messages" USING btree ("job_id","kind");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_messaging_phone_unique" ON "companies" USING btree ("messaging_phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_provider_unique" ON "outbox_messages" USING btree ("channel","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_tracking_unique" ON "outbox_messages" USING btree ("tracking_token");--> statement-breakpoint
CREATE INDEX "outbox_company_created_idx" ON "outbox_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_job_idx" ON "outbox_messages" USING btree ("job_id");