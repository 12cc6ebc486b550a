import PgBoss from "pg-boss";
import { currentConnection } from "~/db.server";

/**
 * Background work on pg-boss in the app's own database, so several app instances share one queue.
 * On the embedded database pg-boss runs through a small adapter over the single PGlite connection.
 * Handlers must be idempotent (a retried job may run again); sends use dedupe keys.
 */
type Handler<T> = (data: T) => Promise<void>;
type Definition = { name: string; handler: Handler<never>; retryLimit: number; cron?: string };

const definitions = new Map<string, Definition>();
let boss: PgBoss | undefined;

/**
 * Areas declare their job types at import time; the workers start with the app. With `cron`
 * (UTC) the job also runs on that schedule; pg-boss runs each scheduled slot once across instances.
 */
export function defineJob<T extends object>(
  name: string,
  handler: Handler<T>,
  options: { retryLimit?: number; cron?: string } = {},
) {
  definitions.set(name, {
    name,
    handler: handler as Handler<never>,
    retryLimit: options.retryLimit ?? 5,
    cron: options.cron,
  });
  return {
    name,
    send: (data: T, sendOptions: PgBoss.SendOptions = {}) => {
      if (!boss) throw new Error("The queue is not started");
      return boss.send(name, data, { retryLimit: options.retryLimit ?? 5, retryBackoff: true, ...sendOptions });
    },
  };
}

/** pg-boss runs its SQL through the app's own connection: the pool, or the single PGlite connection. */
function databaseAdapter(): PgBoss.Db {
  const open = currentConnection();
  if (open.driver === "pg") return { executeSql: (text, values) => open.client.query(text, values) };
  const client = open.client;
  return {
    async executeSql(text: string, values: unknown[]) {
      try {
        if (values?.length) return { rows: (await client.query(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // A failed multi-statement text leaves its transaction open on the one connection.
        await client.exec("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
  };
}

export async function startQueue(): Promise<void> {
  if (boss) return;
  boss = new PgBoss({ db: databaseAdapter(), schema: "pgboss" });
  boss.on("error", (error) => console.error("queue:", error));
  await boss.start();
  for (const definition of definitions.values()) {
    await boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit,
      retryBackoff: true,
    });
    await boss.work(definition.name, async (jobs) => {
      for (const job of jobs) await definition.handler(job.data as never);
    });
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
  }
}

/** Waits for running handlers, then stops; called on SIGTERM before the database closes. */
export async function stopQueue(): Promise<void> {
  const running = boss;
  boss = undefined;
  if (running) await running.stop({ graceful: true, wait: true, timeout: 10_000 });
}
