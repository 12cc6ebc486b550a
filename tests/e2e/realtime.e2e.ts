import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";
import { publishToBus, startBus, stopBus } from "~/services/realtime/bus.server";
import { RealtimeEvent } from "~/services/realtime/events";
import { freePort } from "../helpers/free-port";
import { useStarted } from "../helpers/lifecycle";
import { hubClient, nextEvent, ownServerEnv, redisServerArgs, TRANSPORTS } from "../integration/realtime/clients";
import { allowConsoleErrors, newPage } from "./harness";
import { DEMO_PASSWORD, SESSION_SECRET } from "./global-setup";
import type { PrepareInput, PrepareOutput } from "./prepare-sessions";

/*
 * The real-time island in Chromium, on a server of this file's own (the production build, server.js,
 * the embedded database) started with REDIS_URL and a redis-server of its own: the test publishes as
 * another app instance would, through Redis with the realtime module's own bus, and the page shows it.
 * Its own server also lets it stop that server (SIGTERM) and watch the page see the close.
 */

const ADMIN = DEMO_LOGINS.find((login) => login.role === "company admin")!;

function waitForOutput(child: ChildProcess, pattern: RegExp, what: string) {
  return new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${seen}`)), 90_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${what} exited (${code}): ${seen}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );

async function startOwnServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-realtime-e2e-"));
  const redisPort = await freePort();
  const redis = spawn("redis-server", redisServerArgs(redisPort));
  await waitForOutput(redis, /Ready to accept connections/, "redis-server");
  try {
    return await startServerWith(dataDir, redis, redisPort);
  } catch (error) {
    redis.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function startServerWith(dataDir: string, redis: ChildProcess, redisPort: number) {
  const { origin, env } = await ownServerEnv({
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    DEMO_PASSWORD,
    SESSION_SECRET,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  });
  delete env.DATABASE_URL;
  const sessionsFile = path.join(dataDir, "sessions.json");
  const input: PrepareInput = { logins: [{ key: "admin", email: ADMIN.email }], sessionsPerLogin: 3 };
  const prepare = spawnSync(
    process.execPath,
    ["--import", "tsx", "tests/e2e/prepare-sessions.ts", sessionsFile, JSON.stringify(input)],
    { env, encoding: "utf8" },
  );
  if (prepare.status !== 0) throw new Error(`seeding failed:\n${prepare.stdout}\n${prepare.stderr}`);
  const prepared = JSON.parse(readFileSync(sessionsFile, "utf8")) as PrepareOutput;
  const server = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  await waitForOutput(server, /is running at/, "server.js").catch((error: unknown) => {
    server.kill("SIGKILL");
    throw error;
  });
  return {
    origin,
    server,
    redis,
    redisUrl: env.REDIS_URL!,
    dataDir,
    cookies: prepared.sessions.admin,
    companyId: prepared.access.admin.company.id,
  };
}

const own = useStarted(
  startOwnServer,
  async ({ server, redis, dataDir }) => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await exited(server);
    }
    redis.kill("SIGTERM");
    await exited(redis);
    rmSync(dataDir, { recursive: true, force: true });
  },
  120_000,
);

/** Publishes as another app instance does: through Redis, with the realtime module's bus. */
async function publishToCompany(companyId: number, target: string, ...args: unknown[]) {
  await startBus(own.redisUrl, () => undefined);
  publishToBus({ kind: "event", audience: { hub: "private", companyId }, target, args });
  await stopBus();
}

async function signedInPage(cookie: string) {
  const page = await newPage({ javaScript: true });
  const [name, ...value] = cookie.split("=");
  await page
    .context()
    .addCookies([{ name, value: value.join("="), domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
  return page;
}

describe("real time in the browser", () => {
  it("a signed-in page shows a success toast when SendTextNotification is published to its company", async () => {
    const page = await signedInPage(own.cookies[0]);
    await page.goto(`${own.origin}/dashboard`);
    await page.waitForSelector("html[data-realtime=connected]");
    await publishToCompany(own.companyId, RealtimeEvent.TextNotification, "Jane Doe replied: see you at 10");
    const toast = page.getByRole("status").filter({ hasText: "Jane Doe replied: see you at 10" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Success");
    // Another company's event does not reach it.
    await publishToCompany(own.companyId + 1000, RealtimeEvent.TextNotification, "not for this company");
    await page.waitForTimeout(500);
    expect(await page.getByText("not for this company").count()).toBe(0);
  });

  it("a signed-out page uses the public hub; signing in restarts the connection on the private one", async () => {
    const page = await newPage({ javaScript: true });
    const negotiations: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/negotiate")) negotiations.push(new URL(request.url()).pathname);
    });
    await page.goto(`${own.origin}/login`);
    await page.waitForSelector("html[data-realtime=connected]");
    expect(negotiations).toEqual(["/hubs/public/negotiate"]);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/dashboard$/);
    // The public connection may still read "connected" for a moment after the address changed.
    await expect.poll(() => negotiations).toEqual(["/hubs/public/negotiate", "/hubs/private/negotiate"]);
    await page.waitForSelector("html[data-realtime=connected]");
  });

  it("a new booking request or an incoming two-way text reads the page's data again", async () => {
    const page = await signedInPage(own.cookies[0]);
    await page.goto(`${own.origin}/dashboard`);
    await page.waitForSelector("html[data-realtime=connected]");
    const reads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_data")) reads.push(url.searchParams.get("_data")!);
    });
    await publishToCompany(own.companyId, RealtimeEvent.NewBookingRequestCounter, 2);
    await expect.poll(() => reads).toContain("routes/_app+/_layout");
    reads.length = 0;
    await publishToCompany(own.companyId, RealtimeEvent.TwoWayTextNotification, {
      notificationType: 0,
      conversationId: 1,
      conversation: null,
      message: null,
    });
    await expect.poll(() => reads).toContain("routes/_app+/_layout");
  });

  it("through server.js (compression, headers, Origin check), each transport carries an event", async () => {
    for (const [name, transport] of TRANSPORTS) {
      const connection = hubClient(`${own.origin}/hubs/private`, { transport, cookie: own.cookies[0] });
      await connection.start();
      try {
        const received = nextEvent(connection, RealtimeEvent.TextNotification);
        await publishToCompany(own.companyId, RealtimeEvent.TextNotification, `over ${name}`);
        expect(await received).toEqual([`over ${name}`]);
      } finally {
        await connection.stop();
      }
    }
  });

  it("the session is refreshed every 10 minutes: one signed out elsewhere goes to sign-in, 'You were logged out'", async () => {
    const cookie = own.cookies[2];
    const page = await signedInPage(cookie);
    // The fast-forwarded clock also times out the real-time connection, whose new negotiate is refused (401).
    allowConsoleErrors(page, /401|Unauthorized/);
    await page.clock.install();
    await page.goto(`${own.origin}/dashboard`);
    await page.waitForSelector("html[data-realtime=connected]");
    const loggedOut = await fetch(`${own.origin}/logout`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(loggedOut.status).toBe(302);
    await page.clock.fastForward(600_000);
    await page.waitForURL(/\/login/);
    await page.getByText("You were logged out").waitFor();
  });

  it("on shutdown the page is told to reconnect (close message), and the server exits cleanly", async () => {
    const page = await signedInPage(own.cookies[1]);
    // Once the server is gone the browser logs its failed reconnection attempts: expected here.
    allowConsoleErrors(page, /WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource|negotiat/i);
    await page.goto(`${own.origin}/dashboard`);
    await page.waitForSelector("html[data-realtime=connected]");
    own.server.kill("SIGTERM");
    await page.waitForSelector("html[data-realtime=reconnecting]", { timeout: 10_000 });
    expect(await exited(own.server)).toBe(0);
  });
});
