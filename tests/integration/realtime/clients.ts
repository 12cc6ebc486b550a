import { createServer, type Server } from "node:http";
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type IRetryPolicy,
} from "@microsoft/signalr";
import { inject } from "vitest";
import type { RealtimeHubs } from "~/services/realtime/index.server";
import { closeNow, freePort } from "../../helpers/free-port";

export const TRANSPORTS = [
  ["WebSockets", HttpTransportType.WebSockets],
  ["ServerSentEvents", HttpTransportType.ServerSentEvents],
  ["LongPolling", HttpTransportType.LongPolling],
] as const;

/** A redis-server of a test's own on `port`: loopback only, and nothing written to disk. */
export const redisServerArgs = (port: number) => [
  "--port",
  String(port),
  "--bind",
  "127.0.0.1",
  "--save",
  "",
  "--appendonly",
  "no",
];

/**
 * The environment of a production server.js that an e2e test starts itself (the e2e build, on a free
 * port, at APP_URL `origin`); `env` adds the database, Redis and the secrets.
 */
export async function ownServerEnv(env: Record<string, string>) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: inject("e2e").buildDir,
    PORT: String(port),
    APP_URL: origin,
    ...env,
  };
  return { origin, env: serverEnv };
}

/** An http server that answers only the hubs (404 for anything else), on a port the OS picks. */
export async function listenWithHubs(hubs: Pick<RealtimeHubs, "handleHttp" | "handleUpgrade">) {
  const server: Server = createServer((req, res) =>
    hubs.handleHttp(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  server.on("upgrade", hubs.handleUpgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close: () => closeNow(server),
  };
}

/** The real @microsoft/signalr client in Node, with the session cookie when given. */
export function hubClient(
  url: string,
  { transport, cookie, retry }: { transport?: HttpTransportType; cookie?: string; retry?: IRetryPolicy } = {},
): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(url, { transport, headers: cookie ? { Cookie: cookie } : {} })
    .configureLogging(LogLevel.None);
  if (retry) builder.withAutomaticReconnect(retry);
  return builder.build();
}

/** The next call of `target` on a connection, or a rejection after `ms`. */
export function nextEvent(connection: HubConnection, target: string, ms = 5_000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off(target, handler);
      reject(new Error(`No ${target} within ${ms} ms`));
    }, ms);
    const handler = (...args: unknown[]) => {
      clearTimeout(timer);
      connection.off(target, handler);
      resolve(args);
    };
    connection.on(target, handler);
  });
}

/** Whether `target` arrives within `ms` (for events that must not arrive). */
export async function arrives(connection: HubConnection, target: string, ms: number) {
  try {
    await nextEvent(connection, target, ms);
    return true;
  } catch {
    return false;
  }
}
