import cluster from "node:cluster";
import type { IncomingMessage } from "node:http";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { loadAccessBySession, ruleFailure } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { db } from "~/db.server";
import { sessions, users } from "~/db/schema";
import { DEV_SESSION_SECRET, env } from "~/server/env.server";
import { publishToBus, startBus, stopBus, type BusMessage } from "~/services/realtime/bus.server";
import { HubServer, type Audience, type HubOptions, type Principal } from "~/services/realtime/hubs.server";
import { authSessionStorage, liveSession } from "~/sessions.server";

export { RealtimeEvent, type RealtimeEventName } from "~/services/realtime/events";

/*
 * Real time for the rest of the app: `notifyCompany`, `notifyUser`, `notifyPublic` send an event
 * (a SignalR invocation) to the browsers connected to this instance and, through Redis when
 * REDIS_URL is set, to those connected to the others. Sending never waits and never fails the
 * caller: a browser that misses an event sees the same thing on its next page load. Only a process
 * that serves the hubs (server.js) passes events on to the others; a script's events stay with it.
 */

const servers = new Set<HubServer>();

function deliver(message: BusMessage) {
  for (const server of servers)
    if (message.kind === "event") server.publish(message.audience, message.target, message.args);
    else server.endSession(message.sessionId);
}

function send(message: BusMessage) {
  deliver(message);
  publishToBus(message);
}

function event(audience: Audience, target: string, args: unknown[]) {
  // Serialised once here: what reaches a browser is what the caller passed at this moment.
  send({ kind: "event", audience, target, args: JSON.parse(JSON.stringify(args)) as unknown[] });
}

/** An event to every signed-in user of a company (private hub). */
export function notifyCompany(companyId: number, target: string, ...args: unknown[]) {
  event({ hub: "private", companyId }, target, args);
}

/** An event to one user, on each of their connections (private hub). */
export function notifyUser(userId: number, target: string, ...args: unknown[]) {
  event({ hub: "private", userId }, target, args);
}

/** An event to every connection of the public hub. */
export function notifyPublic(target: string, ...args: unknown[]) {
  event({ hub: "public" }, target, args);
}

/** Closes the connections of a session that ended (log-out), on every instance. */
export function endSessionConnections(sessionId: string) {
  send({ kind: "endSession", sessionId });
}

async function sessionIdOf(req: IncomingMessage): Promise<string | null> {
  const cookie = req.headers.cookie;
  if (!cookie) return null;
  const session = await authSessionStorage().getSession(cookie);
  const sessionId = session.get("sessionId");
  return typeof sessionId === "string" ? sessionId : null;
}

/** The private hub's check, as any signed-in screen's: a live session (screens.hubs.private). */
async function authenticate(req: IncomingMessage): Promise<Principal | null> {
  const sessionId = await sessionIdOf(req);
  if (!sessionId) return null;
  const access = await loadAccessBySession(sessionId);
  if (!access || ruleFailure(screens.hubs.private, access)) return null;
  return { userId: access.user.id, companyId: access.company.id, sessionId };
}

async function liveSessions(ids: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, ids.slice(i, i + 1000)), liveSession(), isNull(users.deletedAt)));
    for (const row of rows) live.add(row.id);
  }
  return live;
}

export type RealtimeHubs = Pick<HubServer, "handleHttp" | "handleUpgrade" | "counts"> & {
  /** Settles once events of the other instances are listened to (at once without REDIS_URL). */
  ready: Promise<void>;
  close: () => Promise<void>;
};

/**
 * The hubs of one http server (server.js): `handleHttp` as Express middleware, `handleUpgrade` on
 * the server's 'upgrade' event, `close` on shutdown (the close message to every client).
 * Options override the app's defaults (tests and the benchmark raise the caps, or sign in their own way).
 */
export function createRealtimeHubs(options: Partial<HubOptions> = {}): RealtimeHubs {
  const config = env();
  const workers = cluster.isWorker && config.WEB_CONCURRENCY > 1;
  const server = new HubServer({
    authenticate,
    sessionIdOf,
    liveSessions,
    tokenSecret: config.SESSION_SECRET ?? DEV_SESSION_SECRET,
    // Workers share the port without sticky sessions: a WebSocket may land on another worker than
    // its negotiate (signed tokens); the HTTP transports could not follow it there.
    ...(workers ? { transports: ["WebSockets"] as const } : {}),
    ...options,
  });
  servers.add(server);
  const ready = startBus(config.REDIS_URL, deliver);
  return {
    ready,
    handleHttp: server.handleHttp,
    handleUpgrade: server.handleUpgrade,
    counts: () => server.counts(),
    async close() {
      servers.delete(server);
      await server.close();
      if (!servers.size) await stopBus();
    },
  };
}
