CREATE TABLE "conversation_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"direction" integer NOT NULL,
	"phone_number" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"provider_id" text,
	"segments" integer DEFAULT 1 NOT NULL,
	"sent_by_user_id" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"customer_id" integer,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_id" integer,
	"last_message_content" text,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_messaging_accounts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"registration_state" integer DEFAULT 0 NOT NULL,
	"number_verification" integer DEFAULT 0 NOT NULL,
	"draft_profile" jsonb,
	"customer_profile_sid" text,
	"brand_sid" text,
	"messaging_service_sid" text,
	"campaign_sid" text,
	"phone_number_sid" text,
	"failure_reason" text,
	"sms_segments_balance" integer DEFAULT 0 NOT NULL,
	"segment_limit_reached" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_messaging_accounts" ADD CONSTRAINT "text_messaging_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_provider_unique" ON "conversation_messages" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "conversation_messages_thread_idx" ON "conversation_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_company_phone_unique" ON "conversations" USING btree ("company_id","phone_number");--> statement-breakpoint
CREATE INDEX "conversations_company_activity_idx" ON "conversations" USING btree ("company_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "conversations_company_unread_idx" ON "conversations" USING btree ("company_id","last_activity_at","id") WHERE "conversations"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "conversations_customer_idx" ON "conversations" USING btree ("customer_id");