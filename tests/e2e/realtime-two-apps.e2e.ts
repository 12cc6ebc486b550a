import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import type { HubConnection } from "@microsoft/signalr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RealtimeEvent } from "~/services/realtime/events";
import { signInDemo, type DemoLoginRole } from "../helpers/demo-sign-in";
import { freePort } from "../helpers/free-port";
import { databaseUrlOn, sqlOnce } from "../helpers/postgres";
import { postSignedForm, TEST_TWILIO } from "../helpers/twilio-server";
import { hubClient, nextEvent, ownServerEnv, redisServerArgs } from "../integration/realtime/clients";

/*
 * Fan-out between two full app processes: two `node server.js` of the e2e build on one PostgreSQL
 * database and one redis-server, nothing else between them (no cluster, no shared memory). A signed
 * Twilio STOP posted to process A turns the customer's texts off; the company's office, connected to
 * process B's private hub with the real @microsoft/signalr client, gets the toast's
 * SendTextNotification through Redis, once. Another company's office on B gets nothing.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const DEMO_PASSWORD = "two-apps-demo-password-0123";
const SESSION_SECRET = "two-apps-session-secret-0123456789abcdef";
const COMPANY_NUMBER = "+17045550180";
const CUSTOMER_PHONE = "+17045550199";
const CUSTOMER = { firstName: "Stella", lastName: "Stopper" };
const STOP_TEXT = `${CUSTOMER.firstName} ${CUSTOMER.lastName} replied STOP: no more text messages to them`;

const onAdmin = (statement: string) => sqlOnce(ADMIN_URL, statement, [], { timeoutMs: 3_000 });

/** Why this file cannot run here (no PostgreSQL, no redis-server), or null. */
async function missingService(): Promise<string | null> {
  try {
    await onAdmin("SELECT 1");
  } catch (error) {
    return `PostgreSQL is unreachable at ${new URL(ADMIN_URL).host} (${(error as Error).message})`;
  }
  if (spawnSync("redis-server", ["--version"]).status !== 0) return "redis-server is not installed";
  return null;
}

const skipReason = await missingService();
if (skipReason) console.warn(`realtime-two-apps: skipped: ${skipReason}`);

type Started = { child: ChildProcess; log: () => string };

/** Spawns a process and resolves once its output matches `ready`; rejects with its output if it exits or times out. */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, what: string) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const log = () => output;
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, log });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  }).catch((error: unknown) => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    throw error;
  });
}

/** SIGTERM, then SIGKILL after 15 s; the exit code (null when it had to be killed). */
function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

type App = Started & { origin: string };

describe.skipIf(skipReason !== null)("real-time fan-out between two app processes (Redis, PostgreSQL)", () => {
  const database = `fieldwise_two_apps_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = databaseUrlOn(ADMIN_URL, database);
  /** Undone in reverse order in afterAll, whatever failed on the way. */
  const cleanups: Array<() => Promise<unknown>> = [];
  const children: ChildProcess[] = [];
  // An interrupted run must not leave the servers or redis holding their ports.
  const killAll = () => children.forEach((child) => child.exitCode === null && child.kill("SIGKILL"));
  let appA: App;
  let appB: App;

  async function startApp(redisUrl: string, extra: Record<string, string>): Promise<App> {
    const { origin, env } = await ownServerEnv({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET,
      DEMO_PASSWORD,
      TWILIO_ACCOUNT_SID: TEST_TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TEST_TWILIO.authToken,
      // Nothing listens there: no text goes out in this test, and none may reach Twilio itself.
      TWILIO_API_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      TWILIO_API_BASE_URL_ALLOWED: "true",
      ...extra,
    });
    delete env.DATA_DIR;
    delete env.WEB_CONCURRENCY;
    delete env.TRUST_PROXY;
    const started = startProcess("node", ["server.js"], env, /is running at/, `server.js on ${origin}`);
    const app = { ...(await started), origin };
    children.push(app.child);
    cleanups.push(() => stopProcess(app.child));
    return app;
  }

  beforeAll(async () => {
    process.once("exit", killAll);
    cleanups.push(async () => process.off("exit", killAll));
    await onAdmin(`CREATE DATABASE ${database}`);
    cleanups.push(() => onAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

    const redisPort = await freePort();
    const redis = await startProcess(
      "redis-server",
      redisServerArgs(redisPort),
      process.env,
      /Ready to accept connections/,
      "redis-server",
    );
    children.push(redis.child);
    cleanups.push(() => stopProcess(redis.child));
    const redisUrl = `redis://127.0.0.1:${redisPort}`;

    // A migrates and seeds the demo data; B starts once that is done (the two preparing at once would race).
    appA = await startApp(redisUrl, { SEED_DEMO: "true" });
    appB = await startApp(redisUrl, { SEED_DEMO: "false" });
  }, 180_000);

  afterAll(async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => errors.push(error));
    if (errors.length) throw errors[0];
  }, 60_000);

  const signIn = (app: App, role: DemoLoginRole) => signInDemo(app.origin, role, DEMO_PASSWORD, app.log);

  /** A started private-hub connection that records every SendTextNotification it gets. */
  async function officeOn(app: App, cookie: string) {
    const connection = hubClient(`${app.origin}/hubs/private`, { cookie });
    const received: unknown[][] = [];
    connection.on(RealtimeEvent.TextNotification, (...args: unknown[]) => received.push(args));
    await connection.start();
    return { connection, received };
  }

  const query = <T>(sql: string, params: unknown[]) => sqlOnce<T>(databaseUrl, sql, params);

  it("a signed STOP posted to process A reaches the company's office on process B, once, and no other company", async () => {
    // Both signed in on B: the demo company's admin, and the super admin (the company Fieldwise HQ).
    const admin = await signIn(appB, "company admin");
    const other = await signIn(appB, "super admin");
    expect(other.companyId).not.toBe(admin.companyId);

    // The company's messaging number, and a customer texting from CUSTOMER_PHONE (made through B's API).
    await query("UPDATE companies SET messaging_phone_number = $1, messaging_ready = true WHERE id = $2", [
      COMPANY_NUMBER,
      admin.companyId,
    ]);
    const created = await fetch(`${appB.origin}/api/customers/create`, {
      method: "POST",
      headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ ...CUSTOMER, mainPhoneNumber: CUSTOMER_PHONE, areTextMessagesAllowed: true }),
    });
    expect(created.status, appB.log()).toBe(201);
    const { customerId } = (await created.json()) as { customerId: number };

    const connections: HubConnection[] = [];
    try {
      const office = await officeOn(appB, admin.cookie);
      connections.push(office.connection);
      const elsewhere = await officeOn(appB, other.cookie);
      connections.push(elsewhere.connection);

      const arrived = nextEvent(office.connection, RealtimeEvent.TextNotification, 10_000);
      const incomingUrl = `${appA.origin}/api/webhooks/twilio/incoming`;
      const answer = await postSignedForm(incomingUrl, {
        AccountSid: TEST_TWILIO.accountSid,
        MessageSid: "SM0123456789abcdef0123456789abcdef",
        From: CUSTOMER_PHONE,
        To: COMPANY_NUMBER,
        Body: "STOP",
      });
      expect(answer.status, appA.log()).toBe(200);
      expect(await answer.text()).toContain("<Response/>");

      expect(await arrived).toEqual([STOP_TEXT]);
      const [row] = await query<{ are_text_messages_allowed: boolean }>(
        "SELECT are_text_messages_allowed FROM customers WHERE id = $1",
        [customerId],
      );
      expect(row.are_text_messages_allowed).toBe(false);

      // Nothing more comes: not a second copy for B's office, nothing for the other company.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(office.received).toEqual([[STOP_TEXT]]);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await Promise.all(connections.map((connection) => connection.stop()));
    }
  });

  it("both processes stop cleanly on SIGTERM with Redis connected", async () => {
    expect(await stopProcess(appB.child)).toBe(0);
    expect(await stopProcess(appA.child)).toBe(0);
  });
});
