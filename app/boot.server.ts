import { closeDatabase, db, openDatabase } from "~/db.server";
import { env, PRODUCT_NAME } from "~/env.server";
import { seedDemoCompany, DEMO_LOGINS } from "~/models/demo-seed.server";
import { seedPlans } from "~/models/plans.server";
import { startQueue, stopQueue } from "~/services/queue.server";
// Background work the app schedules for itself (registered before the queue starts).
import "~/models/job-series-horizon.server";

/** Start-up: validated configuration, database open and migrated, plans and demo data seeded. */
export async function boot() {
  const config = env();
  const connection = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await seedPlans(db);
  const seeded = config.SEED_DEMO === "true" ? await seedDemoCompany() : false;
  await startQueue();
  const banner = (url: string, ms: number) => {
    const where = connection.driver === "pg" ? "PostgreSQL" : `embedded database in ${config.DATA_DIR}`;
    const lines = [`${PRODUCT_NAME} is running at ${url} (${where}, started in ${ms} ms)`];
    if (config.SEED_DEMO === "true") {
      lines.push(`Demo logins${seeded ? " (just seeded)" : ""}, password ${DEMO_LOGINS[0].password}:`, ...DEMO_LOGINS.map((l) => `  ${l.role.padEnd(14)} ${l.email}`));
    }
    return lines.join("\n");
  };
  return { port: config.PORT, banner };
}

export async function shutdown() {
  await stopQueue();
  await closeDatabase();
}
