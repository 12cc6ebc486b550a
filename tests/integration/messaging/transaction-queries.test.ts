import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, db, openDatabase } from "~/db.server";
import { customers, scheduledMessages } from "~/db/schema";
import { seedPlans } from "~/models/admin/plans.server";
import { saveEstimateFollowUpSettings } from "~/models/estimates/estimate-follow-ups.server";
import { estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { estimateSendSchema, sendEstimate } from "~/models/estimates/estimate-send.server";
import { saveInvoiceFollowUpSettings } from "~/models/invoices/invoice-follow-ups.server";
import { invoiceCreateSchema } from "~/models/invoices/invoices.schema";
import { createInvoice } from "~/models/invoices/invoices.server";
import { sendInvoice } from "~/models/invoices/invoice-send.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob, rescheduleVisit } from "~/models/jobs/jobs.server";
import { MessageKind } from "~/models/messaging/automatic.server";
import { databaseUrlOn, sqlOnce } from "../../helpers/postgres";
import { jobsFixture, type JobsFixture } from "../jobs/fixtures";

/**
 * A transaction holds one connection, and a pg client runs one query at a time: queries sent to it
 * together (Promise.all over `tx`) queue up, which pg 8 warns about ("Calling client.query() when
 * the client is already executing a query is deprecated") and pg 9 refuses. The embedded database
 * does not tell, so this runs on the machine's PostgreSQL (skipped when it is not at
 * TRANSACTION_QUERIES_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 */
const adminUrl = process.env.TRANSACTION_QUERIES_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const available = await sqlOnce(adminUrl, "select 1", [], { timeoutMs: 2000 }).then(
  () => true,
  () => false,
);
const databaseName = `fieldwise_tx_queries_${process.pid}_${Date.now()}`;

type QueuedClient = { _activeQuery?: unknown; _queryQueue?: unknown[] };
const originalQuery = pg.Client.prototype.query;
/** The statements sent to a client still busy with another one (pg warns only once a process). */
let overlapping: string[] = [];
/** pg's own deprecation warnings about it. */
let warnings: string[] = [];
/** The statement of a query, shortened. */
function statementOf(query: unknown) {
  const text = typeof query === "string" ? query : ((query as { text?: string } | null)?.text ?? "");
  return text.replace(/\s+/g, " ").slice(0, 160);
}
const onWarning = (warning: Error) => {
  if (warning.name === "DeprecationWarning" && /already executing a query/.test(warning.message))
    warnings.push(warning.message);
};

describe.skipIf(!available)("queries inside a transaction run one after another (PostgreSQL)", () => {
  beforeAll(async () => {
    await sqlOnce(adminUrl, `create database ${databaseName}`);
    await openDatabase({ databaseUrl: databaseUrlOn(adminUrl, databaseName), migrate: true, poolSize: 5 });
    await seedPlans(db);
    process.on("warning", onWarning);
    pg.Client.prototype.query = function (this: QueuedClient, ...args: unknown[]) {
      if (this._activeQuery || (this._queryQueue?.length ?? 0) > 0) overlapping.push(statementOf(args[0]));
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof originalQuery;
  });

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    process.off("warning", onWarning);
    await closeDatabase();
    await sqlOnce(adminUrl, `drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  });

  afterEach(async () => {
    // A warning is emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    const found = { overlapping, warnings };
    overlapping = [];
    warnings = [];
    expect(found).toEqual({ overlapping: [], warnings: [] });
  });

  const withEmail = (f: JobsFixture) =>
    db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));

  it("creates and schedules jobs with appointment reminders on, one visit and a series, then moves one", async () => {
    const f = await jobsFixture();
    const visit = (start: string, fields: Record<string, unknown> = {}) =>
      jobCreateSchema.parse({
        customerId: f.customerId,
        startTime: start,
        endTime: new Date(new Date(start).getTime() + 3600_000).toISOString(),
        sendAppointmentReminder: true,
        lineItems: [{ name: "Tune-up", unitPrice: "89.99" }],
        employeeIds: [f.techId],
        ...fields,
      });
    const one = await createJob(f.admin, visit("2030-05-02T18:00:00Z"));
    await createJob(f.admin, visit("2030-06-03T18:00:00Z", { recurrence: { frequency: 2, interval: 1, count: 3 } }));
    await rescheduleVisit(f.admin, {
      id: one.id,
      startTime: new Date("2030-05-09T18:00:00Z"),
      endTime: new Date("2030-05-09T19:00:00Z"),
    });
    const reminders = await db
      .select()
      .from(scheduledMessages)
      .where(
        and(
          eq(scheduledMessages.companyId, f.companyId),
          eq(scheduledMessages.kind, MessageKind.AppointmentReminder),
          eq(scheduledMessages.status, "pending"),
        ),
      );
    expect(reminders).toHaveLength(4);
  });

  it("sends an estimate and an invoice with follow-ups on", async () => {
    const f = await jobsFixture();
    await withEmail(f);
    await saveEstimateFollowUpSettings(f.admin, { estimateFollowUpDays: 2, estimateReminderHours: 24 });
    await saveInvoiceFollowUpSettings(f.admin, { invoiceFollowUpDays: 3, followUpChannel: 2 });
    const estimate = await createEstimate(
      f.admin,
      estimateCreateSchema.parse({ customerId: f.customerId, lineItems: [{ name: "Roof", unitPrice: "100" }] }),
    );
    await sendEstimate(f.admin, estimate.id, estimateSendSchema.parse({ notificationType: "2" }));
    const invoice = await createInvoice(
      f.admin,
      invoiceCreateSchema.parse({
        customerId: f.customerId,
        issueDate: "2099-01-01",
        dueDate: "2099-01-31",
        lineItems: [{ name: "Repair", unitPrice: "100" }],
      }),
    );
    await sendInvoice(f.admin, invoice.id, { channel: 2 });
    const pending = await db
      .select({ kind: scheduledMessages.kind })
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.companyId, f.companyId), eq(scheduledMessages.status, "pending")));
    expect(pending.length).toBeGreaterThan(1);
  });
});
