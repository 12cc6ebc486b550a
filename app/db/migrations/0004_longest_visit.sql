ALTER TABLE "job_counts" ADD COLUMN "longest_visit_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Inserts count and may lengthen; updates (a reschedule, a resize) may lengthen. Deletes and
-- shortenings leave it: a longer look back than needed is still right (docs/decisions/schedule-calendar-queries.md).
CREATE OR REPLACE FUNCTION "job_counts_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "job_counts" ("company_id", "count", "longest_visit_seconds")
      SELECT "company_id", count(*), coalesce(max(ceil(extract(epoch from "end_time" - "start_time"))), 0)::integer FROM "new_jobs" GROUP BY "company_id"
      ON CONFLICT ("company_id") DO UPDATE SET "count" = "job_counts"."count" + excluded."count",
        "longest_visit_seconds" = greatest("job_counts"."longest_visit_seconds", excluded."longest_visit_seconds");
  ELSE
    UPDATE "job_counts" SET "count" = "job_counts"."count" - gone."n"
      FROM (SELECT "company_id", count(*) AS "n" FROM "old_jobs" GROUP BY "company_id") AS gone
      WHERE "job_counts"."company_id" = gone."company_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "job_longest_visit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_counts" SET "longest_visit_seconds" = longer."seconds"
    FROM (SELECT "company_id", max(ceil(extract(epoch from "end_time" - "start_time")))::integer AS "seconds" FROM "new_jobs" GROUP BY "company_id") AS longer
    WHERE "job_counts"."company_id" = longer."company_id" AND longer."seconds" > "job_counts"."longest_visit_seconds";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_longest_visit_update" AFTER UPDATE ON "jobs" REFERENCING NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_longest_visit"();
--> statement-breakpoint
UPDATE "job_counts" SET "longest_visit_seconds" = coalesce((SELECT max(ceil(extract(epoch from j."end_time" - j."start_time")))::integer FROM "jobs" j WHERE j."company_id" = "job_counts"."company_id"), 0);
