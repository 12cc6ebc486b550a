CREATE TABLE "job_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_counts" ADD CONSTRAINT "job_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "job_counts_adjust"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "job_counts" ("company_id", "count")
      SELECT "company_id", count(*) FROM "new_jobs" GROUP BY "company_id"
      ON CONFLICT ("company_id") DO UPDATE SET "count" = "job_counts"."count" + excluded."count";
  ELSE
    UPDATE "job_counts" SET "count" = "job_counts"."count" - gone."n"
      FROM (SELECT "company_id", count(*) AS "n" FROM "old_jobs" GROUP BY "company_id") AS gone
      WHERE "job_counts"."company_id" = gone."company_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_count_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS "new_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_adjust"();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS "old_jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_adjust"();
--> statement-breakpoint
INSERT INTO "job_counts" ("company_id", "count") SELECT "company_id", count(*) FROM "jobs" GROUP BY "company_id";
