import { createServer, type Server } from "node:http";
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
  type IRetryPolicy,
} from "@microsoft/signalr";
import type { RealtimeHubs } from "~/services/realtime/index.server";

export const TRANSPORTS = [
  ["WebSockets", HttpTransportType.WebSockets],
  ["ServerSentEvents", HttpTransportType.ServerSentEvents],
  ["LongPolling", HttpTransportType.LongPolling],
] as const;

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
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
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
