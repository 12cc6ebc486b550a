// `node bench/realtime.mjs`: what 1,000 open real-time connections cost the server, and how long one
// event takes to reach all of them. Builds nothing: it starts the real realtime module (app/services/
// realtime, from source with `node --import tsx`) behind the small http server the fan-out test uses
// (tests/integration/realtime/hub-process.ts; no database, the public hub), so the process measured
// holds the hubs and nothing else. Clients are plain `ws` sockets speaking the SignalR JSON protocol
// (negotiate, WebSocket, handshake), as @microsoft/signalr does, in this process.
// Memory: the server's VmRSS (/proc/PID/status) after the connections, minus before them.
// Time: from the publish call until the last of the 1,000 sockets has the event.
// Budgets are printed, never asserted. BENCH_REALTIME_CONNECTIONS changes the count.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { freePort } from "./lib.mjs";

const CONNECTIONS = Number(process.env.BENCH_REALTIME_CONNECTIONS || 1000);
const MEMORY_BUDGET_MB = 200;
const TIME_BUDGET_MS = 1000;
const RS = "\u001e";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "tests/integration/realtime/hub-process.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench-realtime-secret-0123456789",
      APP_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      REDIS_URL: "",
      MAX_PUBLIC_CONNECTIONS: String(CONNECTIONS + 100),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      if (/listening \d+/.test(seen)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the hub server exited (${code}): ${seen}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** Negotiate, open the WebSocket, handshake; resolves with the socket once the server answered `{}`. */
async function connect(origin, onEvent) {
  const negotiate = await fetch(`${origin}/hubs/public/negotiate?negotiateVersion=1`, { method: "POST" });
  if (!negotiate.ok) throw new Error(`negotiate answered ${negotiate.status}`);
  const { connectionToken } = await negotiate.json();
  const socket = new WebSocket(`${origin.replace("http", "ws")}/hubs/public?id=${encodeURIComponent(connectionToken)}`);
  return new Promise((resolve, reject) => {
    let handshaken = false;
    socket.once("error", reject);
    socket.once("open", () => socket.send(`{"protocol":"json","version":1}${RS}`));
    socket.on("message", (data) => {
      for (const frame of data.toString().split(RS)) {
        if (!frame) continue;
        if (!handshaken) {
          handshaken = true;
          resolve(socket);
          continue;
        }
        const message = JSON.parse(frame);
        if (message.type === 1) onEvent(message);
      }
    });
  });
}

const { child, origin } = await startServer();
try {
  // Let start-up settle (module loading, first allocations) before the baseline.
  await sleep(1500);
  const before = rssOf(child.pid);
  let received = 0;
  let allReceived;
  const done = new Promise((resolve) => (allReceived = resolve));
  const onEvent = () => {
    if (++received === CONNECTIONS) allReceived(performance.now());
  };
  const sockets = [];
  for (let i = 0; i < CONNECTIONS; i += 50) {
    const batch = Array.from({ length: Math.min(50, CONNECTIONS - i) }, () => connect(origin, onEvent));
    sockets.push(...(await Promise.all(batch)));
  }
  await sleep(1000);
  const after = rssOf(child.pid);

  const sent = performance.now();
  await fetch(`${origin}/publish`, {
    method: "POST",
    body: JSON.stringify({ target: "SendTextNotification", args: ["Benchmark event to every connection"] }),
  });
  const deliveredAt = await Promise.race([done, sleep(30_000).then(() => null)]);
  const elapsed = deliveredAt === null ? Infinity : Math.round(deliveredAt - sent);
  const extraMb = Math.round((after - before) / (1024 * 1024));
  console.log(
    `realtime: ${CONNECTIONS} connections +${extraMb} MB (budget ${MEMORY_BUDGET_MB} MB), event to all in ${
      deliveredAt === null ? `>30000 (${received} of ${CONNECTIONS} received)` : elapsed
    } ms (budget ${TIME_BUDGET_MS} ms)`,
  );
  for (const socket of sockets) socket.terminate();
} finally {
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
}
