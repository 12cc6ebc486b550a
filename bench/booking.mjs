// `node bench/booking.mjs`: the public online booking form (/online-booking/{formUrl}) on the
// production build: its size as a phone downloads it (the HTML and the stylesheet it links, gzipped)
// against the 30 KB budget, and how many submissions per second the server stores
// (POST /api/booking-requests/public/{companyId}/send, each into a free window, 20 in flight).
// Budgets are printed, never asserted.
//
// Inputs (environment):
//   BENCH_BUILD_DIR       a build to use (default: builds into .cache/bench-booking-<pid>, removed after)
//   BENCH_DATABASE_URL    PostgreSQL admin URL: a fresh database there (dropped after); else the embedded one
//   BOOKING_SUBMISSIONS   submissions to send (default 300; the form's own limit is 1000 an hour)
//
// Last line:  booking form: NN.N KB gzipped with its CSS (budget 30 KB); submit NN/s (p50 NN ms, p95 NN ms), NNN stored
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";
import { buildInto, databaseUrlOn, freePort, onPostgres, serverEnv } from "./lib.mjs";

register();
// The tests' set-up of a company with an enabled form, over HTTP (TypeScript, loaded through tsx).
const { createBookingForm, offeredDays, offeredStarts } = await import("../tests/e2e/booking-form-setup.ts");

const BUDGET = 30 * 1024;
const SUBMISSIONS = Number(process.env.BOOKING_SUBMISSIONS || 300);
const IN_FLIGHT = 20;
const ownBuild = !process.env.BENCH_BUILD_DIR;
const buildDir = path.resolve(process.env.BENCH_BUILD_DIR || `.cache/bench-booking-${process.pid}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-booking-"));
const adminUrl = process.env.BENCH_DATABASE_URL;
const database = `bench_booking_${process.pid}`;

/** The bytes of a GET as sent on the wire (gzipped when the server compresses). */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () =>
          resolve({ status: res.statusCode, bytes, gzip: res.headers["content-encoding"] === "gzip" }),
        );
      })
      .on("error", reject);
  });
}

let server;
function cleanUp() {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) rmSync(buildDir, { recursive: true, force: true });
}

try {
  if (ownBuild) {
    const built = buildInto(buildDir);
    if (built.status !== 0) throw new Error(`build failed:\n${built.stderr}`);
  }
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env = serverEnv(
    { buildDir, dataDir, port, sessionSecret: "bench-booking-secret-0123456789abcdef" },
    // Each submission from its own address (X-Forwarded-For from here), as from many phones.
    { SEED_DEMO: "false", TRUST_PROXY: "loopback" },
  );
  if (adminUrl) {
    await onPostgres(adminUrl, `CREATE DATABASE ${database}`);
    env.DATABASE_URL = databaseUrlOn(adminUrl, database);
  }
  server = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  await new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk) => {
      output += chunk;
      if (/is running at/.test(output)) resolve();
    };
    server.stdout.on("data", onData);
    server.stderr.on("data", onData);
    server.once("exit", (code) => reject(new Error(`server.js exited (${code}):\n${output}`)));
  });

  const form = await createBookingForm(origin, {
    name: "Bench",
    questions: [
      { type: 4, label: "How urgent is it?", isRequired: true, options: ["Today", "This week"] },
      { type: 7, label: "Photo of the unit" },
    ],
  });

  // Size: the page and the stylesheets it links, as sent gzipped.
  const pageUrl = `${origin}/online-booking/${form.formUrl}`;
  const html = await (await fetch(pageUrl)).text();
  const page = await wireBytes(pageUrl);
  let css = 0;
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g))
    css += (await wireBytes(new URL(href, origin).toString())).bytes;
  const scripts = (html.match(/<script\b/g) ?? []).length;
  const size = page.bytes + css;

  // Windows: every other start (one employee: an hour each on a 30-minute grid), day after day.
  const windows = [];
  for (const day of await offeredDays(origin, form.formUrl)) {
    if (windows.length >= SUBMISSIONS) break;
    windows.push(...(await offeredStarts(origin, form.formUrl, day)).filter((_, i) => i % 2 === 0));
  }
  const questionId = Number(/name="answers\.(\d+)" value="Today"/.exec(html)?.[1]);
  const times = [];
  let stored = 0;
  let next = 0;
  const startedAt = performance.now();
  const worker = async () => {
    for (let i = next++; i < SUBMISSIONS && i < windows.length; i = next++) {
      const t = performance.now();
      const res = await fetch(`${origin}/api/booking-requests/public/${form.companyId}/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.8.${i >> 8}.${i & 255}` },
        body: JSON.stringify({
          submissionKey: `bench-${i}-${process.pid}`.padEnd(24, "b"),
          startTime: windows[i],
          firstName: `Bench${i}`,
          email: `bench${i}@example.com`,
          location: `${i} Bench St`,
          answers: { [questionId]: "Today" },
        }),
      });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status === 201) stored += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - startedAt) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0);
  console.log(
    `booking form page: HTML ${(page.bytes / 1024).toFixed(1)} KB${page.gzip ? " gzipped" : ""}, CSS ${(css / 1024).toFixed(1)} KB, ${scripts} scripts`,
  );
  console.log(
    `booking form: ${(size / 1024).toFixed(1)} KB gzipped with its CSS (budget 30 KB${size > BUDGET ? ": OVER" : ""}); submit ${(times.length / seconds).toFixed(0)}/s (p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, ${IN_FLIGHT} in flight, ${adminUrl ? "PostgreSQL" : "embedded database"}), ${stored} of ${times.length} stored`,
  );
} finally {
  cleanUp();
  if (adminUrl) await onPostgres(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
}
