import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrlOn, sqlOnce } from "../helpers/postgres";
import { ownServerEnv } from "../integration/realtime/clients";
import { createBookingForm, offeredDays, offeredStarts } from "./booking-form-setup";

/*
 * 200 submissions at once to one company's form, against `node server.js` of the e2e build on
 * PostgreSQL, with the server SIGKILLed in the middle and started again on the same database; the
 * submissions whose answer was lost are sent again with the same key, as a phone would retry. Every
 * acknowledged submission (201 or 200) is stored exactly once, every stored one was acknowledged,
 * and no employee holds two overlapping windows.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SUBMISSIONS = 200;
const KILL_AFTER = 60;

const sql = <T>(url: string, text: string, values: unknown[] = []) =>
  sqlOnce<T>(url, text, values, { timeoutMs: 3_000 });

const skipReason = await sql(ADMIN_URL, "SELECT 1").then(
  () => null,
  (error: Error) => `PostgreSQL is unreachable (${error.message})`,
);
if (skipReason) console.warn(`booking-load: skipped: ${skipReason}`);

/** Starts server.js and resolves once it listens; rejects with its output if it exits first. */
function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server.js did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is running at/.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server.js exited (${code}):\n${output}`));
    });
  });
}

describe.skipIf(skipReason !== null)("200 concurrent booking submissions with the server killed midway", () => {
  const database = `fieldwise_booking_load_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = databaseUrlOn(ADMIN_URL, database);
  let server: ChildProcess | undefined;
  let origin = "";
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    await sql(ADMIN_URL, `CREATE DATABASE ${database}`);
    const own = await ownServerEnv({
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "booking-load-secret-0123456789abcdef",
      // Each submission from its own address (X-Forwarded-For from the local test), as from many phones.
      TRUST_PROXY: "loopback",
      SEED_DEMO: "false",
    });
    origin = own.origin;
    env = own.env;
    delete env.DATA_DIR;
    server = await startServer(env);
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await sql(ADMIN_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 30_000);

  it("stores every acknowledged submission exactly once and never double-books a window", async () => {
    const form = await createBookingForm(origin, { name: "Load" });
    const days = await offeredDays(origin, form.formUrl);
    const starts: string[] = [];
    for (const day of days.slice(0, 3)) starts.push(...(await offeredStarts(origin, form.formUrl, day)));
    // Fewer windows than submissions: many submissions race for the same window.
    const windows = starts.filter((_, i) => i % 2 === 0).slice(0, 60);
    const bodies = Array.from({ length: SUBMISSIONS }, (_, i) => ({
      submissionKey: `load-${i}-${Date.now().toString(36)}`.padEnd(24, "k"),
      startTime: windows[i % windows.length],
      firstName: `Load${i}`,
      email: `load${i}@example.com`,
      location: `${i} Load St`,
    }));
    const send = (i: number) =>
      fetch(`${origin}/api/booking-requests/public/${form.companyId}/send`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.${i >> 8}.${i & 255}` },
        body: JSON.stringify(bodies[i]),
      }).then(
        (res) => res.status,
        () => null,
      );

    const answers: Array<number | null> = Array(SUBMISSIONS).fill(null);
    let done = 0;
    let killed!: () => void;
    const killedSignal = new Promise<void>((resolve) => (killed = resolve));
    const first = bodies.map((_, i) =>
      send(i).then((status) => {
        answers[i] = status;
        if (++done === KILL_AFTER) {
          server!.kill("SIGKILL");
          killed();
        }
      }),
    );
    await killedSignal;
    await Promise.all(first);
    const lost = answers.flatMap((status, i) => (status === null ? [i] : []));
    expect(lost.length).toBeGreaterThan(0);

    server = await startServer(env);
    for (const i of lost) answers[i] = await send(i);

    expect(answers.every((s) => s === 200 || s === 201 || s === 400)).toBe(true);
    const acknowledged = bodies.filter((_, i) => answers[i] === 200 || answers[i] === 201).map((b) => b.submissionKey);
    const rows = await sql<{ submission_key: string; employee_id: number }>(
      databaseUrl,
      "SELECT submission_key, employee_id FROM booking_requests WHERE company_id = $1",
      [form.companyId],
    );
    expect(rows.map((r) => r.submission_key).sort()).toEqual([...acknowledged].sort());
    expect(new Set(rows.map((r) => r.submission_key)).size).toBe(rows.length);
    // Each window went to one submission: the one employee never holds two overlapping ones.
    expect(rows.length).toBe(windows.length);
    const overlaps = await sql(
      databaseUrl,
      `SELECT a.id FROM booking_requests a JOIN booking_requests b
         ON a.company_id = b.company_id AND a.employee_id = b.employee_id AND a.id < b.id
        AND a.start_time < b.end_time AND b.start_time < a.end_time
       WHERE a.company_id = $1`,
      [form.companyId],
    );
    expect(overlaps).toEqual([]);
  }, 120_000);
});
