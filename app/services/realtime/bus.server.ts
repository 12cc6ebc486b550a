import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { Audience } from "~/services/realtime/hubs.server";

/*
 * Events between app instances. With REDIS_URL: Redis pub/sub, one channel; each instance delivers
 * its own events itself at once and skips them when Redis echoes them back. Without it, the workers
 * of one server (WEB_CONCURRENCY > 1) pass them through their primary (server.js relays); a single
 * process needs nothing.
 */

export type BusMessage =
  { kind: "event"; audience: Audience; target: string; args: unknown[] } | { kind: "endSession"; sessionId: string };
type Envelope = BusMessage & { from: string };

const CHANNEL = "fieldwise:realtime";
/** The key of the IPC messages server.js relays between workers. */
export const IPC_KEY = "fieldwiseRealtime";
const instance = randomBytes(8).toString("hex");

let redisUrl: string | undefined;
let publisher: Redis | undefined;
let subscriber: Redis | undefined;
let subscribed: Promise<void> = Promise.resolve();
let onMessage: ((message: BusMessage) => void) | undefined;
let ipcListener: ((message: unknown) => void) | undefined;
let warned = false;

/** A publish waits for two reconnections at most; the subscription waits for Redis however long it takes. */
function connect(url: string, maxRetriesPerRequest: number | null) {
  const client = new Redis(url, { maxRetriesPerRequest });
  client.on("error", (error: Error) => {
    if (warned) return;
    warned = true;
    console.warn(`realtime: Redis (${url.replace(/\/\/[^@]*@/, "//")}) is not reachable: ${error.message}`);
  });
  client.on("ready", () => (warned = false));
  return client;
}

function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== "object") return false;
  const message = value as Partial<Envelope>;
  return (
    typeof message.from === "string" &&
    (message.kind === "event"
      ? typeof message.target === "string" && Array.isArray(message.args) && typeof message.audience === "object"
      : message.kind === "endSession" && typeof message.sessionId === "string")
  );
}

/**
 * Starts listening for other instances' events (Redis when a URL is given, else the cluster primary's
 * relay); resolves once subscribed (or given up on: events then stay in this instance until Redis is back).
 */
export function startBus(url: string | undefined, deliver: (message: BusMessage) => void): Promise<void> {
  onMessage = deliver;
  redisUrl = url;
  if (url) {
    publisher ??= connect(url, 2);
    if (!subscriber) {
      subscriber = connect(url, null);
      subscriber.on("message", (_channel: string, text: string) => {
        let envelope: unknown;
        try {
          envelope = JSON.parse(text);
        } catch {
          return;
        }
        if (isEnvelope(envelope) && envelope.from !== instance) onMessage?.(envelope);
      });
      subscribed = subscriber.subscribe(CHANNEL).then(
        () => undefined,
        (error: Error) => console.warn(`realtime: subscribe failed: ${error.message}`),
      );
    }
    return subscribed;
  } else if (cluster.isWorker && !ipcListener) {
    ipcListener = (message) => {
      const envelope = (message as Record<string, unknown> | null)?.[IPC_KEY];
      if (isEnvelope(envelope) && envelope.from !== instance) onMessage?.(envelope);
    };
    process.on("message", ipcListener);
  }
  return Promise.resolve();
}

/** Sends a message to the other instances (this one has already delivered it). */
export function publishToBus(message: BusMessage) {
  const envelope: Envelope = { ...message, from: instance };
  if (redisUrl) {
    publisher ??= connect(redisUrl, 2);
    publisher.publish(CHANNEL, JSON.stringify(envelope)).catch((error: Error) => {
      console.warn(`realtime: an event was not passed to the other instances: ${error.message}`);
    });
  } else if (cluster.isWorker && process.send && process.connected) {
    process.send({ [IPC_KEY]: envelope });
  }
}

export async function stopBus() {
  const clients = [subscriber, publisher].filter((c): c is Redis => !!c);
  subscriber = publisher = undefined;
  onMessage = undefined;
  if (ipcListener) process.off("message", ipcListener);
  ipcListener = undefined;
  await Promise.all(
    clients.map((client) =>
      Promise.race([client.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000).unref())]).then(() =>
        client.disconnect(),
      ),
    ),
  );
}
