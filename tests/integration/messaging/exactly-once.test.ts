import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, db, openDatabase } from "~/db.server";
import { customers, outboxMessages, scheduledMessages } from "~/db/schema";
import { seedPlans } from "~/models/admin/plans.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob, sendVisitDetails } from "~/models/jobs/jobs.server";
import { listenLocally } from "../../helpers/free-port";
import { databaseUrlOn, sqlOnce } from "../../helpers/postgres";
import { randomSmtpPort } from "../../helpers/smtp-capture";
import { createCustomerRow, jobsFixture } from "../jobs/fixtures";

/**
 * Exactly once across a real crash: the dispatcher runs in child processes (tsx, from source) on a
 * PostgreSQL database of its own (the embedded database is one process's), sending through SMTP to
 * a server in this test. Skipped when PostgreSQL is not at EXACTLY_ONCE_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
const adminUrl = process.env.EXACTLY_ONCE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const available = await sqlOnce(adminUrl, "select 1", [], { timeoutMs: 2000 }).then(
  () => true,
  () => false,
);
const databaseName = `fieldwise_exactly_once_${process.pid}_${Date.now()}`;
const databaseUrl = databaseUrlOn(adminUrl, databaseName);

type Smtp = {
  url: string;
  received: ParsedMail[];
  onMessage?: (mail: ParsedMail) => "answer" | "hang";
  close(): Promise<void>;
};

/** An SMTP server that keeps what it receives; onMessage may leave the client hanging (no answer to DATA). */
async function startSmtp(): Promise<Smtp> {
  const port = randomSmtpPort();
  const smtp: Smtp = { url: `smtp://127.0.0.1:${port}`, received: [], close: async () => undefined };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          smtp.received.push(mail);
          if (smtp.onMessage?.(mail) === "hang") return;
          done();
        },
        (error) => done(error),
      );
    },
  });
  await listenLocally(server, port);
  server.on("error", () => undefined);
  smtp.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp;
}

const childScript = path.resolve(__dirname, "dispatch-child.ts");
const tsx = path.resolve("node_modules/.bin/tsx");

function startDispatcher(smtpUrl: string, env: Record<string, string> = {}) {
  const child = spawn(tsx, [childScript], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited };
}

const kill = (child: ChildProcess) => child.kill("SIGKILL");

describe.skipIf(!available)("automatic messages exactly once (PostgreSQL, child processes)", () => {
  let smtp: Smtp;

  beforeAll(async () => {
    await sqlOnce(adminUrl, `create database ${databaseName}`);
    await openDatabase({ databaseUrl, migrate: true, poolSize: 5 });
    await seedPlans(db);
    smtp = await startSmtp();
  });

  afterAll(async () => {
    await smtp?.close();
    await closeDatabase();
    await sqlOnce(adminUrl, `drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  });

  // Child processes booting from source: slow on a busy machine, so these get more than the default 30 s.
  it(
    "a dispatcher killed while the SMTP server receives the message: the next one does not send it again",
    { timeout: 120_000 },
    async () => {
      const f = await jobsFixture();
      await db.update(customers).set({ email: "crash@example.com" }).where(eq(customers.id, f.customerId));
      const { id } = await createJob(
        f.admin,
        jobCreateSchema.parse({
          customerId: f.customerId,
          startTime: "2030-05-02T18:00:00Z",
          endTime: "2030-05-02T19:00:00Z",
          notify: "on",
        }),
      );

      // The first dispatcher dies (SIGKILL) while the server holds the message, before it answers.
      const first = startDispatcher(smtp.url);
      smtp.onMessage = () => {
        kill(first.child);
        return "hang";
      };
      const died = await first.exited;
      expect(died.signal).toBe("SIGKILL");
      expect(smtp.received).toHaveLength(1);
      const [claimed] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.jobId, id));
      expect(claimed.status).toBe("sending");

      // A new dispatcher finds the dead process's claim stale (STALE_MS=0 stands for the minutes passing).
      smtp.onMessage = undefined;
      const second = startDispatcher(smtp.url, { STALE_MS: "0" });
      const done = await second.exited;
      expect(done.code, done.output).toBe(0);

      expect(smtp.received.map((m) => m.subject)).toHaveLength(1);
      const [row] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.jobId, id));
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      const outbox = await db
        .select({ key: outboxMessages.dedupeKey })
        .from(outboxMessages)
        .where(eq(outboxMessages.jobId, id));
      expect(outbox).toEqual([{ key: `${row.idempotencyKey}:email` }]);
    },
  );

  it("two dispatchers racing on the same due messages send each once", { timeout: 120_000 }, async () => {
    const f = await jobsFixture();
    const count = 40;
    const jobIds: number[] = [];
    for (let i = 0; i < count; i++) {
      const customerId = await createCustomerRow(f.companyId, `Race${i}`, "Customer");
      await db
        .update(customers)
        .set({ email: `race${i}@example.com` })
        .where(eq(customers.id, customerId));
      const { id } = await createJob(f.admin, jobCreateSchema.parse({ customerId }));
      await sendVisitDetails(f.admin, { jobId: id, channel: 2, requestToken: `race-${i}-token` });
      jobIds.push(id);
    }
    smtp.received.length = 0;
    const runs = [startDispatcher(smtp.url, { BATCH: "3" }), startDispatcher(smtp.url, { BATCH: "3" })];
    const results = await Promise.all(runs.map((r) => r.exited));
    for (const r of results) expect(r.code, r.output).toBe(0);
    const reports = results.map((r) => JSON.parse(r.output.trim().split("\n").at(-1)!) as { sent: number });
    expect(reports[0].sent + reports[1].sent).toBe(count);

    const recipients = smtp.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : "")).sort();
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    const rows = await db.select().from(scheduledMessages).where(inArray(scheduledMessages.jobId, jobIds));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});
