import { closeDatabase, db, openDatabase } from "~/db.server";
import { env, PRODUCT_NAME } from "~/env.server";
import { seedDemoCompany, DEMO_LOGINS } from "~/models/demo-seed.server";
import { seedPlans } from "~/models/plans.server";

/** Start-up: validated configuration, database open and migrated, plans and demo data seeded. */
export async function boot() {
  const config = env();
  const connection = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await seedPlans(db);
  const seeded = config.SEED_DEMO === "true" ? await seedDemoCompany() : false;
  const banner = (url: string, ms: number) =>
    [
      `${PRODUCT_NAME} is running at ${url} (${connection.driver === "pg" ? "PostgreSQL" : `embedded database in ${config.DATA_DIR}`}, started in ${ms} ms)`,
      seeded === false && config.SEED_DEMO !== "true" ? "" : "Demo logins (password for all: " + DEMO_LOGINS[0].password + "):",
      ...(config.SEED_DEMO === "true" ? DEMO_LOGINS.map((l) => `  ${l.role.padEnd(14)} ${l.email}`) : []),
    ]
      .filter(Boolean)
      .join("\n");
  return { port: config.PORT, banner };
}

export async function shutdown() {
  await closeDatabase();
}
