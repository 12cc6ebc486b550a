import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { webhookDeliveries } from "~/db/schema";
import { Role } from "~/access/roles";
import type { CallerContext } from "~/access/access.server";
import { customerInputSchema } from "~/models/customers/customers.schema";
import { createCustomer, updateCustomer } from "~/models/customers/customers.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob, updateJobStatus } from "~/models/jobs/jobs.server";
import { invoiceCreateSchema } from "~/models/invoices/invoices.schema";
import { createInvoice } from "~/models/invoices/invoices.server";
import { recordInvoicePayment } from "~/models/invoices/payments.server";
import {
  createWebhookEndpoint,
  recordWebhookEvent,
  setWebhookEndpointEnabled,
} from "~/models/webhooks/webhooks.server";
import { createTestCompany } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";

useTestDatabase();

async function company() {
  const c = await createTestCompany();
  const ctx: CallerContext = { companyId: c.companyId, userId: c.userId, role: Role.CompanyAdmin };
  return ctx;
}

const deliveriesOf = (endpointId: number) =>
  db
    .select({
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id);

const customer = (firstName: string) =>
  customerInputSchema("US").parse({ firstName, lastName: "Lovelace", email: `${firstName.toLowerCase()}@example.com` });

describe("webhook events are an outbox of the change's transaction", () => {
  it("a created customer records one pending delivery per subscribed, enabled endpoint", async () => {
    const ctx = await company();
    const all = await createWebhookEndpoint(ctx, { url: "https://example.com/all", description: null, eventTypes: [] });
    const jobsOnly = await createWebhookEndpoint(ctx, {
      url: "https://example.com/jobs",
      description: null,
      eventTypes: ["job.created"],
    });
    const off = await createWebhookEndpoint(ctx, { url: "https://example.com/off", description: null, eventTypes: [] });
    await setWebhookEndpointEnabled(ctx, off, false);

    const id = await createCustomer(ctx, customer("Ada"));
    const [row, ...more] = await deliveriesOf(all);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ eventType: "customer.created", status: "pending", attempts: 0 });
    expect(row.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(row.payload).toEqual({
      id: row.eventId,
      type: "customer.created",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      companyId: ctx.companyId,
      data: {
        id,
        firstName: "Ada",
        lastName: "Lovelace",
        companyName: null,
        email: "ada@example.com",
        phone: null,
      },
    });
    expect(await deliveriesOf(jobsOnly)).toEqual([]);
    expect(await deliveriesOf(off)).toEqual([]);

    await updateCustomer(ctx, id, customer("Augusta"));
    const types = (await deliveriesOf(all)).map((d) => d.eventType);
    expect(types).toEqual(["customer.created", "customer.updated"]);
  });

  it("a rolled-back change leaves no delivery; a committed one leaves exactly one", async () => {
    const ctx = await company();
    const endpoint = await createWebhookEndpoint(ctx, {
      url: "https://example.com/x",
      description: null,
      eventTypes: [],
    });
    await expect(
      db.transaction(async (tx) => {
        await createCustomer(ctx, customer("Rolled"), tx);
        expect(
          await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint)),
        ).toHaveLength(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await deliveriesOf(endpoint)).toEqual([]);

    await db.transaction((tx) => recordWebhookEvent(tx, ctx.companyId, "invoice.paid", { id: 7, totalCents: 1250 }));
    const rows = await deliveriesOf(endpoint);
    expect(rows.map((r) => [r.eventType, r.payload.data])).toEqual([["invoice.paid", { id: 7, totalCents: 1250 }]]);
  });

  it("jobs: created and status changed, with the previous status", async () => {
    const ctx = await company();
    const endpoint = await createWebhookEndpoint(ctx, {
      url: "https://example.com/jobs",
      description: null,
      eventTypes: ["job.created", "job.status_changed"],
    });
    const customerId = await createCustomer(ctx, customer("Grace"));
    const { id } = await createJob(
      ctx,
      jobCreateSchema.parse({ customerId, startTime: "2030-05-02T18:00:00Z", endTime: "2030-05-02T19:00:00Z" }),
    );
    await updateJobStatus(ctx, { jobId: id, status: 6, reason: "Rain" });
    const rows = await deliveriesOf(endpoint);
    expect(rows.map((r) => r.eventType)).toEqual(["job.created", "job.status_changed"]);
    expect(rows[0].payload.data).toMatchObject({ id, customerId, status: "Scheduled", totalCents: 0 });
    expect(rows[1].payload.data).toMatchObject({ id, status: "Cancelled", previousStatus: "Scheduled" });
    const [first] = await db
      .select({ n: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.companyId, ctx.companyId), eq(webhookDeliveries.eventType, "customer.created")));
    expect(first).toBeUndefined();
  });

  it("invoices and payments: created, payment created, paid (money in cents)", async () => {
    const ctx = await company();
    const endpoint = await createWebhookEndpoint(ctx, {
      url: "https://example.com/money",
      description: null,
      eventTypes: [],
    });
    const customerId = await createCustomer(ctx, customer("Edsger"));
    const invoice = await createInvoice(
      ctx,
      invoiceCreateSchema.parse({ customerId, lineItems: [{ name: "Repair", quantity: "1", unitPrice: "50.00" }] }),
    );
    const pay = (amountCents: number, key: string) =>
      recordInvoicePayment({
        companyId: ctx.companyId,
        invoiceId: invoice.id,
        method: 0,
        amountCents,
        idempotencyKey: key,
      });
    await pay(2000, "first");
    await pay(3000, "second");
    const rows = await deliveriesOf(endpoint);
    expect(rows.map((r) => r.eventType)).toEqual([
      "customer.created",
      "invoice.created",
      "payment.created",
      "payment.created",
      "invoice.paid",
    ]);
    expect(rows[1].payload.data).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      totalCents: 5000,
      balanceCents: 5000,
    });
    expect(rows[2].payload.data).toMatchObject({ invoiceId: invoice.id, amountCents: 2000, method: "Cash" });
    expect(rows[4].payload.data).toMatchObject({ status: "Paid", paidCents: 5000, balanceCents: 0 });
  });
});
