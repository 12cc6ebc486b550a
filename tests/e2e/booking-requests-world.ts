import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, type OwnServer } from "../security/harness";
import { signInDemo } from "../helpers/demo-sign-in";
import type { SeededRequests } from "./booking-requests-seed";

/*
 * A production server of the test file's own whose demo company already has new booking requests:
 * the requests are stored (tests/e2e/booking-requests-seed.ts) in its data folder before it starts,
 * as the public form would leave them.
 */
const DEMO_PASSWORD = "requests-demo-password-0123";

export type RequestsWorld = SeededRequests & {
  server: OwnServer;
  cookieOf: (role: "company admin" | "office staff" | "field tech") => Promise<string>;
  stop: () => Promise<void>;
};

export async function startRequestsWorld(count: number): Promise<RequestsWorld> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-requests-"));
  const env = { DATA_DIR: dataDir, SEED_DEMO: "true", DEMO_PASSWORD };
  const outFile = path.join(dataDir, "requests.json");
  const seeded = spawnSync("node", ["--import", "tsx", "tests/e2e/booking-requests-seed.ts", outFile, String(count)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "requests-secret-0123456789abcdef",
      APP_URL: "http://localhost",
      ...env,
    },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding booking requests failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const data = JSON.parse(readFileSync(outFile, "utf8")) as SeededRequests;
  const server = await startServer({ env });
  return {
    ...data,
    server,
    cookieOf: async (role) => (await signInDemo(server.baseUrl, role, DEMO_PASSWORD)).cookie,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
