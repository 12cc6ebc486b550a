import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, outboxMessages, scheduledMessages } from "~/db/schema";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob, sendVisitDetails } from "~/models/jobs/jobs.server";
import { postgresAvailable, reportOf, useExactlyOnceRun } from "../../helpers/exactly-once";
import { recipientOf } from "../../helpers/smtp-capture";
import { createCustomerRow, jobsFixture } from "../jobs/fixtures";

/**
 * Exactly once across a real crash: the dispatcher runs in child processes on a PostgreSQL database
 * of its own (tests/helpers/exactly-once.ts). Skipped when PostgreSQL is not at EXACTLY_ONCE_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres).
 */
describe.skipIf(!postgresAvailable)("automatic messages exactly once (PostgreSQL, child processes)", () => {
  const run = useExactlyOnceRun("fieldwise_exactly_once", path.resolve(__dirname, "dispatch-child.ts"));

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
      const died = await run.crashWhileSending();
      expect(died.signal).toBe("SIGKILL");
      expect(run.smtp.received).toHaveLength(1);
      const [claimed] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.jobId, id));
      expect(claimed.status).toBe("sending");

      // A new dispatcher finds the dead process's claim stale (STALE_MS=0 stands for the minutes passing).
      const second = run.start({ STALE_MS: "0" });
      const done = await second.exited;
      expect(done.code, done.output).toBe(0);

      expect(run.smtp.received.map((m) => m.subject)).toHaveLength(1);
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
    run.smtp.received.length = 0;
    const runs = [run.start({ BATCH: "3" }), run.start({ BATCH: "3" })];
    const results = await Promise.all(runs.map((r) => r.exited));
    for (const r of results) expect(r.code, r.output).toBe(0);
    const reports = results.map((r) => reportOf<{ sent: number }>(r));
    expect(reports[0].sent + reports[1].sent).toBe(count);

    const recipients = run.smtp.received.map(recipientOf).sort();
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    const rows = await db.select().from(scheduledMessages).where(inArray(scheduledMessages.jobId, jobIds));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});
