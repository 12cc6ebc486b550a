import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { HttpTransportType } from "@microsoft/signalr";
import { describe, expect, it } from "vitest";
import { RealtimeEvent } from "~/services/realtime/events";
import { freePort } from "../../helpers/free-port";
import { useStarted } from "../../helpers/lifecycle";
import { arrives, hubClient, nextEvent, redisServerArgs } from "./clients";

/*
 * Two app instances' real-time parts (the real realtime module, hub-process.ts, run from source with
 * tsx: two full app processes cannot share one embedded database) and a redis-server of the test's own.
 */

const root = path.resolve(__dirname, "../../..");

function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${seen}`)), 30_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (seen += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`${what} exited (${code}): ${seen}`)));
  });
}

async function startRedis() {
  const port = await freePort();
  const redis = spawn("redis-server", redisServerArgs(port));
  await waitForLine(redis, /Ready to accept connections/, "redis-server");
  return { redis, url: `redis://127.0.0.1:${port}` };
}

async function startInstance(redisUrl: string) {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["tests/integration/realtime/hub-process.ts"], {
    cwd: root,
    env: { ...process.env, REDIS_URL: redisUrl, PORT: String(await freePort()), NODE_ENV: "test" },
  });
  const [, port] = await waitForLine(child, /listening (\d+)/, "hub process");
  return { child, origin: `http://127.0.0.1:${port}` };
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const publish = (origin: string, body: { companyId?: number; target: string; args: unknown[] }) =>
  fetch(`${origin}/publish`, { method: "POST", body: JSON.stringify(body) });

const cluster = useStarted(
  async () => {
    const { redis, url } = await startRedis();
    const instances = [startInstance(url), startInstance(url)];
    try {
      const [a, b] = await Promise.all(instances);
      return { redis, a, b };
    } catch (error) {
      // Nothing the failed start made outlives it.
      await Promise.allSettled(instances.map(async (instance) => stop((await instance).child)));
      await stop(redis);
      throw error;
    }
  },
  async ({ redis, a, b }) => {
    await Promise.all([stop(a.child), stop(b.child)]);
    await stop(redis);
  },
  60_000,
);

describe("events across app instances through Redis", () => {
  it("an event published in instance A reaches a client of instance B (and only its company's)", async () => {
    const companyClient = hubClient(`${cluster.b.origin}/hubs/private`, { cookie: "company=7" });
    const otherCompany = hubClient(`${cluster.b.origin}/hubs/private`, { cookie: "company=8" });
    const publicClient = hubClient(`${cluster.b.origin}/hubs/public`, { transport: HttpTransportType.LongPolling });
    const localClient = hubClient(`${cluster.a.origin}/hubs/private`, { cookie: "company=7" });
    await Promise.all([companyClient.start(), otherCompany.start(), publicClient.start(), localClient.start()]);
    try {
      const onB = nextEvent(companyClient, RealtimeEvent.TextNotification);
      const onA = nextEvent(localClient, RealtimeEvent.TextNotification);
      const leaked = arrives(otherCompany, RealtimeEvent.TextNotification, 1_000);
      await publish(cluster.a.origin, { companyId: 7, target: RealtimeEvent.TextNotification, args: ["From A"] });
      expect(await onB).toEqual(["From A"]);
      // The publishing instance delivers its own event once (Redis's echo is skipped).
      expect(await onA).toEqual(["From A"]);
      expect(await arrives(localClient, RealtimeEvent.TextNotification, 500)).toBe(false);
      expect(await leaked).toBe(false);

      const publicEvent = nextEvent(publicClient, "Announcement");
      await publish(cluster.a.origin, { target: "Announcement", args: [{ text: "hello" }] });
      expect(await publicEvent).toEqual([{ text: "hello" }]);
    } finally {
      await Promise.all([companyClient.stop(), otherCompany.stop(), publicClient.stop(), localClient.stop()]);
    }
  });
});
