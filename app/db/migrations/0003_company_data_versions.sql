CREATE TABLE "company_data_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every write statement on a company's tables moves the company's version, in the writer's own
-- transaction (docs/decisions/page-cache.md). The transition table is called "changed_rows" on
-- every watched table, so one function serves them all.
CREATE FUNCTION "company_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_data_versions" AS v ("company_id", "version")
    SELECT DISTINCT "company_id", 1 FROM "changed_rows" WHERE "company_id" IS NOT NULL
    ON CONFLICT ("company_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "company_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_data_versions" AS v ("company_id", "version")
    SELECT DISTINCT "id", 1 FROM "changed_rows"
    ON CONFLICT ("company_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "user_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_data_versions" AS v ("company_id", "version")
    SELECT DISTINCT u."company_id", 1 FROM "changed_rows" c JOIN "users" u ON u."id" = c."user_id"
    ON CONFLICT ("company_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "global_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_data_versions" AS v ("company_id", "version") VALUES (0, 1)
    ON CONFLICT ("company_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Later migrations call this for each new company table. The triggers' names sort first, so every
-- transaction takes the version row before the counters (job_counts): one lock order, no deadlock.
CREATE FUNCTION "watch_company_table"("watched" regclass, "handler" text DEFAULT 'company_data_changed') RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER "0_company_data_insert" AFTER INSERT ON %s REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', watched, handler);
  EXECUTE format('CREATE TRIGGER "0_company_data_update" AFTER UPDATE ON %s REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', watched, handler);
  EXECUTE format('CREATE TRIGGER "0_company_data_delete" AFTER DELETE ON %s REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION %I()', watched, handler);
END
$$;
--> statement-breakpoint
SELECT "watch_company_table"(t::regclass) FROM unnest(ARRAY[
  'subscriptions', 'users', 'onboarding_dismissals', 'tags', 'lead_sources', 'company_settings', 'tax_rates', 'discounts', 'expense_codes', 'company_api_keys',
  'customers', 'customer_addresses', 'customer_attachments',
  'job_series', 'jobs', 'job_employees', 'job_line_items', 'job_timeline_events', 'job_segments', 'job_attachments', 'job_current_state_attachments', 'job_payments', 'job_tags',
  'price_list_categories', 'price_list_items'
]) AS t;
--> statement-breakpoint
SELECT "watch_company_table"('companies', 'company_row_changed');
--> statement-breakpoint
SELECT "watch_company_table"('employee_tags', 'user_data_changed');
--> statement-breakpoint
CREATE TRIGGER "0_global_data" AFTER INSERT OR UPDATE OR DELETE ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION "global_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "0_global_data" AFTER INSERT OR UPDATE OR DELETE ON "plan_features" FOR EACH STATEMENT EXECUTE FUNCTION "global_data_changed"();
--> statement-breakpoint
-- The embedded database's one process listens instead of asking for the version on every page;
-- only its connection turns the setting on (NOTIFY serialises commits on a shared PostgreSQL).
-- ALWAYS: the seeds' replica mode moves the version by hand and must still be heard.
CREATE FUNCTION "company_data_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('fieldwise.notify_data_changes', true) = 'on' THEN
    PERFORM pg_notify('company_data_changed', NEW."company_id"::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "company_data_notify" AFTER INSERT OR UPDATE ON "company_data_versions" FOR EACH ROW EXECUTE FUNCTION "company_data_notify"();
--> statement-breakpoint
ALTER TABLE "company_data_versions" ENABLE ALWAYS TRIGGER "company_data_notify";
