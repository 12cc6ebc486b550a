// `npm run bench`: start-up time, memory and latency of the embedded mode on the production build,
// with a large company (100,000 customers, 200,000 jobs over three years, 30 employees) and a
// small one for comparison. Budgets are printed next to each figure, never asserted. bench/README.md.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 20;
const SCALE = Number(process.env.BENCH_SCALE || 1);
const COMPANIES = [
  { key: "large", businessName: "Bench Large Co", adminEmail: "bench-large@example.com", customers: 100_000, jobs: 200_000, employees: 30 },
  { key: "small", businessName: "Bench Small Co", adminEmail: "bench-small@example.com", customers: 1_000, jobs: 2_000, employees: 30 },
].map((c) => ({ ...c, password: "bench-password-1", customers: Math.round(c.customers * SCALE), jobs: Math.round(c.jobs * SCALE) }));
const LOGIN_HTML_BUDGET = 30 * 1024;

const started = Date.now();
const loadAtStart = os.loadavg()[0];
const ownBuild = !process.env.BENCH_BUILD_DIR;
const buildDir = path.resolve(process.env.BENCH_BUILD_DIR || `.cache/bench-build-${process.pid}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-bench-"));
let server;
let dropBenchDatabase;

async function onPostgres(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function cleanUp() {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) rmSync(buildDir, { recursive: true, force: true });
  if (dropBenchDatabase) spawnSync("psql", [pgAdminUrl, "-qc", `DROP DATABASE IF EXISTS fieldwise_bench_${process.pid} WITH (FORCE)`]);
}
process.on("exit", cleanUp);
process.on("SIGINT", () => process.exit(130));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Memory of the server and its worker processes. */
function rssMb(pid, field = "VmRSS") {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith(`${field}:`));
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
  return Math.round(Number(line.split(/\s+/)[1]) / 1024) + children.reduce((sum, child) => sum + rssMb(child, field), 0);
}

/** GET with the raw (compressed) bytes counted. */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      })
      .on("error", reject);
  });
}

/**
 * While a target loads, renames a tag of the company every 1/perSecond s through the API: every
 * write moves the company's data version, so kept pages are rendered afresh (docs/decisions/page-cache.md).
 */
function startWriter(base, cookie, tagId, perSecond) {
  let writes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const body = JSON.stringify({ id: tagId, name: `Bench tag ${writes + 1}` });
      await new Promise((resolve, reject) => {
        const req = http.request(`${base}/api/tags`, { method: "PUT", headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`the writer's PUT /api/tags answered ${res.statusCode}`))));
        });
        req.on("error", reject);
        req.end(body);
      });
      writes++;
      await new Promise((r) => setTimeout(r, 1000 / perSecond));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return writes;
  };
}

function load(url, cookie, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: cookie ? { cookie, "accept-encoding": "gzip" } : { "accept-encoding": "gzip" } }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
      resolve({ p50: at(0.5), p95: at(0.95), rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts, total: times.length });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/**
 * One request at a time: what a single request costs, without queueing behind others. `fresh`
 * gives each request a query parameter of its own, so no kept page answers it: the cost of a
 * page rendered afresh, as after a write.
 */
async function sequential(url, cookie, { fresh = false, count = 10, capMs = 20_000 } = {}) {
  const times = [];
  const until = Date.now() + capMs;
  while (times.length < count && Date.now() < until) {
    const t = performance.now();
    const target = fresh ? `${url}${url.includes("?") ? "&" : "?"}benchFresh=${times.length}` : url;
    await get(target, cookie ? { cookie, "accept-encoding": "gzip" } : { "accept-encoding": "gzip" });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// 1. Build
if (ownBuild) {
  console.log("Building...");
  const result = spawnSync("npm", ["run", "build"], { env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir }, encoding: "utf8" });
  if (result.status !== 0) {
    console.error(`The build failed:\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
} else if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`BENCH_BUILD_DIR=${buildDir} holds no build`);
  process.exit(1);
}

const port = await freePort();
const base = `http://localhost:${port}`;
const env = { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir, DATA_DIR: dataDir, SEED_DEMO: "true", SESSION_SECRET: "bench-session-secret-0123456789abcdef", APP_URL: base, PORT: String(port) };
delete env.DATABASE_URL;
delete env.WEB_CONCURRENCY;
// BENCH_DATABASE_URL: the same run on PostgreSQL (a fresh database next to the given one, dropped at
// the end), served by BENCH_WORKERS processes (default: one per core).
const pgAdminUrl = process.env.BENCH_DATABASE_URL;
if (pgAdminUrl) {
  const benchDatabase = `fieldwise_bench_${process.pid}`;
  await onPostgres(pgAdminUrl, `CREATE DATABASE ${benchDatabase}`);
  dropBenchDatabase = () => onPostgres(pgAdminUrl, `DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${benchDatabase}`;
  env.DATABASE_URL = url.toString();
  env.WEB_CONCURRENCY = String(Number(process.env.BENCH_WORKERS || os.cpus().length));
}

// 2. Seed, through the app's own seed functions, before the server opens the database
console.log(`Seeding (${pgAdminUrl ? "PostgreSQL database" : `embedded database in ${dataDir}`})...`);
const seedFile = path.join(dataDir, "bench-seed.json");
const seeding = spawnSync("node", ["bench/seed.mjs", seedFile, JSON.stringify(COMPANIES)], { env, encoding: "utf8", stdio: ["ignore", "inherit", "pipe"] });
if (seeding.status !== 0) {
  console.error(`Seeding failed:\n${seeding.stderr}`);
  process.exit(1);
}
const seed = JSON.parse(readFileSync(seedFile, "utf8"));

// 3. Start the server and time it until it answers
const spawnedAt = Date.now();
server = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
let serverLog = "";
server.stdout.on("data", (d) => (serverLog += d));
server.stderr.on("data", (d) => (serverLog += d));
for (;;) {
  if (server.exitCode !== null) {
    console.error(`The server exited with ${server.exitCode}:\n${serverLog}`);
    process.exit(1);
  }
  try {
    await get(`${base}/404`);
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 50));
  }
}
const startupMs = Date.now() - spawnedAt;
const idleRss = rssMb(server.pid);

// 4. Load each target; a target whose screen or call is not built yet (404) is skipped
const large = seed.large;
const small = seed.small;
const tag = large.tagIds[0];
const week = new Date().toISOString().slice(0, 10);
const targets = [
  { name: "GET /login", path: "/login", budget: 50 },
  { name: "home /dashboard (company admin)", path: "/dashboard", cookie: large.cookie, budget: 50 },
  { name: "GET /api/users/current", path: "/api/users/current", cookie: large.cookie, budget: 50 },
  { name: "customers: first page", path: "/customers", cookie: large.cookie, budget: 50 },
  { name: "customers: deep page (5,000)", path: "/customers?page=5000", cookie: large.cookie, budget: 50 },
  { name: "customers: search 'smith'", path: "/customers?q=smith", cookie: large.cookie, budget: 50 },
  { name: "customers: tag filter", path: `/customers?tag=${tag}`, cookie: large.cookie, budget: 50 },
  { name: "api customers/page: first page", path: "/api/customers/page?pageNumber=1&pageSize=10", cookie: large.cookie, budget: 50 },
  { name: "api customers/page: deep page", path: "/api/customers/page?pageNumber=5000&pageSize=10", cookie: large.cookie, budget: 50 },
  { name: "api customers/page: search", path: "/api/customers/page?pageNumber=1&pageSize=10&searchQuery=smith", cookie: large.cookie, budget: 50 },
  { name: "api customers/page: tag filter", path: `/api/customers/page?pageNumber=1&pageSize=10&tagIds[0]=${tag}`, cookie: large.cookie, budget: 50 },
  { name: "schedule: week view", path: `/schedule?view=week&date=${week}`, cookie: large.cookie, budget: 80 },
  { name: "jobs list", path: "/jobs", cookie: large.cookie, budget: 80 },
  { name: "api jobs/page", path: "/api/jobs/page?pageNumber=1&pageSize=10", cookie: large.cookie, budget: 80 },
  { name: "customers: first page (1,000-customer company)", path: "/customers", cookie: small.cookie, budget: 50 },
  { name: "schedule: week view (1,000-customer company)", path: `/schedule?view=week&date=${week}`, cookie: small.cookie, budget: 80 },
  { name: "customers: first page, 2 writes/s", path: "/customers", cookie: large.cookie, budget: 50, writesPerSecond: 2 },
  { name: "schedule: week view, 2 writes/s", path: `/schedule?view=week&date=${week}`, cookie: large.cookie, budget: 80, writesPerSecond: 2 },
];

console.log(`Load: ${CONNECTIONS} connections, ${SECONDS} s per target\n`);
const rows = [];
for (const target of targets) {
  const probe = await get(base + target.path, target.cookie ? { cookie: target.cookie } : {});
  if (probe.status === 404) {
    rows.push({ ...target, skipped: "not built yet (404)" });
    continue;
  }
  if (probe.status !== 200) {
    rows.push({ ...target, skipped: `answers ${probe.status}${probe.headers.location ? ` → ${probe.headers.location}` : ""}, not measured` });
    continue;
  }
  // The sequential samples also warm up (JIT, caches, database buffers).
  const fresh = await sequential(base + target.path, target.cookie, { fresh: true });
  const single = await sequential(base + target.path, target.cookie);
  const stopWriter = target.writesPerSecond ? startWriter(base, target.cookie, tag, target.writesPerSecond) : null;
  const measured = await load(base + target.path, target.cookie);
  const writes = await stopWriter?.();
  // autocannon stops without waiting for requests still queued in the server: let them drain.
  await get(base + target.path, target.cookie ? { cookie: target.cookie } : {});
  rows.push({ ...target, fresh, single, writes, ...measured });
}
const peakRss = rssMb(server.pid, "VmHWM");
const afterRss = rssMb(server.pid);

const login = await get(`${base}/login`, { "accept-encoding": "gzip" });

// 5. Stop the server (SIGTERM must end it cleanly)
const stopAt = Date.now();
server.kill("SIGTERM");
const exitCode = await new Promise((resolve) => server.once("exit", (code) => resolve(code)));
await dropBenchDatabase?.();

// 6. Report
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const mark = (ok) => (ok ? "ok  " : "OVER");
const ms = (n) => (Number.isNaN(n) ? "-" : n < 10 ? n.toFixed(1) : Math.round(n));
console.log(`${pad("target", 48)} ${lpad("fresh", 7)} ${lpad("1 conn", 7)} ${lpad("p50 ms", 7)} ${lpad("p95 ms", 7)} ${lpad("budget", 7)}      ${lpad("req/s", 7)}  notes`);
for (const r of rows) {
  if (r.skipped) {
    console.log(`${pad(r.name, 48)} ${lpad("-", 7)} ${lpad("-", 7)} ${lpad("-", 7)} ${lpad("-", 7)} ${lpad(`<${r.budget}`, 7)} skip ${lpad("-", 7)}  ${r.skipped}`);
    continue;
  }
  const notes = [r.total === 0 ? "no answer within the run" : `${r.total} requests`, r.writes ? `${r.writes} writes` : "", r.non2xx ? `${r.non2xx} non-2xx` : "", r.errors ? `${r.errors} errors` : ""].filter(Boolean).join(", ");
  console.log(`${pad(r.name, 48)} ${lpad(ms(r.fresh), 7)} ${lpad(ms(r.single), 7)} ${lpad(ms(r.p50), 7)} ${lpad(ms(r.p95), 7)} ${lpad(`<${r.budget}`, 7)} ${mark(r.p95 < r.budget)} ${lpad(Math.round(r.rps), 7)}  ${notes}`);
}
console.log(`\n"fresh": median of up to 10 requests one at a time, each rendered afresh (a query parameter of its own, as after a write);`);
console.log(`"1 conn": the same URL again and again (kept pages answer); p50/p95/req/s: ${CONNECTIONS} connections for ${SECONDS} s.`);
console.log(`Seeding:            large ${(large.ms / 1000).toFixed(1)} s, small ${(small.ms / 1000).toFixed(1)} s (not part of start-up)`);
const database = pgAdminUrl ? `PostgreSQL, ${env.WEB_CONCURRENCY} worker processes` : "embedded database";
console.log(`Start-up:           ${startupMs} ms from spawn to first answer (${database} with ${COMPANIES[0].customers.toLocaleString("en-US")} customers)`);
console.log(`Memory (RSS):       ${idleRss} MB after start, ${afterRss} MB after the load, peak ${peakRss} MB${pgAdminUrl ? " (all server processes; PostgreSQL not counted)" : ""}`);
console.log(`/login HTML gzipped: ${(login.bytes / 1024).toFixed(1)} KB (budget < 30 KB) ${mark(login.bytes < LOGIN_HTML_BUDGET && login.headers["content-encoding"] === "gzip")}${login.headers["content-encoding"] === "gzip" ? "" : ` (not gzipped: ${login.headers["content-encoding"] ?? "identity"})`}`);
console.log(`Shutdown:           SIGTERM → exit ${exitCode} in ${Date.now() - stopAt} ms${exitCode === 0 ? "" : " (expected 0)"}`);
console.log(`Machine:            ${os.cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end (other work on the machine skews every figure)`);
console.log(`Total bench time:   ${((Date.now() - started) / 1000).toFixed(0)} s`);
