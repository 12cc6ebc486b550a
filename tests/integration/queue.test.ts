import { afterAll, describe, expect, it } from "vitest";
import { executeSql } from "~/db.server";
import { defineJob, startQueue, stopQueue } from "~/services/queue.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

describe("background queue", () => {
  const seen: string[] = [];
  let failures = 0;
  const greet = defineJob<{ name: string }>("test-greet", async ({ name }) => {
    seen.push(name);
  });
  const flaky = defineJob<{ name: string }>(
    "test-flaky",
    async ({ name }) => {
      if (failures++ === 0) throw new Error("first attempt fails");
      seen.push(name);
    },
    { retryLimit: 2 },
  );
  afterAll(stopQueue);

  it("runs a job on the app's database and retries a failed one", async () => {
    await startQueue();
    await greet.send({ name: "first" });
    await flaky.send({ name: "retried" }, { retryDelay: 1, retryBackoff: false });
    const deadline = Date.now() + 25_000;
    while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(seen.sort()).toEqual(["first", "retried"]);
    expect(failures).toBe(2);
  });

  it("schedules the jobs that declare a cron, such as the series horizon", async () => {
    await import("~/models/jobs/job-series-horizon.server");
    await import("~/models/schedule/planner-statistics.server");
    await stopQueue();
    await startQueue();
    const rows = await executeSql<{ name: string; cron: string }>(
      "select name, cron from pgboss.schedule order by name",
    );
    expect(rows).toContainEqual({ name: "extend-series-horizons", cron: "15 3 * * *" });
    expect(rows).toContainEqual({ name: "refresh-planner-statistics", cron: "7 * * * *" });
  });
});

describe("planner statistics on the embedded database", () => {
  it("analyzes the tables so that list plans fit their size, and marks their pages all-visible", async () => {
    const { refreshPlannerStatistics } = await import("~/models/schedule/planner-statistics.server");
    await executeSql("create table stats_probe (id int)");
    await executeSql("insert into stats_probe select generate_series(1, 5000)");
    await refreshPlannerStatistics();
    const [row] = await executeSql<{ reltuples: number; relallvisible: number; relpages: number }>(
      "select reltuples::int as reltuples, relallvisible, relpages from pg_class where relname = 'stats_probe'",
    );
    expect(row.reltuples).toBe(5000);
    expect(row.relpages).toBeGreaterThan(0);
    expect(row.relallvisible).toBe(row.relpages);
  });
});
