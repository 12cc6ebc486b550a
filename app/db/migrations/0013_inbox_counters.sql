CREATE TABLE "conversation_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"unread_conversations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, ltrim("conversations"."phone_number", '+') || ' ' || substr(ltrim("conversations"."phone_number", '+'), 2) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 3) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 4) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 5) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 6) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 7) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 8) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 9) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 10) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 11) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 12) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 13) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 14) || ' ' || substr(ltrim("conversations"."phone_number", '+'), 15))) STORED;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_counts" ADD CONSTRAINT "conversation_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_search_idx" ON "conversations" USING gin ("search_vector");--> statement-breakpoint
UPDATE "conversations" SET "message_count" = m."n" FROM (SELECT "conversation_id", count(*)::int AS "n" FROM "conversation_messages" GROUP BY "conversation_id") m WHERE m."conversation_id" = "conversations"."id";
--> statement-breakpoint
INSERT INTO "conversation_counts" ("company_id", "conversations", "unread_conversations") SELECT "company_id", count(*), count(*) FILTER (WHERE "unread_count" > 0) FROM "conversations" GROUP BY "company_id";
