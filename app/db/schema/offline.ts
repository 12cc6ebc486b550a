import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./columns";
import { companyRow, userId } from "./refs";

/**
 * A change a technician made with no signal, replayed from the phone's queue with its idempotency
 * key (docs/decisions/075). The row is claimed before the change is applied and keeps the answer, so a
 * replay of the same key gets the first answer back instead of applying the change again.
 */
export const offlineChanges = pgTable(
  "offline_changes",
  {
    ...companyRow(),
    userId: userId(),
    /** The key the phone made for the change (a UUID). */
    key: text("key").notNull(),
    /** The path the change was posted to. */
    path: text("path").notNull(),
    /** applying: claimed, not finished (a crash in between leaves it so); applied; refused: the server said no (conflict). */
    state: text("state", { enum: ["applying", "applied", "refused"] })
      .notNull()
      .default("applying"),
    statusCode: integer("status_code"),
    /** Where an applied change's answer sent the phone (a redirect's Location). */
    location: text("location"),
    /** What the technician is shown when the server refused the change. */
    message: text("message"),
    createdAt: createdAt(),
    finishedAt: tz("finished_at"),
  },
  (t) => [
    uniqueIndex("offline_changes_key_unique").on(t.companyId, t.userId, t.key),
    index("offline_changes_created_idx").on(t.createdAt),
  ],
);
