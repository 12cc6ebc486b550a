import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, outboxMessages, scheduledMessages } from "~/db/schema";
import { invoiceCreateSchema, InvoiceStatus } from "~/models/invoices/invoices.schema";
import { createInvoice, getInvoice, setUncollectible } from "~/models/invoices/invoices.server";
import { sendInvoice } from "~/models/invoices/invoice-send.server";
import {
  followUpDueAt,
  INVOICE_FOLLOW_UP_KIND,
  saveInvoiceFollowUpSettings,
} from "~/models/invoices/invoice-follow-ups.server";
import { recordInvoicePayment } from "~/models/invoices/payments.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { RuleError } from "~/models/rules";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

async function withEmail(f: JobsFixture) {
  await db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));
}
const newInvoice = (f: JobsFixture, dueDate = "2099-01-31") =>
  createInvoice(
    f.admin,
    invoiceCreateSchema.parse({
      customerId: f.customerId,
      issueDate: "2099-01-01",
      dueDate,
      lineItems: [{ name: "Repair", unitPrice: "100" }],
    }),
  );
const followUps = (companyId: number) =>
  db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.companyId, companyId), eq(scheduledMessages.kind, INVOICE_FOLLOW_UP_KIND)));

describe("send an invoice", () => {
  it("emails the payment link once per form token and marks it sent", async () => {
    const f = await jobsFixture();
    await withEmail(f);
    const { id, publicToken } = await newInvoice(f);
    const first = await sendInvoice(f.admin, id, { channel: 2, requestToken: "send-token-0001" });
    expect(first).toMatchObject({ id, status: InvoiceStatus.Sent });
    await sendInvoice(f.admin, id, { channel: 2, requestToken: "send-token-0001" });
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.companyId, f.companyId));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: "email", to: "grace@example.com", messageType: 3 });
    expect(sent[0].body).toContain(`/invoice-details/${publicToken}`);
    const invoice = (await getInvoice(f.admin, id))!;
    expect(invoice.sentAt).not.toBeNull();
    expect(invoice.sentChannel).toBe(2);
  });

  it("refuses when no channel reaches the customer, and for another company", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const { id } = await newInvoice(f);
    await expect(sendInvoice(f.admin, id, { channel: 2 })).rejects.toBeInstanceOf(RuleError);
    expect((await getInvoice(f.admin, id))!.status).toBe(InvoiceStatus.NotSent);
    expect(await sendInvoice(other.admin, id, { channel: 2 })).toBeNull();
  });
});

describe("follow-ups", () => {
  it("schedules one for a sent unpaid invoice, cancels it when paid, sends it through the dispatcher", async () => {
    const f = await jobsFixture("America/New_York");
    await withEmail(f);
    await saveInvoiceFollowUpSettings(f.admin, { invoiceFollowUpDays: 3, followUpChannel: 2 });
    const paid = await newInvoice(f);
    await sendInvoice(f.admin, paid.id, { channel: 2 });
    const [row] = await followUps(f.companyId);
    expect(row).toMatchObject({ status: "pending", channel: 2, jobId: null });
    expect(row.dueAt.toISOString()).toBe("2099-02-03T14:00:00.000Z");
    expect(row.dueAt.getTime()).toBe(followUpDueAt("2099-01-31", 3, "America/New_York").getTime());
    await recordInvoicePayment({
      companyId: f.companyId,
      invoiceId: paid.id,
      method: 0,
      amountCents: 10000,
      idempotencyKey: "pay-all-00001",
    });
    expect((await followUps(f.companyId)).map((r) => r.status)).toEqual(["cancelled"]);

    const unpaid = await newInvoice(f);
    await sendInvoice(f.admin, unpaid.id, { channel: 2 });
    await setUncollectible(f.admin, unpaid.id, true);
    expect((await followUps(f.companyId)).every((r) => r.status === "cancelled")).toBe(true);
    await setUncollectible(f.admin, unpaid.id, false);
    const pending = (await followUps(f.companyId)).filter((r) => r.status === "pending");
    expect(pending).toHaveLength(1);

    const report = await dispatchDueMessages({ now: () => new Date("2099-02-03T14:01:00Z") });
    expect(report.sent).toBe(1);
    const [done] = await db.select().from(scheduledMessages).where(eq(scheduledMessages.id, pending[0].id));
    expect(done.status).toBe("sent");
    const mails = await db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.companyId, f.companyId), eq(outboxMessages.dedupeKey, `${done.idempotencyKey}:email`)),
      );
    expect(mails).toHaveLength(1);

    // Turning follow-ups off cancels what waits.
    const third = await newInvoice(f);
    await sendInvoice(f.admin, third.id, { channel: 2 });
    await saveInvoiceFollowUpSettings(f.admin, { invoiceFollowUpDays: null, followUpChannel: 3 });
    expect((await followUps(f.companyId)).filter((r) => r.status === "pending")).toHaveLength(0);
  });
});
