// `npm run bench`: what pages rendered afresh cost on the production build, with a large company
// (100,000 customers, 200,000 jobs over three years, 30 employees) and a small one for comparison.
// Every measured request differs from the others (session, page, search, week, filter), so no
// cache of pages, answers or sessions could answer it. Budgets are printed, never asserted.
// bench/README.md.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildInto, databaseUrlOn, freePort, onPostgres, serverEnv, startServer } from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 20;
const SCALE = Number(process.env.BENCH_SCALE || 1);
/** Single requests one at a time per target and company (the "one client" median), after WARM_UP more. */
const SAMPLES = Number(process.env.BENCH_SAMPLES || 40);
const WARM_UP = 10;
const COMPANIES = [
  {
    key: "large",
    businessName: "Bench Large Co",
    adminEmail: "bench-large@example.com",
    customers: 100_000,
    jobs: 200_000,
    estimates: 100_000,
    invoices: 100_000,
    employees: 30,
  },
  {
    key: "small",
    businessName: "Bench Small Co",
    adminEmail: "bench-small@example.com",
    customers: 1_000,
    jobs: 2_000,
    estimates: 1_000,
    invoices: 1_000,
    employees: 30,
  },
].map((c) => ({
  ...c,
  password: "bench-password-1",
  customers: Math.round(c.customers * SCALE),
  jobs: Math.round(c.jobs * SCALE),
  estimates: Math.round(c.estimates * SCALE),
  invoices: Math.round(c.invoices * SCALE),
  adminSessions: 40,
  sessionsPerStaff: 2,
}));
const LOGIN_HTML_BUDGET = 30 * 1024;
const PUBLIC_PAGE_BUDGET = 60 * 1024;
/** The public approval and payment pages: HTML plus the stylesheets they link, gzipped. */
const PUBLIC_DOCUMENT_BUDGET = 30 * 1024;
/** The large company's one-client median may be at most this many times the small one's. */
const RATIO_BUDGET = 1.5;

const started = Date.now();
const ownBuild = !process.env.BENCH_BUILD_DIR;
const buildDir = path.resolve(process.env.BENCH_BUILD_DIR || `.cache/bench-build-${process.pid}`);
const pgAdminUrl = process.env.BENCH_DATABASE_URL;
const benchDatabase = `fieldwise_bench_${process.pid}`;
const dataDirs = [];
const servers = [];

function cleanUp() {
  for (const server of servers) if (server.exitCode === null) server.kill("SIGKILL");
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (ownBuild) rmSync(buildDir, { recursive: true, force: true });
  if (pgAdminUrl) spawnSync("psql", [pgAdminUrl, "-qc", `DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`]);
}
process.on("exit", cleanUp);
process.on("SIGINT", () => process.exit(130));

/** Memory of the server and its worker processes. */
function rssMb(pid, field = "VmRSS") {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
  return (
    Math.round(Number(line.split(/\s+/)[1]) / 1024) + children.reduce((sum, child) => sum + rssMb(child, field), 0)
  );
}

/** GET with the raw (compressed) bytes counted; `body` is kept only when asked for. */
function get(url, headers = {}, { body = false } = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        const chunks = [];
        res.on("data", (chunk) => {
          bytes += chunk.length;
          if (body) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, bytes, body: body ? Buffer.concat(chunks) : null }),
        );
      })
      .on("error", reject);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

// ---------------------------------------------------------------------------------------------
// The walks: the i-th request of a target, for i = 0, 1, 2, ... Each is a page, search, filter or
// week of its own and goes out with one of many sessions; `b=<i>` makes every URL distinct even
// where a run asks for more requests than the data has pages.

const pick = (list, i) => list[i % list.length];
/** Page numbers spread over the whole list (1..pages), different for consecutive i. */
const spread = (i, pages) => 1 + ((i * 7919) % Math.max(1, pages));
const q = (s) => encodeURIComponent(s);

function weeksOf(seed) {
  const weeks = [];
  if (!seed.jobsFrom) return [new Date().toISOString().slice(0, 10)];
  for (
    let d = new Date(`${seed.jobsFrom}T12:00:00Z`);
    d <= new Date(`${seed.jobsTo}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 7)
  )
    weeks.push(d.toISOString().slice(0, 10));
  return weeks;
}

/**
 * A list request as a URL of the API (`/api/<list>/page`) or of the page (`/<list>`): the same request,
 * with the parameters named and ordered as each of them reads them. A search without a page asks for page 1.
 */
function listUrl(list, api, { page, sort, filter, search }) {
  if (api) {
    const params = ["pageSize=10", `pageNumber=${page ?? 1}`];
    if (sort) params.push(`sortSettings[0].fieldName=${sort.field}`, `sortSettings[0].descending=${sort.descending}`);
    if (filter) params.push(`${filter.apiName}=${filter.value}`);
    if (search) params.push(`searchQuery=${q(search)}`);
    return `/api/${list}/page?${params.join("&")}`;
  }
  const params = [];
  if (sort) params.push(`sort=${sort.field}`, `order=${sort.descending ? "desc" : "asc"}`);
  if (filter) params.push(`${filter.name}=${filter.value}`);
  if (search) params.push(`q=${q(search)}`);
  if (page !== undefined) params.push(`page=${page}`);
  return `/${list}?${params.join("&")}`;
}

/**
 * A list's walk, 8 requests a round: 4 plain pages at any depth, a sorted page, a filtered page (k = 6) and
 * searches for two different words (k = 5 and 7). `how` gives the list's sort, filter and search page.
 */
function listWalk(seed, list, rows, api, how) {
  const pages = Math.ceil(rows / 10);
  return (i) => {
    const k = i % 8;
    const round = Math.floor(i / 8);
    const page = spread(i, pages);
    const url = (request) => listUrl(list, api, request);
    if (k <= 3) return { kind: "pages", path: url({ page }) };
    if (k === 4) return { kind: "sorted", path: url({ page, sort: how.sort(round) }) };
    if (k === 6) return { kind: how.filterKind, path: url({ page: 1 + (round % 5), filter: how.filter(round) }) };
    const search = pick(seed.searchWords, round * 2 + (k === 7 ? 1 : 0));
    return { kind: "search", path: url({ page: how.searchPage(round), search }) };
  };
}

/** customers list and /api/customers/page: half plain pages at any depth, then sorted pages, searches and tag filters. */
function customersWalk(seed, company, api) {
  return listWalk(seed, "customers", company.customers, api, {
    sort: (round) => ({ field: "name", descending: round % 2 === 1 }),
    filterKind: "tag",
    filter: (round) => ({ name: "tag", apiName: "tagIds[0]", value: pick(seed.tagIds, round) }),
    searchPage: (round) => 1 + (round % 3),
  });
}

/** jobs list and /api/jobs/page: plain pages at any depth, newest first, searches (first page), status filters. */
function jobsWalk(seed, company, api) {
  return listWalk(seed, "jobs", company.jobs, api, {
    sort: () => ({ field: "startTime", descending: true }),
    filterKind: "status",
    filter: (round) => ({ name: "status", apiName: "type", value: round % 8 }),
    searchPage: () => undefined,
  });
}

/** estimates list and /api/estimates/page: plain pages at any depth, by total (largest first) or customer, searches (pages 1 to 3), tag filters. */
function estimatesWalk(seed, company, api) {
  return listWalk(seed, "estimates", company.estimates, api, {
    sort: (round) => (round % 2 ? { field: "customerName", descending: false } : { field: "total", descending: true }),
    filterKind: "tag",
    filter: (round) => ({ name: "tag", apiName: "tags[0]", value: pick(seed.estimateTagIds, round) }),
    searchPage: (round) => 1 + (round % 3),
  });
}

/** invoices list and /api/invoices/page: plain pages at any depth, by due date, searches, status filters (with overdue). */
function invoicesWalk(seed, company, api) {
  return listWalk(seed, "invoices", company.invoices, api, {
    sort: (round) => ({ field: "dueDate", descending: round % 2 === 1 }),
    filterKind: "status",
    filter: (round) => ({ name: "status", apiName: "status", value: pick(["0", "1", "2", "5", "overdue"], round) }),
    searchPage: () => undefined,
  });
}

/** The schedule's week view, a different week of the three years each time. */
function weeksWalk(seed) {
  const weeks = weeksOf(seed);
  return (i) => ({ kind: "week", path: `/schedule?view=week&date=${weeks[(i * 37) % weeks.length]}` });
}

/** The seeded three years as months ("2024-03"), for the reports' walks. */
function monthsOf(seed) {
  return [...new Set(weeksOf(seed).map((day) => day.slice(0, 7)))];
}
const lastDayOf = (month) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/** /reports over a different range each time: a month by day (twice in four), a quarter by week, a year by month. */
function reportsWalk(seed) {
  const months = monthsOf(seed);
  return (i) => {
    const k = i % 4;
    const first = (i * 7) % months.length;
    const span = k === 2 ? 3 : k === 3 ? 12 : 1;
    const last = months[Math.min(first + span - 1, months.length - 1)];
    const group = k === 2 ? "week" : k === 3 ? "month" : "day";
    return {
      kind: `${span} month${span > 1 ? "s" : ""}`,
      path: `/reports?from=${months[first]}-01&to=${lastDayOf(last)}&group=${group}`,
    };
  };
}

/** /report-sales: each breakdown over a different month, and the by-period table over a year by month. */
function salesReportWalk(seed) {
  const months = monthsOf(seed);
  const tabs = ["period", "employee", "item", "leadSource", "tag", "period"];
  return (i) => {
    const k = i % tabs.length;
    const first = (i * 5) % months.length;
    const last = months[k === 5 ? Math.min(first + 11, months.length - 1) : first];
    const group = k === 5 ? "month" : "day";
    return {
      kind: k === 5 ? "year" : tabs[k],
      path: `/report-sales?from=${months[first]}-01&to=${lastDayOf(last)}&group=${group}&by=${tabs[k]}`,
    };
  };
}

/**
 * /activity-feed (docs/decisions/066): plain pages at any depth the feed pages to (1 to 500 by 10), pages of
 * 100, one or two event types, an employee, a month of the three years (the filtered ones pages 1 to 5).
 */
function activityWalk(seed) {
  const months = monthsOf(seed);
  const types = ["job-4", "job-3", "estimate-5", "invoice-26", "job-0&type=invoice-14"];
  const people = seed.activityEmployeeIds?.length ? seed.activityEmployeeIds : [seed.adminUserId];
  return (i) => {
    const k = i % 8;
    const round = Math.floor(i / 8);
    const page = 1 + (round % 5);
    if (k <= 2) return { kind: "pages", path: `/activity-feed?page=${spread(i, 500)}` };
    if (k === 3) return { kind: "pages of 100", path: `/activity-feed?pageSize=100&page=${spread(i, 50)}` };
    if (k <= 5) return { kind: "type", path: `/activity-feed?type=${pick(types, round * 2 + k)}&page=${page}` };
    if (k === 6) return { kind: "employee", path: `/activity-feed?employee=${pick(people, round)}&page=${page}` };
    const month = months[(round * 7) % months.length];
    return { kind: "month", path: `/activity-feed?from=${month}-01&to=${lastDayOf(month)}&page=${page}` };
  };
}

const same =
  (path, kind = "page") =>
  () => ({ kind, path });

/**
 * Targets. `budget`: the one-client median (ms) of the issue, on the large company and the embedded
 * database; `compare`: also measured on the small company (the ratio must stay under 1.5).
 */
const TARGETS = [
  { key: "customers", name: "customers list", budget: 15, compare: true, walk: (s, c) => customersWalk(s, c, false) },
  {
    key: "api-customers",
    name: "GET /api/customers/page",
    budget: 8,
    compare: true,
    walk: (s, c) => customersWalk(s, c, true),
  },
  { key: "jobs", name: "jobs list", budget: 15, compare: true, walk: (s, c) => jobsWalk(s, c, false) },
  { key: "dashboard", name: "dashboard", budget: 10, compare: true, walk: () => same("/dashboard") },
  { key: "schedule", name: "schedule, week view", budget: 30, compare: true, walk: (s) => weeksWalk(s) },
  { key: "api-jobs", name: "GET /api/jobs/page", walk: (s, c) => jobsWalk(s, c, true) },
  // The issue: "the estimates and invoices lists at 100,000 each, same budgets as the jobs list".
  { key: "estimates", name: "estimates list", budget: 15, compare: true, walk: (s, c) => estimatesWalk(s, c, false) },
  { key: "api-estimates", name: "GET /api/estimates/page", walk: (s, c) => estimatesWalk(s, c, true) },
  { key: "invoices", name: "invoices list", budget: 15, compare: true, walk: (s, c) => invoicesWalk(s, c, false) },
  { key: "api-invoices", name: "GET /api/invoices/page", walk: (s, c) => invoicesWalk(s, c, true) },
  { key: "reports", name: "reports", budget: 15, compare: true, walk: (s) => reportsWalk(s) },
  { key: "sales-report", name: "sales report", budget: 15, compare: true, walk: (s) => salesReportWalk(s) },
  { key: "activity", name: "activity feed", budget: 15, compare: true, walk: (s) => activityWalk(s) },
  { key: "users-current", name: "GET /api/users/current", walk: () => same("/api/users/current") },
  { key: "login", name: "GET /login (visitor)", visitor: true, walk: () => same("/login") },
  {
    key: "visit",
    name: "public visit page (visitor)",
    visitor: true,
    walk: (s) => (i) => ({ kind: "visit", path: `/service-visit-details/${pick(s.publicTokens, i)}` }),
  },
];

/**
 * A target's walk on one company: `request(i)` gives the i-th request (path with `b=<i>`, cookie).
 * Requests go out with the company admin's sessions and its office staff's, unless the staff may
 * not see the page (then the admin's alone).
 */
async function walkerFor(target, base, seed, company) {
  const step = target.walk(seed, company);
  let cookies = target.visitor ? [undefined] : [...seed.adminCookies, ...seed.staffCookies];
  const at = (i, list) => {
    const { kind, path: p } = step(i);
    return { kind, path: `${p}${p.includes("?") ? "&" : "?"}b=${i}`, cookie: list[i % list.length] };
  };
  const notes = [];
  if (!target.visitor && seed.staffCookies.length) {
    const probe = await get(base + at(0, seed.staffCookies).path, { cookie: seed.staffCookies[0] });
    if (probe.status !== 200) {
      cookies = seed.adminCookies;
      notes.push(`admin sessions only (office staff: ${probe.status})`);
    }
  }
  const probe = await get(base + at(0, cookies).path, cookies[0] ? { cookie: cookies[0] } : {});
  if (probe.status !== 200)
    return {
      skipped:
        probe.status === 404
          ? "not built yet (404)"
          : `answers ${probe.status}${probe.headers.location ? ` → ${probe.headers.location}` : ""}, not measured`,
    };
  let next = 1;
  return { notes, sessions: cookies.filter(Boolean).length, request: () => at(next++, cookies), issued: () => next };
}

const headersOf = (cookie) => (cookie ? { cookie, "accept-encoding": "gzip" } : { "accept-encoding": "gzip" });

/** One request at a time, each distinct: the median (and the median per kind of request). */
async function oneClient(base, walker, count = SAMPLES, capMs = 30_000) {
  for (let i = 0; i < WARM_UP; i++) {
    const r = walker.request();
    await get(base + r.path, headersOf(r.cookie));
  }
  const samples = [];
  let failed = 0;
  const until = Date.now() + capMs;
  while (samples.length < count && Date.now() < until) {
    const r = walker.request();
    const t = performance.now();
    const answer = await get(base + r.path, headersOf(r.cookie));
    samples.push({ kind: r.kind, ms: performance.now() - t });
    if (answer.status !== 200) failed++;
  }
  const kinds = {};
  for (const s of samples) (kinds[s.kind] ??= []).push(s.ms);
  return {
    median: median(samples.map((s) => s.ms)),
    count: samples.length,
    failed,
    kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, median(v)])),
  };
}

/** CONNECTIONS clients for SECONDS, every request the walk's next one. */
function underLoad(base, walker, seconds = SECONDS) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const r = walker.request();
              return { ...request, method: "GET", path: r.path, headers: { ...headersOf(r.cookie), host: url.host } };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
        resolve({
          p50: at(0.5),
          p95: at(0.95),
          rps: result.requests.average,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          total: times.length,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/**
 * A public document page (approval, payment) as the issue budgets it: its HTML and the stylesheets it links,
 * each as sent gzipped. The page's JavaScript is not counted (both pages work without it).
 */
async function publicDocumentSize(base, pagePath) {
  const page = await get(base + pagePath, { "accept-encoding": "gzip" }, { body: true });
  if (page.status === 404) return { skipped: "not built yet (404)" };
  if (page.status !== 200) return { skipped: `answers ${page.status}` };
  if (page.headers["content-encoding"] !== "gzip") return { skipped: "HTML not gzipped" };
  const html = gunzipSync(page.body).toString("utf8");
  let css = 0;
  const sheets = new Set(
    [...html.matchAll(/<link\b[^>]*>/gi)]
      .map((m) => m[0])
      .filter((tag) => /\srel="stylesheet"/i.test(tag))
      .map((tag) => tag.match(/\shref="([^"]*)"/i)?.[1])
      .filter(Boolean),
  );
  for (const href of sheets) css += (await get(new URL(href, base).toString(), { "accept-encoding": "gzip" })).bytes;
  return { html: page.bytes, css, sheets: sheets.size, total: page.bytes + css };
}

/** The public visit page's whole transfer as a browser makes it: HTML, stylesheets, scripts, preloaded fonts and images, and the fonts its CSS declares. */
async function publicPageTransfer(base, pagePath) {
  const page = await get(base + pagePath, { "accept-encoding": "gzip" }, { body: true });
  if (page.status !== 200) return { failed: `answers ${page.status}` };
  const html = (page.headers["content-encoding"] === "gzip" ? gunzipSync(page.body) : page.body).toString("utf8");
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1];
  const parts = { html: page.bytes, css: 0, js: 0, fonts: 0, images: 0 };
  const cssFontUrls = new Set();
  const seen = new Set();
  const fetchPart = async (href, kind) => {
    if (!href || seen.has(href) || /^(data:|https?:\/\/(?!localhost))/.test(href)) return;
    seen.add(href);
    const answer = await get(new URL(href, base).toString(), { "accept-encoding": "gzip" }, { body: kind === "css" });
    parts[kind] += answer.bytes;
    if (kind === "css") {
      const css = (answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body).toString(
        "utf8",
      );
      for (const m of css.matchAll(/url\(\s*["']?([^"')]+\.woff2?)["']?\s*\)/g))
        cssFontUrls.add(new URL(m[1], new URL(href, base)).pathname);
    }
  };
  for (const tag of html.match(/<(link|script|img)\b[^>]*>/gi) ?? []) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase();
    if (/^<link/i.test(tag) && rel === "stylesheet") await fetchPart(attr(tag, "href"), "css");
    else if (/^<link/i.test(tag) && rel === "modulepreload") await fetchPart(attr(tag, "href"), "js");
    else if (/^<link/i.test(tag) && rel === "preload")
      await fetchPart(
        attr(tag, "href"),
        attr(tag, "as") === "font" ? "fonts" : attr(tag, "as") === "script" ? "js" : "images",
      );
    else if (/^<script/i.test(tag) && attr(tag, "src")) await fetchPart(attr(tag, "src"), "js");
    else if (/^<img/i.test(tag)) await fetchPart(attr(tag, "src"), "images");
  }
  // Inline module scripts import the route's chunks: count them as the browser would load them.
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) await fetchPart(m[1], "js");
  let declaredFonts = 0;
  for (const font of cssFontUrls)
    if (!seen.has(font)) declaredFonts += (await get(new URL(font, base).toString())).bytes;
  return {
    ...parts,
    total: parts.html + parts.css + parts.js + parts.fonts + parts.images,
    declaredFonts,
    declaredFontFiles: [...cssFontUrls].filter((f) => !seen.has(f)).length,
  };
}

// ---------------------------------------------------------------------------------------------
// One pass: a fresh database, seeded from source, the built server started, every target measured.

async function pass({ label, databaseUrl, workers }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-bench-"));
  dataDirs.push(dataDir);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env = serverEnv(
    { buildDir, dataDir, port, sessionSecret: "bench-session-secret-0123456789abcdef" },
    { SEED_DEMO: "true" },
  );
  delete env.WEB_CONCURRENCY;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    env.WEB_CONCURRENCY = String(workers);
  }
  const loadAtStart = os.loadavg()[0];

  // Seed from source (tsx: seeds and fixtures are not in the server bundle), before the server opens the database.
  console.log(`\n[${label}] Seeding...`);
  const seedFile = path.join(dataDir, "bench-seed.json");
  const seeding = spawnSync(
    process.execPath,
    ["--import", "tsx", "bench/seed.ts", seedFile, JSON.stringify(COMPANIES)],
    { env, encoding: "utf8", stdio: ["ignore", "inherit", "pipe"] },
  );
  if (seeding.status !== 0) throw new Error(`Seeding failed:\n${seeding.stderr}`);
  const seed = JSON.parse(readFileSync(seedFile, "utf8"));

  // Start the server and time it until it answers.
  const spawnedAt = Date.now();
  const server = await startServer(env, base);
  servers.push(server);
  const startupMs = Date.now() - spawnedAt;
  const idleRss = rssMb(server.pid);

  console.log(
    `[${label}] Measuring: ${SAMPLES} single requests per target and company, then ${CONNECTIONS} clients for ${SECONDS} s per target (large company)...`,
  );
  const results = {};
  for (const target of TARGETS) {
    const large = await walkerFor(target, base, seed.large, COMPANIES[0]);
    if (large.skipped) {
      results[target.key] = { skipped: large.skipped };
      continue;
    }
    const result = { notes: large.notes, sessions: large.sessions, large: await oneClient(base, large) };
    if (target.compare) {
      const small = await walkerFor(target, base, seed.small, COMPANIES[1]);
      if (!small.skipped) result.small = await oneClient(base, small);
    }
    result.load = await underLoad(base, large);
    result.distinct = large.issued();
    // autocannon stops without waiting for requests still queued in the server: let them drain.
    const drain = large.request();
    await get(base + drain.path, headersOf(drain.cookie));
    results[target.key] = result;
  }
  const peakRss = rssMb(server.pid, "VmHWM");
  const afterRss = rssMb(server.pid);
  const login = await get(`${base}/login`, { "accept-encoding": "gzip" });
  const visit = seed.large.publicTokens.length
    ? await publicPageTransfer(base, `/service-visit-details/${seed.large.publicTokens[0]}`)
    : null;
  const documents = {
    "Public approval page": seed.large.estimateTokens.length
      ? await publicDocumentSize(base, `/estimate-details/${seed.large.estimateTokens[0]}`)
      : { skipped: "no estimates seeded" },
    "Public payment page": seed.large.invoiceTokens.length
      ? await publicDocumentSize(base, `/invoice-details/${seed.large.invoiceTokens[0]}`)
      : { skipped: "no open invoices seeded" },
  };

  // SIGTERM must end the server cleanly.
  const stopAt = Date.now();
  server.kill("SIGTERM");
  const exitCode = await new Promise((resolve) =>
    server.exitCode !== null ? resolve(server.exitCode) : server.once("exit", (code) => resolve(code)),
  );
  const shutdownMs = Date.now() - stopAt;
  return {
    label,
    workers,
    results,
    seed,
    startupMs,
    idleRss,
    afterRss,
    peakRss,
    login,
    visit,
    documents,
    exitCode,
    shutdownMs,
    loadAtStart,
    loadAtEnd: os.loadavg()[0],
  };
}

// ---------------------------------------------------------------------------------------------

if (ownBuild) {
  console.log("Building...");
  const result = buildInto(buildDir);
  if (result.status !== 0) {
    console.error(`The build failed:\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
} else if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`BENCH_BUILD_DIR=${buildDir} holds no build`);
  process.exit(1);
}

const passes = [];
try {
  passes.push(await pass({ label: "embedded" }));
  if (pgAdminUrl) {
    // The same run on PostgreSQL: a fresh database next to the given one, dropped at the end.
    await onPostgres(pgAdminUrl, `CREATE DATABASE ${benchDatabase}`);
    const databaseUrl = databaseUrlOn(pgAdminUrl, benchDatabase);
    const workers = Number(process.env.BENCH_WORKERS || 2);
    try {
      passes.push(await pass({ label: `PostgreSQL, ${workers} workers`, databaseUrl, workers }));
    } finally {
      await onPostgres(pgAdminUrl, `DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Report

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const ms = (n) => (n === undefined || Number.isNaN(n) ? "-" : n < 10 ? n.toFixed(1) : String(Math.round(n)));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const [embedded, onPg] = passes;
const large = COMPANIES[0];
const small = COMPANIES[1];

console.log(
  `\nOne client: median of ${SAMPLES} single requests one at a time (after ${WARM_UP} unmeasured), every one distinct.`,
);
console.log(
  `${CONNECTIONS} clients: ${SECONDS} s of the same walk, every request distinct. Embedded database unless said.`,
);
console.log(
  `Large: ${large.customers.toLocaleString("en-US")} customers, ${large.jobs.toLocaleString("en-US")} jobs, ${large.estimates.toLocaleString("en-US")} estimates and invoices each; small: ${small.customers.toLocaleString("en-US")} customers. Ratio: large / small one-client median (at most ${RATIO_BUDGET}).\n`,
);
const header = [
  pad("target", 30),
  lpad("1 client", 9),
  lpad("budget", 7),
  "    ",
  lpad("small", 6),
  lpad("ratio", 6),
  "    ",
  lpad("req/s", 6),
  lpad("p95", 6),
];
if (onPg) header.push(" | PG: ", lpad("1 client", 8), lpad("req/s", 6), lpad("p95", 6));
console.log(header.join(" "));
for (const target of TARGETS) {
  const r = embedded.results[target.key];
  if (r.skipped) {
    console.log(`${pad(target.name, 30)} skipped: ${r.skipped}`);
    continue;
  }
  const within = target.budget ? (r.large.median <= target.budget ? "pass" : "FAIL") : "    ";
  const ratio = r.small ? r.large.median / r.small.median : NaN;
  const ratioMark = r.small ? (ratio <= RATIO_BUDGET ? "ok  " : "OVER") : "    ";
  const line = [
    pad(target.name, 30),
    lpad(ms(r.large.median), 9),
    lpad(target.budget ? `≤${target.budget}` : "", 7),
    within,
    lpad(r.small ? ms(r.small.median) : "", 6),
    lpad(r.small ? ratio.toFixed(2) : "", 6),
    ratioMark,
    lpad(Math.round(r.load.rps), 6),
    lpad(ms(r.load.p95), 6),
  ];
  const p = onPg?.results[target.key];
  if (onPg)
    line.push(
      " | PG: ",
      p?.skipped ? lpad("skipped", 8) : lpad(ms(p.large.median), 8),
      lpad(p?.skipped ? "" : Math.round(p.load.rps), 6),
      lpad(p?.skipped ? "" : ms(p.load.p95), 6),
    );
  console.log(line.join(" "));
  const details = [
    Object.keys(r.large.kinds).length > 1
      ? `by kind: ${Object.entries(r.large.kinds)
          .map(([k, v]) => `${k} ${ms(v)}`)
          .join(", ")}`
      : "",
    `${r.distinct} distinct requests over ${r.sessions || "no"} sessions`,
    ...r.notes,
    r.large.failed ? `${r.large.failed} single requests not 200` : "",
    r.load.total === 0 ? `no answer within the ${SECONDS} s under load` : "",
    r.load.non2xx ? `${r.load.non2xx} non-2xx under load` : "",
    r.load.errors ? `${r.load.errors} errors under load` : "",
  ].filter(Boolean);
  console.log(`${" ".repeat(32)}${details.join("; ")}`);
}

const width = passes.length > 1 ? 44 : 34;
const perPass = (name, f) =>
  passes.map((p) => `${pad(`${name}${passes.length > 1 ? ` (${p.label})` : ""}:`, width)} ${f(p)}`).join("\n");
console.log("");
console.log(
  perPass(
    "Seeding",
    (p) =>
      `large ${(p.seed.large.ms / 1000).toFixed(1)} s, small ${(p.seed.small.ms / 1000).toFixed(1)} s (not part of start-up)`,
  ),
);
console.log(
  perPass(
    "Start-up",
    (p) => `${p.startupMs} ms from spawn to first answer${p.workers ? ` (${p.workers} worker processes)` : ""}`,
  ),
);
console.log(
  perPass(
    "Memory (RSS)",
    (p) =>
      `${p.idleRss} MB after start, ${p.afterRss} MB after the load, peak ${p.peakRss} MB${p.workers ? " (all server processes; PostgreSQL not counted)" : ""}`,
  ),
);
const gz = embedded.login.headers["content-encoding"] === "gzip";
console.log(
  `${pad("/login HTML gzipped:", width)} ${kb(embedded.login.bytes)} (budget < 30 KB) ${gz && embedded.login.bytes < LOGIN_HTML_BUDGET ? "pass" : "FAIL"}${gz ? "" : ` (not gzipped: ${embedded.login.headers["content-encoding"] ?? "identity"})`}`,
);
if (embedded.visit?.failed)
  console.log(`${pad("Public visit page transfer:", width)} not measured: ${embedded.visit.failed}`);
else if (embedded.visit) {
  const v = embedded.visit;
  console.log(
    `${pad("Public visit page transfer:", width)} ${kb(v.total)} (budget < 60 KB) ${v.total < PUBLIC_PAGE_BUDGET ? "pass" : "FAIL"}: HTML ${kb(v.html)}, CSS ${kb(v.css)}, JavaScript ${kb(v.js)}, preloaded fonts ${kb(v.fonts)}, images ${kb(v.images)}` +
      (v.declaredFontFiles
        ? `; the CSS declares ${v.declaredFontFiles} more font files (${kb(v.declaredFonts)}), loaded only where used`
        : ""),
  );
}
for (const [name, d] of Object.entries(embedded.documents))
  console.log(
    `${pad(`${name}:`, width)} ` +
      (d.skipped
        ? `skipped: ${d.skipped}`
        : `${kb(d.total)} gzipped (budget < 30 KB) ${d.total < PUBLIC_DOCUMENT_BUDGET ? "pass" : "FAIL"}: HTML ${kb(d.html)}, CSS ${kb(d.css)} (${d.sheets} stylesheets)`),
  );
console.log(
  perPass(
    "Shutdown",
    (p) => `SIGTERM → exit ${p.exitCode} in ${p.shutdownMs} ms${p.exitCode === 0 ? "" : " (expected 0)"}`,
  ),
);
console.log(
  perPass(
    "Machine",
    (p) =>
      `${os.cpus().length} cores, load average ${p.loadAtStart.toFixed(1)} at the start, ${p.loadAtEnd.toFixed(1)} at the end (other work on the machine skews every figure)`,
  ),
);
// The messaging, booking, service-plan and campaign areas' own measurements, each a script of its own (bench/README.md).
for (const script of [
  "realtime.mjs",
  "reminders.mjs",
  "booking.mjs",
  "service-plans.mjs",
  "campaigns.mjs",
  "inbox.mjs",
]) {
  const run = spawnSync(process.execPath, [path.join("bench", script)], {
    encoding: "utf8",
    env: { BENCH_BUILD_DIR: buildDir, ...process.env },
  });
  const errorLine = (run.stderr ?? "").split("\n").find((line) => /Error/.test(line) && !/Deprecation/.test(line));
  const last =
    run.status === 0
      ? run.stdout.trim().split("\n").at(-1)
      : `failed (exit ${run.status}): ${errorLine ?? run.stderr?.trim().split("\n").at(-1)}`;
  const label = {
    "realtime.mjs": "Real time:",
    "reminders.mjs": "Reminders:",
    "booking.mjs": "Booking:",
    "service-plans.mjs": "Service plans:",
    "campaigns.mjs": "Campaigns:",
    "inbox.mjs": "Inbox:",
  }[script];
  console.log(`${pad(label, width)} ${last}`);
}
// The route optimisation engine on Solomon's VRPTW instances (bench/solomon.ts): its table, printed as it comes.
spawnSync(process.execPath, ["--import", "tsx", "bench/solomon.ts"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: process.env,
});
console.log(`${pad("Total bench time:", width)} ${((Date.now() - started) / 1000).toFixed(0)} s`);
