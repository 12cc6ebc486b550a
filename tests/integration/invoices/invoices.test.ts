import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { companySettings, invoiceCounts, invoices } from "~/db/schema";
import { jobCreateSchema, JobStatus } from "~/models/jobs/jobs.schema";
import { createJob, getJob, updateJobStatus } from "~/models/jobs/jobs.server";
import {
  invoiceCreateSchema,
  InvoiceStatus,
  invoiceUpdateSchema,
  OVERDUE_FILTER,
} from "~/models/invoices/invoices.schema";
import {
  createInvoice,
  createInvoiceFromJob,
  deleteInvoice,
  findInvoiceByToken,
  getInvoice,
  listInvoicesPage,
  setUncollectible,
  updateInvoice,
} from "~/models/invoices/invoices.server";
import { InvoiceNotFoundError, recordInvoicePayment } from "~/models/invoices/payments.server";
import { RuleError } from "~/models/rules";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] };
const lines = [
  { name: "A", unitPrice: "33.33", quantity: "3", isTaxable: true },
  { name: "B", unitPrice: "19.99", quantity: "1.5" },
];

async function finishedJob(f: JobsFixture) {
  const { id } = await createJob(
    f.admin,
    jobCreateSchema.parse({
      customerId: f.customerId,
      customerAddressId: f.addressId,
      startTime: "2030-05-01T13:00:00Z",
      endTime: "2030-05-01T14:00:00Z",
      taxRate: "8.25",
      discount: "10",
      lineItems: lines,
    }),
  );
  await updateJobStatus(f.admin, { jobId: id, status: JobStatus.Started });
  await updateJobStatus(f.admin, { jobId: id, status: JobStatus.Finished });
  return id;
}

const byHand = (f: JobsFixture, fields: Record<string, unknown> = {}) =>
  createInvoice(f.admin, invoiceCreateSchema.parse({ customerId: f.customerId, lineItems: lines, ...fields }));

const pay = (f: JobsFixture, invoiceId: number, amountCents: number, key: string, extra = {}) =>
  recordInvoicePayment({
    companyId: f.companyId,
    invoiceId,
    method: 0,
    amountCents,
    idempotencyKey: key,
    recordedByUserId: f.adminId,
    ...extra,
  });

describe("numbers without gaps", () => {
  it("numbers 1, 2, 3 per company, gives a rolled-back number back, and keeps concurrent creates apart", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    expect((await byHand(f)).number).toBe(1);
    expect((await byHand(other)).number).toBe(1);
    // A create that fails after taking its number rolls the number back with it.
    await expect(byHand(f, { customerAddressId: 999999 })).rejects.toBeInstanceOf(RuleError);
    expect((await byHand(f)).number).toBe(2);
    const created = await Promise.all(Array.from({ length: 6 }, () => byHand(f)));
    expect(created.map((c) => c.number).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8]);
    const [counts] = await db.select().from(invoiceCounts).where(eq(invoiceCounts.companyId, f.companyId));
    expect(counts).toMatchObject({ lastNumber: 8, count: 8 });
  });
});

describe("from a job", () => {
  it("copies lines, totals, address and the company's message; a second attempt opens the same invoice", async () => {
    const f = await jobsFixture();
    await db
      .insert(companySettings)
      .values({ companyId: f.companyId, messageOnInvoice: "Thank you for your business" })
      .onConflictDoUpdate({
        target: companySettings.companyId,
        set: { messageOnInvoice: "Thank you for your business" },
      });
    const jobId = await finishedJob(f);
    const job = (await getJob(f.admin, jobId))!;
    const first = await createInvoiceFromJob(f.admin, jobId, new Date("2030-05-02T15:00:00Z"));
    expect(first).toMatchObject({ number: 1, created: true });
    const again = await createInvoiceFromJob(f.admin, jobId);
    expect(again).toMatchObject({ id: first!.id, created: false });
    const invoice = (await getInvoice(f.admin, first!.id))!;
    expect(invoice).toMatchObject({
      jobId,
      customerId: f.customerId,
      location: "1 Main St, Springfield",
      subtotalCents: job.subtotalCents,
      discountCents: job.discountCents,
      taxCents: job.taxCents,
      totalCents: job.totalCents,
      taxRate: 825,
      issueDate: "2030-05-02",
      dueDate: "2030-06-01",
      message: "Thank you for your business",
      status: InvoiceStatus.NotSent,
      balanceCents: 12759,
    });
    expect(invoice.totalCents).toBe(12759);
    expect(invoice.lineItems.map((l) => [l.name, l.quantity, l.amountCents])).toEqual([
      ["A", 3, 9999],
      ["B", 1.5, 2999],
    ]);
    // Concurrent creates from one job: one invoice.
    const jobId2 = await finishedJob(f);
    const both = await Promise.all([createInvoiceFromJob(f.admin, jobId2), createInvoiceFromJob(f.admin, jobId2)]);
    expect(both[0]!.id).toBe(both[1]!.id);
    expect(both.filter((b) => b!.created)).toHaveLength(1);
  });

  it("another company's job is null", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const jobId = await finishedJob(f);
    expect(await createInvoiceFromJob(other.admin, jobId)).toBeNull();
  });
});

describe("payments", () => {
  it("takes partial payments up to the balance, then paid; the job moves to paid", async () => {
    const f = await jobsFixture();
    const jobId = await finishedJob(f);
    const { id } = (await createInvoiceFromJob(f.admin, jobId))!;
    expect(await pay(f, id, 5000, "key-one-0001")).toEqual({
      recorded: true,
      invoiceStatus: InvoiceStatus.NotSent,
      balanceCents: 7759,
    });
    await expect(pay(f, id, 7760, "key-two-0002")).rejects.toBeInstanceOf(RuleError);
    expect((await getJob(f.admin, jobId))!.status).toBe(JobStatus.Finished);
    expect(await pay(f, id, 7759, "key-three-0003")).toEqual({
      recorded: true,
      invoiceStatus: InvoiceStatus.Paid,
      balanceCents: 0,
    });
    const invoice = (await getInvoice(f.admin, id))!;
    expect(invoice).toMatchObject({ status: InvoiceStatus.Paid, paidCents: 12759, balanceCents: 0 });
    expect(invoice.paidAt).not.toBeNull();
    expect(invoice.payments).toHaveLength(2);
    expect((await getJob(f.admin, jobId))!.status).toBe(JobStatus.Paid);
    await expect(pay(f, id, 1, "key-four-0004")).rejects.toBeInstanceOf(RuleError);
    await expect(updateInvoice(f.admin, id, invoiceUpdateSchema.parse({}))).rejects.toBeInstanceOf(RuleError);
    await expect(deleteInvoice(f.admin, id)).rejects.toBeInstanceOf(RuleError);
  });

  it("records once per key and per payment intent, also when concurrent", async () => {
    const f = await jobsFixture();
    const { id } = await byHand(f);
    const results = await Promise.all([pay(f, id, 1000, "same-key-0001"), pay(f, id, 1000, "same-key-0001")]);
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    const stripe = { method: 2, stripePaymentIntentId: "pi_123", stripeCheckoutSessionId: "cs_1" };
    expect((await pay(f, id, 2000, "evt-a-000001", stripe)).recorded).toBe(true);
    expect(await pay(f, id, 2000, "evt-b-000002", stripe)).toMatchObject({
      recorded: false,
      balanceCents: 12998 - 3000,
    });
    expect((await getInvoice(f.admin, id))!.paidCents).toBe(3000);
  });

  it("refuses another company's invoice and an uncollectible one", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const { id } = await byHand(f);
    await expect(pay(other, id, 100, "cross-0000001")).rejects.toBeInstanceOf(InvoiceNotFoundError);
    expect(await setUncollectible(other.admin, id, true)).toBeNull();
    expect(await setUncollectible(f.admin, id, true)).toEqual({ id, status: InvoiceStatus.Uncollectible });
    await expect(pay(f, id, 100, "uncoll-000001")).rejects.toBeInstanceOf(RuleError);
    expect(await setUncollectible(f.admin, id, false)).toEqual({ id, status: InvoiceStatus.NotSent });
    expect((await pay(f, id, 100, "uncoll-000001")).recorded).toBe(true);
  });
});

describe("edit, delete, public view, 404 across companies", () => {
  it("edits totals through the line-items module, deletes without payments", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const { id, publicToken } = await byHand(f, { issueDate: "2030-01-10" });
    expect((await getInvoice(f.admin, id))!.dueDate).toBe("2030-02-09");
    expect(await getInvoice(other.admin, id)).toBeNull();
    expect(await updateInvoice(other.admin, id, invoiceUpdateSchema.parse({}))).toBe(false);
    expect(
      await updateInvoice(
        f.admin,
        id,
        invoiceUpdateSchema.parse({ taxRate: "8.25", discount: "10", lineItems: lines, dueDate: "2030-03-01" }),
      ),
    ).toBe(true);
    expect(await getInvoice(f.admin, id)).toMatchObject({ totalCents: 12759, taxCents: 761, dueDate: "2030-03-01" });
    const view = await findInvoiceByToken(publicToken);
    expect(view).toMatchObject({
      id,
      number: 1,
      companyId: f.companyId,
      customer: { firstName: "Grace", lastName: "Hopper" },
      totalCents: 12759,
      balanceCents: 12759,
    });
    expect(view!.lines[0]).not.toHaveProperty("costCents");
    expect(await findInvoiceByToken("not-a-token")).toBeNull();
    expect(await deleteInvoice(other.admin, id)).toBe(false);
    expect(await deleteInvoice(f.admin, id)).toBe(true);
    expect(await getInvoice(f.admin, id)).toBeNull();
  });
});

describe("list", () => {
  it("filters by status and overdue, searches by name and number, sorts and pages", async () => {
    const f = await jobsFixture();
    const a = await byHand(f, { issueDate: "2020-01-01", dueDate: "2020-01-31" });
    const b = await byHand(f);
    await byHand(f);
    await db.update(invoices).set({ status: InvoiceStatus.Sent }).where(eq(invoices.id, a.id));
    await db.update(invoices).set({ status: InvoiceStatus.Sent }).where(eq(invoices.id, b.id));
    const all = await listInvoicesPage(f.admin, { paging });
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.number)).toEqual([3, 2, 1]);
    const overdue = await listInvoicesPage(f.admin, { paging, status: OVERDUE_FILTER });
    expect(overdue.items.map((i) => i.id)).toEqual([a.id]);
    expect(overdue.items[0].isOverdue).toBe(true);
    const sent = await listInvoicesPage(f.admin, { paging, status: InvoiceStatus.Sent });
    expect(sent.total).toBe(2);
    expect((await listInvoicesPage(f.admin, { paging, searchQuery: "hopp" })).total).toBe(3);
    expect((await listInvoicesPage(f.admin, { paging, searchQuery: "#2" })).items.map((i) => i.id)).toEqual([b.id]);
    const page2 = await listInvoicesPage(f.admin, {
      paging: { pageNumber: 2, pageSize: 2, sortSettings: [{ fieldName: "number", descending: false }] },
    });
    expect(page2.items.map((i) => i.number)).toEqual([3]);
    expect(page2.total).toBe(3);
    const other = await jobsFixture();
    expect((await listInvoicesPage(other.admin, { paging })).total).toBe(0);
  });
});
