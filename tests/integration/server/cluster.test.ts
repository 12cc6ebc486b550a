import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../helpers/free-port";
import { databaseUrlOn, sqlOnce } from "../../helpers/postgres";

// WEB_CONCURRENCY > 1 on PostgreSQL: a primary migrates and seeds once, forks the workers, and
// SIGTERM stops them all. Needs the production build (`npm run build`) and TEST_DATABASE_URL.
const adminUrl = process.env.TEST_DATABASE_URL;
const buildDir = process.env.E2E_BUILD_DIR || "build";
const database = `fieldwise_cluster_${process.pid}`;

describe.skipIf(!adminUrl || !existsSync(`${buildDir}/server/index.js`))(
  "the server with several worker processes",
  () => {
    afterAll(() => sqlOnce(adminUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

    it("serves signed-in pages from every worker and stops cleanly on SIGTERM", async () => {
      await sqlOnce(adminUrl!, `CREATE DATABASE ${database}`);
      const port = await freePort();
      const server = spawn("node", ["server.js"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          BUILD_DIR: buildDir,
          DATABASE_URL: databaseUrlOn(adminUrl!, database),
          WEB_CONCURRENCY: "2",
          PORT: String(port),
          SESSION_SECRET: "cluster-test-secret-0123456789abcdef",
          APP_URL: `http://localhost:${port}`,
          SEED_DEMO: "true",
          DEMO_PASSWORD: "cluster-demo-password",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let log = "";
      server.stdout.on("data", (d) => (log += d));
      server.stderr.on("data", (d) => (log += d));
      const deadline = Date.now() + 60_000;
      while (!log.includes("is running at") && Date.now() < deadline && server.exitCode === null)
        await new Promise((r) => setTimeout(r, 100));
      expect(log).toContain(`Fieldwise is running at http://localhost:${port} (PostgreSQL, 2 worker processes`);
      expect(log).toContain("admin@fieldwise.demo");

      const base = `http://localhost:${port}`;
      const signIn = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: "email=admin%40fieldwise.demo&password=cluster-demo-password",
      });
      expect(signIn.status).toBe(302);
      const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
      // New connections are spread over the workers: the session row is shared through PostgreSQL.
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () =>
          fetch(`${base}/dashboard`, { headers: { cookie, connection: "close" }, redirect: "manual" }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(statuses).toEqual(Array(12).fill(200));

      const exit = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
      server.kill("SIGTERM");
      expect(await exit).toBe(0);
    }, 90_000);
  },
);
