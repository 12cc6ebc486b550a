CREATE TABLE "offline_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"path" text NOT NULL,
	"state" text DEFAULT 'applying' NOT NULL,
	"status_code" integer,
	"location" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offline_changes" ADD CONSTRAINT "offline_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_changes" ADD CONSTRAINT "offline_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_changes_key_unique" ON "offline_changes" USING btree ("company_id","user_id","key");--> statement-breakpoint
CREATE INDEX "offline_changes_created_idx" ON "offline_changes" USING btree ("created_at");