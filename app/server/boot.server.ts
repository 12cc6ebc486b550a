import { closeDatabase, db, openDatabase } from "~/db.server";
import { env, PRODUCT_NAME, PUBLISHED_DEMO_PASSWORD } from "~/server/env.server";
import { demoPasswordSource, seedDemoCompany, DEMO_LOGINS, type DemoPasswords } from "~/server/seeds/demo-seed.server";
import { impersonationLogSettled } from "~/models/accounts/impersonation-log.server";
import { seedPlans } from "~/models/admin/plans.server";
import { startQueue, stopQueue } from "~/services/queue.server";
// Background work the app schedules for itself (registered before the queue starts).
import "~/models/jobs/job-series-horizon.server";
import "~/models/schedule/planner-statistics.server";
import "~/models/files/unused-images-cleanup.server";
import "~/models/messaging/dispatcher.server";
import "~/models/service-plans/plan-run-job.server";
import "~/models/campaigns/campaign-run-job.server";
import "~/models/quickbooks/sync-job.server";
import "~/models/text-messaging/inbox-hooks.server";
import "~/models/text-messaging/registration.server";
import "~/models/webhooks/delivery-job.server";

/** Migrations, plans and the demo company: once per start, before anything serves. */
async function prepareDatabase() {
  const config = env();
  const connection = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await seedPlans(db);
  const seeded = config.SEED_DEMO === "true" ? await seedDemoCompany() : null;
  return { connection, seeded };
}

/** The demo logins for the start banner; random passwords are shown once, when they are made. */
function demoLoginLines(seeded: DemoPasswords | null): string[] {
  const title = `Demo logins${seeded ? " (just seeded)" : ""}`;
  const list = (passwords?: string[]) =>
    DEMO_LOGINS.map((l, i) => `  ${l.role.padEnd(14)} ${l.email}${passwords ? `  ${passwords[i]}` : ""}`);
  const source = seeded?.source ?? demoPasswordSource();
  if (source === "published") return [`${title}, password ${PUBLISHED_DEMO_PASSWORD}:`, ...list()];
  if (source === "environment") return [`${title}, password from DEMO_PASSWORD:`, ...list()];
  if (seeded) return [`${title}, passwords shown this once:`, ...list(seeded.logins)];
  return [`${title} (their passwords were shown when they were seeded):`, ...list()];
}

function bannerFor(driver: "pg" | "pglite", seeded: DemoPasswords | null, workers: number) {
  const config = env();
  return (url: string, ms: number) => {
    const where =
      driver === "pg"
        ? `PostgreSQL${workers > 1 ? `, ${workers} worker processes` : ""}`
        : `embedded database in ${config.DATA_DIR}`;
    const lines = [`${PRODUCT_NAME} is running at ${url} (${where}, started in ${ms} ms)`];
    if (config.SEED_DEMO === "true") lines.push(...demoLoginLines(seeded));
    if (config.NODE_ENV === "production" && !config.SMTP_URL)
      lines.push("SMTP_URL is not set: emails (reset links, sign-in codes) are not sent.");
    return lines.join("\n");
  };
}

/**
 * Start-up of a serving process: validated configuration, database open (migrated and seeded,
 * unless the primary of a cluster already did that), background queue started.
 */
export async function boot({ prepared = false } = {}) {
  const config = env();
  const { connection, seeded } = prepared
    ? { connection: await openDatabase({ databaseUrl: config.DATABASE_URL, migrate: false }), seeded: null }
    : await prepareDatabase();
  await startQueue();
  return { port: config.PORT, banner: bannerFor(connection.driver, seeded, 1) };
}

/** The primary of a cluster (WEB_CONCURRENCY > 1, PostgreSQL): prepares the database once, serves nothing. */
export async function prepareCluster() {
  const config = env();
  const { connection, seeded } = await prepareDatabase();
  // The queue's schema and queues too: workers creating them at the same moment deadlock.
  await startQueue();
  await stopQueue();
  await closeDatabase();
  return {
    port: config.PORT,
    workers: config.WEB_CONCURRENCY,
    banner: bannerFor(connection.driver, seeded, config.WEB_CONCURRENCY),
  };
}

/** What is wrong with the configuration, one line per problem, or null: checked before anything starts. */
export function configurationProblems(): string | null {
  try {
    env();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** How many serving processes the configuration asks for. */
export function webConcurrency() {
  return env().WEB_CONCURRENCY;
}

export async function shutdown() {
  await stopQueue();
  await impersonationLogSettled();
  await closeDatabase();
}
