/*
 * One app instance's real-time part, run from source with tsx by fan-out.test.ts and bench/realtime.mjs:
 * the real realtime module (hubs and Redis fan-out when REDIS_URL is set) behind a tiny http server.
 * No database: a test sign-in stands in for the session (Cookie `company=<id>`); `POST /publish`
 * publishes through the module's API. Prints `listening <port>` when ready; SIGTERM closes the hubs.
 */
import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import { createRealtimeHubs, notifyCompany, notifyPublic } from "~/services/realtime/index.server";

const companyOf = (req: IncomingMessage) => Number(/(?:^|;\s*)company=(\d+)/.exec(req.headers.cookie ?? "")?.[1]) || 0;

const hubs = createRealtimeHubs({
  authenticate: async (req) => {
    const companyId = companyOf(req);
    return companyId ? { companyId, userId: companyId * 1000, sessionId: `session-${companyId}` } : null;
  },
  sessionIdOf: async (req) => (companyOf(req) ? `session-${companyOf(req)}` : null),
  liveSessions: undefined,
  maxPublicConnections: Number(process.env.MAX_PUBLIC_CONNECTIONS || 10_000),
});

const server = createServer((req, res) => {
  if (req.method === "POST" && req.url === "/publish") {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const { companyId, target, args } = JSON.parse(body) as { companyId?: number; target: string; args: unknown[] };
      if (companyId) notifyCompany(companyId, target, ...args);
      else notifyPublic(target, ...args);
      res.end("ok");
    });
    return;
  }
  if (req.url === "/memory") {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ ...hubs.counts(), rss: process.memoryUsage().rss }));
    return;
  }
  hubs.handleHttp(req, res, () => {
    res.statusCode = 404;
    res.end();
  });
});
server.on("upgrade", hubs.handleUpgrade);
await hubs.ready;
server.listen(Number(process.env.PORT || 0), "127.0.0.1", () => {
  console.log(`listening ${(server.address() as { port: number }).port}`);
});

process.on("SIGTERM", async () => {
  await hubs.close();
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
