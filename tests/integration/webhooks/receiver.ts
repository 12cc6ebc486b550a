import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: http.IncomingHttpHeaders; body: string; url: string };

/** A local webhook receiver: answers each request with the next planned status (then 200), and keeps what it got. */
export async function startReceiver() {
  const received: Received[] = [];
  const plan: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body, url: request.url ?? "" });
      const status = plan.shift() ?? 200;
      response.writeHead(status, { "Content-Type": "text/plain" });
      response.end(status >= 300 ? `boom ${"x".repeat(1000)}` : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The statuses of the next answers, in order. */
    answer: (...statuses: number[]) => plan.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
