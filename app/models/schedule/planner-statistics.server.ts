import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { currentConnection, db } from "~/db.server";
import { defineJob } from "~/services/queue.server";

/**
 * PostgreSQL plans a list query from table statistics. PostgreSQL keeps them fresh with
 * autovacuum; the embedded database has none, and a table that grew from a few rows to thousands
 * (an import, a long series, a new company's first weeks) keeps plans made for a few rows: the jobs
 * list went from 3 ms to 500 ms that way. So the embedded database analyzes itself every hour, and
 * after bulk writes (seeds, large imports). VACUUM comes with it: it marks the table's pages
 * all-visible, which lets a deep list page be read from its sort index alone (customers page 5,000:
 * 71 to 11 ms); without autovacuum no page is ever marked.
 */
export async function refreshPlannerStatistics(table?: PgTable) {
  await db.execute(table ? sql`vacuum (analyze) ${table}` : sql`vacuum (analyze)`);
}

export const plannerStatisticsJob = defineJob(
  "refresh-planner-statistics",
  async () => {
    if (currentConnection().driver === "pglite") await refreshPlannerStatistics();
  },
  { cron: "7 * * * *" },
);
