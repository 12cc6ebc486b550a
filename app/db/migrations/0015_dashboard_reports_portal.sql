CREATE TABLE "invoice_timeline_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"type" integer NOT NULL,
	"actor_type" integer DEFAULT 0 NOT NULL,
	"actor_user_id" integer,
	"impersonator_user_id" integer,
	"from_status" integer,
	"to_status" integer,
	"reason" text,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_portal_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"can_approve_estimates" boolean DEFAULT true NOT NULL,
	"can_pay_invoices" boolean DEFAULT true NOT NULL,
	"can_see_visits" boolean DEFAULT true NOT NULL,
	"can_request_work" boolean DEFAULT true NOT NULL,
	"can_manage_cards" boolean DEFAULT false NOT NULL,
	"accent_color" text,
	"welcome_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sign_in_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"channel" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_status_counts" (
	"company_id" integer NOT NULL,
	"status" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "estimate_status_counts_company_id_status_pk" PRIMARY KEY("company_id","status")
);
--> statement-breakpoint
CREATE TABLE "invoice_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_days_company_id_day_status_pk" PRIMARY KEY("company_id","day","status")
);
--> statement-breakpoint
CREATE TABLE "invoice_status_totals" (
	"company_id" integer NOT NULL,
	"status" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_status_totals_company_id_status_pk" PRIMARY KEY("company_id","status")
);
--> statement-breakpoint
CREATE TABLE "job_status_counts" (
	"company_id" integer NOT NULL,
	"status" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_status_counts_company_id_status_pk" PRIMARY KEY("company_id","status")
);
--> statement-breakpoint
CREATE TABLE "payment_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"method" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_days_company_id_day_method_pk" PRIMARY KEY("company_id","day","method")
);
--> statement-breakpoint
DROP INDEX "job_timeline_company_at_idx";--> statement-breakpoint
DROP INDEX "estimate_timeline_company_at_idx";--> statement-breakpoint
ALTER TABLE "invoice_timeline_events" ADD CONSTRAINT "invoice_timeline_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_timeline_events" ADD CONSTRAINT "invoice_timeline_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_timeline_events" ADD CONSTRAINT "invoice_timeline_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_timeline_events" ADD CONSTRAINT "invoice_timeline_events_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_portal_settings" ADD CONSTRAINT "customer_portal_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sign_in_links" ADD CONSTRAINT "portal_sign_in_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sign_in_links" ADD CONSTRAINT "portal_sign_in_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_status_counts" ADD CONSTRAINT "estimate_status_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_days" ADD CONSTRAINT "invoice_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_status_totals" ADD CONSTRAINT "invoice_status_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_counts" ADD CONSTRAINT "job_status_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_days" ADD CONSTRAINT "payment_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_timeline_invoice_at_idx" ON "invoice_timeline_events" USING btree ("invoice_id","at","id");--> statement-breakpoint
CREATE INDEX "invoice_timeline_company_at_idx" ON "invoice_timeline_events" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "invoice_timeline_company_type_at_idx" ON "invoice_timeline_events" USING btree ("company_id","type","at","id");--> statement-breakpoint
CREATE INDEX "invoice_timeline_company_actor_at_idx" ON "invoice_timeline_events" USING btree ("company_id","actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "portal_sessions_customer_idx" ON "portal_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "portal_sessions_expires_idx" ON "portal_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sign_in_links_token_unique" ON "portal_sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sign_in_links_customer_idx" ON "portal_sign_in_links" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "job_timeline_company_type_at_idx" ON "job_timeline_events" USING btree ("company_id","type","at","id");--> statement-breakpoint
CREATE INDEX "job_timeline_company_actor_at_idx" ON "job_timeline_events" USING btree ("company_id","actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "estimate_timeline_company_type_at_idx" ON "estimate_timeline_events" USING btree ("company_id","type","at","id");--> statement-breakpoint
CREATE INDEX "estimate_timeline_company_actor_at_idx" ON "estimate_timeline_events" USING btree ("company_id","actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "job_timeline_company_at_idx" ON "job_timeline_events" USING btree ("company_id","at","id");--> statement-breakpoint
CREATE INDEX "estimate_timeline_company_at_idx" ON "estimate_timeline_events" USING btree ("company_id","at","id");-- Rollups of the dashboard and the reports (app/db/schema/reports.ts, ADR 065): statement triggers
-- move them with every insert, update and delete of their source rows, in the same transaction;
-- an update that changes none of their figures writes nothing (HAVING).
--> statement-breakpoint
CREATE FUNCTION "job_status_counts_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "job_status_counts" SET "count" = "job_status_counts"."count" - g."count"
      FROM (SELECT "company_id", "status", sum("count") AS "count" FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "old_rows" r) d GROUP BY "company_id", "status") g
      WHERE "job_status_counts"."company_id" = g."company_id" AND "job_status_counts"."status" = g."status";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "job_status_counts" ("company_id", "status", "count")
      SELECT "company_id", "status", sum("count") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "new_rows" r) d
      GROUP BY "company_id", "status" HAVING sum("count") <> 0 ORDER BY "company_id", "status"
      ON CONFLICT ("company_id", "status") DO UPDATE SET "count" = "job_status_counts"."count" + excluded."count";
  ELSE
    INSERT INTO "job_status_counts" ("company_id", "status", "count")
      SELECT "company_id", "status", sum("count") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "new_rows" r UNION ALL SELECT r."company_id" AS "company_id", r."status" AS "status", -1 AS "count" FROM "old_rows" r) d
      GROUP BY "company_id", "status" HAVING sum("count") <> 0 ORDER BY "company_id", "status"
      ON CONFLICT ("company_id", "status") DO UPDATE SET "count" = "job_status_counts"."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_job_status_counts_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_adjust"();
--> statement-breakpoint
CREATE TRIGGER "jobs_job_status_counts_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_adjust"();
--> statement-breakpoint
CREATE TRIGGER "jobs_job_status_counts_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_adjust"();
--> statement-breakpoint
INSERT INTO "job_status_counts" ("company_id", "status", "count")
  SELECT "company_id", "status", sum("count") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "jobs" r) d GROUP BY "company_id", "status";

--> statement-breakpoint
CREATE FUNCTION "estimate_status_counts_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "estimate_status_counts" SET "count" = "estimate_status_counts"."count" - g."count"
      FROM (SELECT "company_id", "status", sum("count") AS "count" FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "old_rows" r) d GROUP BY "company_id", "status") g
      WHERE "estimate_status_counts"."company_id" = g."company_id" AND "estimate_status_counts"."status" = g."status";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "estimate_status_counts" ("company_id", "status", "count")
      SELECT "company_id", "status", sum("count") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "new_rows" r) d
      GROUP BY "company_id", "status" HAVING sum("count") <> 0 ORDER BY "company_id", "status"
      ON CONFLICT ("company_id", "status") DO UPDATE SET "count" = "estimate_status_counts"."count" + excluded."count";
  ELSE
    INSERT INTO "estimate_status_counts" ("company_id", "status", "count")
      SELECT "company_id", "status", sum("count") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "new_rows" r UNION ALL SELECT r."company_id" AS "company_id", r."status" AS "status", -1 AS "count" FROM "old_rows" r) d
      GROUP BY "company_id", "status" HAVING sum("count") <> 0 ORDER BY "company_id", "status"
      ON CONFLICT ("company_id", "status") DO UPDATE SET "count" = "estimate_status_counts"."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimates_estimate_status_counts_insert" AFTER INSERT ON "estimates" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_counts_adjust"();
--> statement-breakpoint
CREATE TRIGGER "estimates_estimate_status_counts_update" AFTER UPDATE ON "estimates" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_counts_adjust"();
--> statement-breakpoint
CREATE TRIGGER "estimates_estimate_status_counts_delete" AFTER DELETE ON "estimates" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_counts_adjust"();
--> statement-breakpoint
INSERT INTO "estimate_status_counts" ("company_id", "status", "count")
  SELECT "company_id", "status", sum("count") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count" FROM "estimates" r) d GROUP BY "company_id", "status";

--> statement-breakpoint
CREATE FUNCTION "invoice_status_totals_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "invoice_status_totals" SET "count" = "invoice_status_totals"."count" - g."count", "total_cents" = "invoice_status_totals"."total_cents" - g."total_cents", "paid_cents" = "invoice_status_totals"."paid_cents" - g."paid_cents"
      FROM (SELECT "company_id", "status", sum("count") AS "count", sum("total_cents") AS "total_cents", sum("paid_cents") AS "paid_cents" FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."paid_cents"::bigint AS "paid_cents" FROM "old_rows" r) d GROUP BY "company_id", "status") g
      WHERE "invoice_status_totals"."company_id" = g."company_id" AND "invoice_status_totals"."status" = g."status";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_status_totals" ("company_id", "status", "count", "total_cents", "paid_cents")
      SELECT "company_id", "status", sum("count"), sum("total_cents"), sum("paid_cents") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."paid_cents"::bigint AS "paid_cents" FROM "new_rows" r) d
      GROUP BY "company_id", "status" HAVING sum("count") <> 0 OR sum("total_cents") <> 0 OR sum("paid_cents") <> 0 ORDER BY "company_id", "status"
      ON CONFLICT ("company_id", "status") DO UPDATE SET "count" = "invoice_status_totals"."count" + excluded."count", "total_cents" = "invoice_status_totals"."total_cents" + excluded."total_cents", "paid_cents" = "invoice_status_totals"."paid_cents" + excluded."paid_cents";
  ELSE
    INSERT INTO "invoice_status_totals" ("company_id", "status", "count", "total_cents", "paid_cents")
      SELECT "company_id", "status", sum("count"), sum("total_cents"), sum("paid_cents") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."paid_cents"::bigint AS "paid_cents" FROM "new_rows" r UNION ALL SELECT r."company_id" AS "company_id", r."status" AS "status", -1 AS "count", -r."total_cents"::bigint AS "total_cents", -r."paid_cents"::bigint AS "paid_cents" FROM "old_rows" r) d
      GROUP BY "company_id", "status" HAVING sum("count") <> 0 OR sum("total_cents") <> 0 OR sum("paid_cents") <> 0 ORDER BY "company_id", "status"
      ON CONFLICT ("company_id", "status") DO UPDATE SET "count" = "invoice_status_totals"."count" + excluded."count", "total_cents" = "invoice_status_totals"."total_cents" + excluded."total_cents", "paid_cents" = "invoice_status_totals"."paid_cents" + excluded."paid_cents";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_status_totals_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_status_totals_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_status_totals_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_status_totals_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_status_totals_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_status_totals_adjust"();
--> statement-breakpoint
INSERT INTO "invoice_status_totals" ("company_id", "status", "count", "total_cents", "paid_cents")
  SELECT "company_id", "status", sum("count"), sum("total_cents"), sum("paid_cents") FROM (SELECT r."company_id" AS "company_id", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."paid_cents"::bigint AS "paid_cents" FROM "invoices" r) d GROUP BY "company_id", "status";

--> statement-breakpoint
CREATE FUNCTION "invoice_days_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "invoice_days" SET "count" = "invoice_days"."count" - g."count", "total_cents" = "invoice_days"."total_cents" - g."total_cents", "tax_cents" = "invoice_days"."tax_cents" - g."tax_cents"
      FROM (SELECT "company_id", "day", "status", sum("count") AS "count", sum("total_cents") AS "total_cents", sum("tax_cents") AS "tax_cents" FROM (SELECT r."company_id" AS "company_id", r."issue_date" AS "day", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."tax_cents"::bigint AS "tax_cents" FROM "old_rows" r) d GROUP BY "company_id", "day", "status") g
      WHERE "invoice_days"."company_id" = g."company_id" AND "invoice_days"."day" = g."day" AND "invoice_days"."status" = g."status";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_days" ("company_id", "day", "status", "count", "total_cents", "tax_cents")
      SELECT "company_id", "day", "status", sum("count"), sum("total_cents"), sum("tax_cents") FROM (SELECT r."company_id" AS "company_id", r."issue_date" AS "day", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."tax_cents"::bigint AS "tax_cents" FROM "new_rows" r) d
      GROUP BY "company_id", "day", "status" HAVING sum("count") <> 0 OR sum("total_cents") <> 0 OR sum("tax_cents") <> 0 ORDER BY "company_id", "day", "status"
      ON CONFLICT ("company_id", "day", "status") DO UPDATE SET "count" = "invoice_days"."count" + excluded."count", "total_cents" = "invoice_days"."total_cents" + excluded."total_cents", "tax_cents" = "invoice_days"."tax_cents" + excluded."tax_cents";
  ELSE
    INSERT INTO "invoice_days" ("company_id", "day", "status", "count", "total_cents", "tax_cents")
      SELECT "company_id", "day", "status", sum("count"), sum("total_cents"), sum("tax_cents") FROM (SELECT r."company_id" AS "company_id", r."issue_date" AS "day", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."tax_cents"::bigint AS "tax_cents" FROM "new_rows" r UNION ALL SELECT r."company_id" AS "company_id", r."issue_date" AS "day", r."status" AS "status", -1 AS "count", -r."total_cents"::bigint AS "total_cents", -r."tax_cents"::bigint AS "tax_cents" FROM "old_rows" r) d
      GROUP BY "company_id", "day", "status" HAVING sum("count") <> 0 OR sum("total_cents") <> 0 OR sum("tax_cents") <> 0 ORDER BY "company_id", "day", "status"
      ON CONFLICT ("company_id", "day", "status") DO UPDATE SET "count" = "invoice_days"."count" + excluded."count", "total_cents" = "invoice_days"."total_cents" + excluded."total_cents", "tax_cents" = "invoice_days"."tax_cents" + excluded."tax_cents";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_days_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_days_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_days_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_days_adjust"();
--> statement-breakpoint
INSERT INTO "invoice_days" ("company_id", "day", "status", "count", "total_cents", "tax_cents")
  SELECT "company_id", "day", "status", sum("count"), sum("total_cents"), sum("tax_cents") FROM (SELECT r."company_id" AS "company_id", r."issue_date" AS "day", r."status" AS "status", 1 AS "count", r."total_cents"::bigint AS "total_cents", r."tax_cents"::bigint AS "tax_cents" FROM "invoices" r) d GROUP BY "company_id", "day", "status";

--> statement-breakpoint
CREATE FUNCTION "payment_days_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "payment_days" SET "count" = "payment_days"."count" - g."count", "amount_cents" = "payment_days"."amount_cents" - g."amount_cents"
      FROM (SELECT "company_id", "day", "method", sum("count") AS "count", sum("amount_cents") AS "amount_cents" FROM (SELECT r."company_id" AS "company_id", (r."paid_at" AT TIME ZONE c."timezone")::date AS "day", r."method" AS "method", 1 AS "count", r."amount_cents"::bigint AS "amount_cents" FROM "old_rows" r JOIN "companies" c ON c."id" = r."company_id" WHERE r."status" IN (0, 1)) d GROUP BY "company_id", "day", "method") g
      WHERE "payment_days"."company_id" = g."company_id" AND "payment_days"."day" = g."day" AND "payment_days"."method" = g."method";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "payment_days" ("company_id", "day", "method", "count", "amount_cents")
      SELECT "company_id", "day", "method", sum("count"), sum("amount_cents") FROM (SELECT r."company_id" AS "company_id", (r."paid_at" AT TIME ZONE c."timezone")::date AS "day", r."method" AS "method", 1 AS "count", r."amount_cents"::bigint AS "amount_cents" FROM "new_rows" r JOIN "companies" c ON c."id" = r."company_id" WHERE r."status" IN (0, 1)) d
      GROUP BY "company_id", "day", "method" HAVING sum("count") <> 0 OR sum("amount_cents") <> 0 ORDER BY "company_id", "day", "method"
      ON CONFLICT ("company_id", "day", "method") DO UPDATE SET "count" = "payment_days"."count" + excluded."count", "amount_cents" = "payment_days"."amount_cents" + excluded."amount_cents";
  ELSE
    INSERT INTO "payment_days" ("company_id", "day", "method", "count", "amount_cents")
      SELECT "company_id", "day", "method", sum("count"), sum("amount_cents") FROM (SELECT r."company_id" AS "company_id", (r."paid_at" AT TIME ZONE c."timezone")::date AS "day", r."method" AS "method", 1 AS "count", r."amount_cents"::bigint AS "amount_cents" FROM "new_rows" r JOIN "companies" c ON c."id" = r."company_id" WHERE r."status" IN (0, 1) UNION ALL SELECT r."company_id" AS "company_id", (r."paid_at" AT TIME ZONE c."timezone")::date AS "day", r."method" AS "method", -1 AS "count", -r."amount_cents"::bigint AS "amount_cents" FROM "old_rows" r JOIN "companies" c ON c."id" = r."company_id" WHERE r."status" IN (0, 1)) d
      GROUP BY "company_id", "day", "method" HAVING sum("count") <> 0 OR sum("amount_cents") <> 0 ORDER BY "company_id", "day", "method"
      ON CONFLICT ("company_id", "day", "method") DO UPDATE SET "count" = "payment_days"."count" + excluded."count", "amount_cents" = "payment_days"."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_payment_days_insert" AFTER INSERT ON "invoice_payments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_payment_days_update" AFTER UPDATE ON "invoice_payments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoice_payments_payment_days_delete" AFTER DELETE ON "invoice_payments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_adjust"();
--> statement-breakpoint
INSERT INTO "payment_days" ("company_id", "day", "method", "count", "amount_cents")
  SELECT "company_id", "day", "method", sum("count"), sum("amount_cents") FROM (SELECT r."company_id" AS "company_id", (r."paid_at" AT TIME ZONE c."timezone")::date AS "day", r."method" AS "method", 1 AS "count", r."amount_cents"::bigint AS "amount_cents" FROM "invoice_payments" r JOIN "companies" c ON c."id" = r."company_id" WHERE r."status" IN (0, 1)) d GROUP BY "company_id", "day", "method";

