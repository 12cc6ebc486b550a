ALTER TABLE "conversation_counts" ADD COLUMN "unread_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "conversation_counts" SET "unread_messages" = s."n" FROM (SELECT "company_id", coalesce(sum("unread_count"), 0)::int AS "n" FROM "conversations" GROUP BY "company_id") s WHERE s."company_id" = "conversation_counts"."company_id";
