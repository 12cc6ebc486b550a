// Shared by the bench scripts (plain Node, no build step).
import { createServer } from "node:net";

/** A TCP port free on this machine right now (the OS picks it), for a server a bench starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
