-- The reports' "Jobs completed" and estimate conversion as rollups (app/db/schema/reports.ts, ADR 065):
-- job_completions holds each job's day of its latest Finished event (4) not undone, estimate_sendings
-- each estimate's day of its first Sent event (5) not undone and whether it is approved now; statement
-- triggers on the timeline events (and on estimates, for the approval) recount the rows a statement
-- touched, and statement triggers on those two tables move the per-day counts, as in migration 0015.
-- invoice_due_days (the dashboard's sent invoices not yet due) is kept like 0015's invoice_days.
--> statement-breakpoint
CREATE FUNCTION "job_completions_recount"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_completions" jc USING unnest("ids") a("job_id")
    WHERE jc."job_id" = a."job_id" AND NOT EXISTS (
      SELECT 1 FROM "job_timeline_events" e WHERE e."job_id" = jc."job_id" AND e."type" = 4 AND e."undone_at" IS NULL);
  -- The day of the latest instant is the latest day (one zone per company).
  INSERT INTO "job_completions" ("job_id", "company_id", "day")
    SELECT e."job_id", e."company_id", (max(e."at") AT TIME ZONE c."timezone")::date
    FROM (SELECT DISTINCT u."job_id" FROM unnest("ids") u("job_id")) a
    JOIN "job_timeline_events" e ON e."job_id" = a."job_id" AND e."type" = 4 AND e."undone_at" IS NULL
    JOIN "companies" c ON c."id" = e."company_id"
    GROUP BY e."job_id", e."company_id", c."timezone" ORDER BY e."job_id"
    ON CONFLICT ("job_id") DO UPDATE SET "day" = excluded."day" WHERE "job_completions"."day" <> excluded."day";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "job_completions_from_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" integer[];
BEGIN
  -- Only Finished events (4) count; the others' statements end here.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r."job_id") INTO "ids" FROM "new_rows" r WHERE r."type" = 4;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r."job_id") INTO "ids" FROM "old_rows" r WHERE r."type" = 4;
  ELSE
    SELECT array_agg(r."job_id") INTO "ids" FROM (SELECT "job_id" FROM "new_rows" WHERE "type" = 4 UNION ALL SELECT "job_id" FROM "old_rows" WHERE "type" = 4) r;
  END IF;
  IF "ids" IS NOT NULL THEN
    PERFORM "job_completions_recount"("ids");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "job_timeline_events_job_completions_insert" AFTER INSERT ON "job_timeline_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_completions_from_events"();
--> statement-breakpoint
CREATE TRIGGER "job_timeline_events_job_completions_update" AFTER UPDATE ON "job_timeline_events" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_completions_from_events"();
--> statement-breakpoint
CREATE TRIGGER "job_timeline_events_job_completions_delete" AFTER DELETE ON "job_timeline_events" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_completions_from_events"();
--> statement-breakpoint
CREATE FUNCTION "job_completion_days_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "job_completion_days" SET "count" = "job_completion_days"."count" - g."count"
      FROM (SELECT "company_id", "day", count(*) AS "count" FROM "old_rows" GROUP BY "company_id", "day") g
      WHERE "job_completion_days"."company_id" = g."company_id" AND "job_completion_days"."day" = g."day";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "job_completion_days" ("company_id", "day", "count")
      SELECT "company_id", "day", count(*) FROM "new_rows" GROUP BY "company_id", "day" ORDER BY "company_id", "day"
      ON CONFLICT ("company_id", "day") DO UPDATE SET "count" = "job_completion_days"."count" + excluded."count";
  ELSE
    INSERT INTO "job_completion_days" ("company_id", "day", "count")
      SELECT "company_id", "day", sum("count") FROM (SELECT r."company_id", r."day", 1 AS "count" FROM "new_rows" r UNION ALL SELECT r."company_id", r."day", -1 AS "count" FROM "old_rows" r) d
      GROUP BY "company_id", "day" HAVING sum("count") <> 0 ORDER BY "company_id", "day"
      ON CONFLICT ("company_id", "day") DO UPDATE SET "count" = "job_completion_days"."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "job_completions_job_completion_days_insert" AFTER INSERT ON "job_completions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_completion_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "job_completions_job_completion_days_update" AFTER UPDATE ON "job_completions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_completion_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "job_completions_job_completion_days_delete" AFTER DELETE ON "job_completions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_completion_days_adjust"();
--> statement-breakpoint
CREATE FUNCTION "estimate_sendings_recount"("ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "estimate_sendings" s USING unnest("ids") a("estimate_id")
    WHERE s."estimate_id" = a."estimate_id" AND NOT EXISTS (
      SELECT 1 FROM "estimate_timeline_events" e WHERE e."estimate_id" = s."estimate_id" AND e."type" = 5 AND e."undone_at" IS NULL);
  INSERT INTO "estimate_sendings" ("estimate_id", "company_id", "day", "approved")
    SELECT e."estimate_id", e."company_id", (min(e."at") AT TIME ZONE c."timezone")::date,
      bool_or(x."approval" = 1 OR x."status" IN (5, 8))
    FROM (SELECT DISTINCT u."estimate_id" FROM unnest("ids") u("estimate_id")) a
    JOIN "estimate_timeline_events" e ON e."estimate_id" = a."estimate_id" AND e."type" = 5 AND e."undone_at" IS NULL
    JOIN "estimates" x ON x."id" = e."estimate_id"
    JOIN "companies" c ON c."id" = e."company_id"
    GROUP BY e."estimate_id", e."company_id", c."timezone" ORDER BY e."estimate_id"
    ON CONFLICT ("estimate_id") DO UPDATE SET "day" = excluded."day", "approved" = excluded."approved"
      WHERE "estimate_sendings"."day" <> excluded."day" OR "estimate_sendings"."approved" <> excluded."approved";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "estimate_sendings_from_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" integer[];
BEGIN
  -- Only Sent events (5) count; the others' statements end here.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r."estimate_id") INTO "ids" FROM "new_rows" r WHERE r."type" = 5;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r."estimate_id") INTO "ids" FROM "old_rows" r WHERE r."type" = 5;
  ELSE
    SELECT array_agg(r."estimate_id") INTO "ids" FROM (SELECT "estimate_id" FROM "new_rows" WHERE "type" = 5 UNION ALL SELECT "estimate_id" FROM "old_rows" WHERE "type" = 5) r;
  END IF;
  IF "ids" IS NOT NULL THEN
    PERFORM "estimate_sendings_recount"("ids");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimate_timeline_events_estimate_sendings_insert" AFTER INSERT ON "estimate_timeline_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sendings_from_events"();
--> statement-breakpoint
CREATE TRIGGER "estimate_timeline_events_estimate_sendings_update" AFTER UPDATE ON "estimate_timeline_events" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sendings_from_events"();
--> statement-breakpoint
CREATE TRIGGER "estimate_timeline_events_estimate_sendings_delete" AFTER DELETE ON "estimate_timeline_events" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sendings_from_events"();
--> statement-breakpoint
-- An estimate approved, declined or copied to a job later: its sending row follows (an estimate never
-- sent has none, and the join finds nothing).
CREATE FUNCTION "estimate_sendings_from_estimates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "estimate_sendings" s SET "approved" = (n."approval" = 1 OR n."status" IN (5, 8))
    FROM "new_rows" n
    WHERE s."estimate_id" = n."id" AND s."approved" <> (n."approval" = 1 OR n."status" IN (5, 8));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimates_estimate_sendings_update" AFTER UPDATE ON "estimates" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sendings_from_estimates"();
--> statement-breakpoint
CREATE FUNCTION "estimate_sent_days_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "estimate_sent_days" SET "sent_count" = "estimate_sent_days"."sent_count" - g."sent_count", "approved_count" = "estimate_sent_days"."approved_count" - g."approved_count"
      FROM (SELECT "company_id", "day", count(*) AS "sent_count", count(*) FILTER (WHERE "approved") AS "approved_count" FROM "old_rows" GROUP BY "company_id", "day") g
      WHERE "estimate_sent_days"."company_id" = g."company_id" AND "estimate_sent_days"."day" = g."day";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "estimate_sent_days" ("company_id", "day", "sent_count", "approved_count")
      SELECT "company_id", "day", count(*), count(*) FILTER (WHERE "approved") FROM "new_rows" GROUP BY "company_id", "day" ORDER BY "company_id", "day"
      ON CONFLICT ("company_id", "day") DO UPDATE SET "sent_count" = "estimate_sent_days"."sent_count" + excluded."sent_count", "approved_count" = "estimate_sent_days"."approved_count" + excluded."approved_count";
  ELSE
    INSERT INTO "estimate_sent_days" ("company_id", "day", "sent_count", "approved_count")
      SELECT "company_id", "day", sum("sent_count"), sum("approved_count") FROM (SELECT r."company_id", r."day", 1 AS "sent_count", r."approved"::int AS "approved_count" FROM "new_rows" r UNION ALL SELECT r."company_id", r."day", -1 AS "sent_count", -(r."approved"::int) AS "approved_count" FROM "old_rows" r) d
      GROUP BY "company_id", "day" HAVING sum("sent_count") <> 0 OR sum("approved_count") <> 0 ORDER BY "company_id", "day"
      ON CONFLICT ("company_id", "day") DO UPDATE SET "sent_count" = "estimate_sent_days"."sent_count" + excluded."sent_count", "approved_count" = "estimate_sent_days"."approved_count" + excluded."approved_count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimate_sendings_estimate_sent_days_insert" AFTER INSERT ON "estimate_sendings" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sent_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "estimate_sendings_estimate_sent_days_update" AFTER UPDATE ON "estimate_sendings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sent_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "estimate_sendings_estimate_sent_days_delete" AFTER DELETE ON "estimate_sendings" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sent_days_adjust"();
--> statement-breakpoint
-- Backfill through the triggers above: every job with a Finished event and every estimate with a Sent one.
SELECT "job_completions_recount"(array_agg(DISTINCT "job_id")) FROM "job_timeline_events" WHERE "type" = 4 AND "undone_at" IS NULL;
--> statement-breakpoint
SELECT "estimate_sendings_recount"(array_agg(DISTINCT "estimate_id")) FROM "estimate_timeline_events" WHERE "type" = 5 AND "undone_at" IS NULL;
--> statement-breakpoint
-- The dashboard's sent invoices not yet due, by due date (as invoice_days in migration 0015).
CREATE FUNCTION "invoice_due_days_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only lowers rows that exist: a company's cascade may have removed them already.
    UPDATE "invoice_due_days" SET "count" = "invoice_due_days"."count" - g."count", "balance_cents" = "invoice_due_days"."balance_cents" - g."balance_cents"
      FROM (SELECT r."company_id", r."status", r."due_date" AS "day", count(*) AS "count", sum(r."total_cents"::bigint - r."paid_cents"::bigint) AS "balance_cents" FROM "old_rows" r GROUP BY 1, 2, 3) g
      WHERE "invoice_due_days"."company_id" = g."company_id" AND "invoice_due_days"."status" = g."status" AND "invoice_due_days"."day" = g."day";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "invoice_due_days" ("company_id", "status", "day", "count", "balance_cents")
      SELECT r."company_id", r."status", r."due_date", count(*), sum(r."total_cents"::bigint - r."paid_cents"::bigint) FROM "new_rows" r
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("company_id", "status", "day") DO UPDATE SET "count" = "invoice_due_days"."count" + excluded."count", "balance_cents" = "invoice_due_days"."balance_cents" + excluded."balance_cents";
  ELSE
    INSERT INTO "invoice_due_days" ("company_id", "status", "day", "count", "balance_cents")
      SELECT "company_id", "status", "day", sum("count"), sum("balance_cents") FROM (SELECT r."company_id", r."status", r."due_date" AS "day", 1 AS "count", r."total_cents"::bigint - r."paid_cents"::bigint AS "balance_cents" FROM "new_rows" r UNION ALL SELECT r."company_id", r."status", r."due_date" AS "day", -1 AS "count", r."paid_cents"::bigint - r."total_cents"::bigint AS "balance_cents" FROM "old_rows" r) d
      GROUP BY 1, 2, 3 HAVING sum("count") <> 0 OR sum("balance_cents") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("company_id", "status", "day") DO UPDATE SET "count" = "invoice_due_days"."count" + excluded."count", "balance_cents" = "invoice_due_days"."balance_cents" + excluded."balance_cents";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_due_days_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_due_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_due_days_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_due_days_adjust"();
--> statement-breakpoint
CREATE TRIGGER "invoices_invoice_due_days_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "invoice_due_days_adjust"();
--> statement-breakpoint
INSERT INTO "invoice_due_days" ("company_id", "status", "day", "count", "balance_cents")
  SELECT "company_id", "status", "due_date", count(*), sum("total_cents"::bigint - "paid_cents"::bigint) FROM "invoices" GROUP BY 1, 2, 3;
