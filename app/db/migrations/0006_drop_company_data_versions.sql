-- No page cache (docs/decisions): the company data versions, their triggers and functions go.
-- job_counts and its triggers stay (a counter the lists read, not a cache key).
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "subscriptions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "subscriptions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "subscriptions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "onboarding_dismissals";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "onboarding_dismissals";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "onboarding_dismissals";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "lead_sources";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "lead_sources";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "lead_sources";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "company_settings";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "company_settings";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "company_settings";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "tax_rates";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "tax_rates";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "tax_rates";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "discounts";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "discounts";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "discounts";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "expense_codes";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "expense_codes";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "expense_codes";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "company_api_keys";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "company_api_keys";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "company_api_keys";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "customers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "customers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "customers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "customer_addresses";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "customer_addresses";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "customer_addresses";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "customer_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "customer_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "customer_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_series";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_series";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_series";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "jobs";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "jobs";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "jobs";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_employees";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_employees";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_employees";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_line_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_line_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_line_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_timeline_events";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_timeline_events";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_timeline_events";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_segments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_segments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_segments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_current_state_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_current_state_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_current_state_attachments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_payments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_payments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_payments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "job_tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "job_tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "job_tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "price_list_categories";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "price_list_categories";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "price_list_categories";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "price_list_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "price_list_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "price_list_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "companies";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "companies";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "companies";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "employee_tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "employee_tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "employee_tags";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_insert" ON "impersonation_log";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_update" ON "impersonation_log";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_company_data_delete" ON "impersonation_log";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_global_data" ON "plans";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "0_global_data" ON "plan_features";
--> statement-breakpoint
DROP TABLE "company_data_versions" CASCADE;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "company_data_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "company_row_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "user_data_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "global_data_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "company_data_notify"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "watch_company_table"(regclass, text);
