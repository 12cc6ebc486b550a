import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startStripeServer, TEST_STRIPE, type StripeServer } from "../helpers/stripe-server";
import { startServer, type OwnServer } from "../security/harness";
import type { PortalWorldData } from "./portal-seed";

/*
 * A production server of the test file's own whose database already holds the portal's customers and
 * their records (tests/e2e/portal-seed.ts, run in its data folder before it starts), with STRIPE_*
 * pointing the real SDK at a local server that speaks Stripe's API (removing a card detaches it there).
 */
export type PortalWorld = PortalWorldData & {
  server: OwnServer;
  stripe: StripeServer;
  /** A portal session's Cookie header, opened by posting a sign-in link as the "Continue" button does. */
  signInCookie: (token: string) => Promise<string>;
  stop: () => Promise<void>;
};

export async function startPortalWorld(): Promise<PortalWorld> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-portal-"));
  const outFile = path.join(dataDir, "portal.json");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: "portal-secret-0123456789abcdef",
    APP_URL: "http://localhost",
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  const seeded = spawnSync("node", ["--import", "tsx", "tests/e2e/portal-seed.ts", outFile], { env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`seeding the portal failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const data = JSON.parse(readFileSync(outFile, "utf8")) as PortalWorldData;
  const stripe = await startStripeServer();
  let server: OwnServer;
  try {
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
        STRIPE_API_BASE_URL: stripe.url,
        STRIPE_API_BASE_URL_ALLOWED: "true",
      },
    });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  const signInCookie = async (token: string) => {
    const answer = await fetch(`${server.baseUrl}/portal/sign-in/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body: "",
      redirect: "manual",
    });
    const cookie = answer.headers.get("Set-Cookie")?.split(";")[0];
    if (answer.status !== 302 || !cookie) throw new Error(`the sign-in link answered ${answer.status}`);
    return cookie;
  };
  return {
    ...data,
    server,
    stripe,
    signInCookie,
    stop: async () => {
      await server.stop();
      await stripe.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
