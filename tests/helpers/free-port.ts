import type { Server } from "node:http";
import { createServer } from "node:net";

/** A TCP port free on this machine right now (the OS picks it), for a server a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Listener = {
  once(event: "error", listener: (error: Error) => void): unknown;
  listen(port: number, host: string, listener: () => void): unknown;
};

/** Listens on 127.0.0.1:`port`; rejects when it cannot (the port taken). */
export function listenLocally(server: Listener, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
}

/** Stops an HTTP server at once, its kept-alive connections too. */
export function closeNow(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
