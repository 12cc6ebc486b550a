import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  companies,
  customerServicePlans,
  invoiceLineItems,
  invoicePayments,
  invoices,
  jobs,
  outboxMessages,
  scheduledMessages,
  servicePlanCharges,
  type SoldPlanVisit,
} from "~/db/schema";
import { loader as planInvoicesLoader } from "~/routes/api+/customers+/$id_.subscriptions-invoices.page";
import { loader as customerPageLoader } from "~/routes/_app+/customers+/$id";
import { InvoiceStatus } from "~/models/invoices/invoices.schema";
import { createInvoiceFromJob } from "~/models/invoices/invoices.server";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { updateJobStatus, updateVisitDescription } from "~/models/jobs/jobs.server";
import { dispatchDueMessages } from "~/models/messaging/dispatcher.server";
import { RuleError } from "~/models/rules";
import { CHARGE_ERRORS } from "~/models/service-plans/plan-charges.server";
import { listCustomerPlanInvoicesPage } from "~/models/service-plans/plan-invoices.server";
import {
  activatePlan,
  cancelPlanWork,
  cancelPreview,
  moveBillingDate,
  runServicePlans,
} from "~/models/service-plans/plan-run.server";
import { ChargeMode, InvoiceTiming, PaymentSchedule, PlanStatus, visitDate } from "~/models/service-plans/plan-terms";
import { stripeSettings } from "~/services/payments.server";
import { dayjs } from "~/utils/format";
import { useTestDatabase } from "../../helpers/db";
import { sessionCookie } from "../../helpers/factories";
import { jobsFixture, run as runRoute, wallDate, wallTime, type JobsFixture } from "../jobs/fixtures";
import { approvedAccount, stripeForThisFile } from "../payments/fixtures";

const stripe = await stripeForThisFile();
useTestDatabase();

const TZ = "America/New_York";
const DAY = 86_400_000;
const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] };

const visit = (n: number): SoldPlanVisit => ({
  visitDescription: `Visit ${n} checklist`,
  lineItems: [
    {
      kind: 1,
      name: `Tune-up ${n}`,
      description: null,
      quantity: "1",
      unitPriceCents: 12_000,
      costCents: 3_000,
      isTaxable: true,
      priceListItemId: null,
    },
  ],
});

type PlanFields = Partial<typeof customerServicePlans.$inferInsert>;

/** A sold plan as the selling side stores it (3 years, monthly, 4 visits a year), made active by activatePlan. */
async function soldPlan(f: JobsFixture, now: Date, fields: PlanFields = {}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerServicePlans)
      .values({
        companyId: f.companyId,
        customerId: f.customerId,
        customerAddressId: f.addressId,
        location: "1 Main St, Springfield",
        name: "Comfort Club",
        totalPriceCents: 1_234_567,
        durationMonths: 36,
        paymentSchedule: PaymentSchedule.Monthly,
        chargeMode: ChargeMode.Manual,
        invoiceTiming: InvoiceTiming.OnDate,
        visits: [visit(1), visit(2), visit(3), visit(4)],
        status: PlanStatus.Active,
        acceptanceMode: 0,
        publicToken: `token-${Math.random().toString(36).slice(2)}`,
        timezone: TZ,
        startDate: wallDate(now, TZ),
        billingStartAt: now,
        acceptedAt: now,
        createdByUserId: f.adminId,
        ...fields,
      })
      .returning({ id: customerServicePlans.id });
    await activatePlan(tx, row.id, now);
    return row.id;
  });
}

const planRow = async (id: number) =>
  (await db.select().from(customerServicePlans).where(eq(customerServicePlans.id, id)))[0];

const visitJobs = (planId: number) =>
  db.select().from(jobs).where(eq(jobs.customerServicePlanId, planId)).orderBy(asc(jobs.servicePlanVisitNumber));

const planInvoices = (planId: number) =>
  db.select().from(invoices).where(eq(invoices.customerServicePlanId, planId)).orderBy(asc(invoices.billingPeriod));

/** Runs the background run once a day at the same instant, from `from` for `days` days. */
async function simulate(from: Date, days: number, each?: (now: Date, day: number) => Promise<void>) {
  for (let day = 0; day < days; day++) {
    const now = new Date(from.getTime() + day * DAY);
    await each?.(now, day);
    await runServicePlans({ now, settings: null });
  }
}

/** A card saved at the local Stripe for a customer of the connected account. */
function savedCard(decline = false) {
  const id = `pm_test_${Math.random().toString(36).slice(2)}`;
  stripe.paymentMethods.set(id, {
    id,
    object: "payment_method",
    type: "card",
    customer: "cus_test_plan",
    card: { brand: "visa", last4: decline ? "0002" : "4242", exp_month: 12, exp_year: 2040 },
    decline,
  });
  return id;
}

describe("activatePlan", () => {
  it("sets both cursors and creates the visits of the next 12 months", async () => {
    const f = await jobsFixture(TZ);
    const now = new Date("2030-03-10T15:00:00Z");
    const id = await soldPlan(f, now, { billingStartAt: new Date("2030-03-15T13:00:00Z") });
    const plan = await planRow(id);
    expect(plan.nextBillingPeriod).toBe(0);
    expect(plan.nextBillingAt?.toISOString()).toBe("2030-03-15T13:00:00.000Z");
    // 4 visits a year from 2030-03-10: Mar, Jun, Sep, Dec 2030 and Mar 2031 (12 months ahead, inclusive).
    const created = await visitJobs(id);
    expect(created.map((j) => wallDate(j.startTime!, TZ))).toEqual([
      "2030-03-10",
      "2030-06-10",
      "2030-09-10",
      "2030-12-10",
      "2031-03-10",
    ]);
    expect(plan.nextVisitNumber).toBe(5);
    expect(plan.nextVisitDate).toBe("2031-06-10");
    const first = created[0];
    expect(first.status).toBe(JobStatus.Prescheduled);
    expect(wallTime(first.startTime!, TZ)).toBe("09:00");
    expect(wallTime(first.endTime!, TZ)).toBe("10:00");
    expect(first.servicePlanVisitDescription).toBe("Visit 1 checklist");
    expect(created[1].servicePlanVisitDescription).toBe("Visit 2 checklist");
    expect(created[4].servicePlanVisitDescription).toBe("Visit 1 checklist");
    expect(first.customerAddressId).toBe(f.addressId);
    expect(first.location).toBe("1 Main St, Springfield");
    expect(first.totalCents).toBe(12_000);
    expect(first.searchText).toContain("grace");
    expect(created.map((j) => j.servicePlanVisitNumber)).toEqual([0, 1, 2, 3, 4]);
  });

  it("starts billing on a date at the sale day, 09:00 in the plan's zone, when none was stored", async () => {
    const f = await jobsFixture(TZ);
    const id = await soldPlan(f, new Date("2030-07-04T18:00:00Z"), { billingStartAt: null });
    const plan = await planRow(id);
    expect(plan.billingStartAt?.toISOString()).toBe("2030-07-04T13:00:00.000Z");
    expect(plan.nextBillingAt?.toISOString()).toBe("2030-07-04T13:00:00.000Z");
  });
});

describe("the run, day by day", () => {
  it("bills a three-year monthly plan 36 times to its total and makes its 12 visits", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-01-15T15:00:00Z"); // 10:00 in New York
    const id = await soldPlan(f, sale, { billingStartAt: new Date("2030-01-15T14:00:00Z") });
    await simulate(sale, 3 * 366 + 60);

    const billed = await planInvoices(id);
    expect(billed).toHaveLength(36);
    expect(billed.map((i) => i.billingPeriod)).toEqual(Array.from({ length: 36 }, (_, k) => k));
    expect(billed.reduce((sum, i) => sum + i.totalCents, 0)).toBe(1_234_567);
    expect(billed.map((i) => i.issueDate)).toEqual(
      Array.from({ length: 36 }, (_, k) => dayjs.utc("2030-01-15").add(k, "month").format("YYYY-MM-DD")),
    );
    expect(new Set(billed.map((i) => i.number)).size).toBe(36);
    expect(billed.every((i) => i.status === InvoiceStatus.Sent && i.customerId === f.customerId)).toBe(true);
    const lines = await db
      .select({ name: invoiceLineItems.name })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, billed[35].id));
    expect(lines).toEqual([{ name: "Comfort Club: payment 36 of 36" }]);
    // Each manual invoice is sent once, through the outbox.
    const sends = await db
      .select({ key: scheduledMessages.idempotencyKey })
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.companyId, f.companyId), eq(scheduledMessages.kind, "plan_invoice")));
    expect(sends).toHaveLength(36);

    const made = await visitJobs(id);
    expect(made).toHaveLength(12);
    expect(made.map((j) => wallDate(j.startTime!, TZ))).toEqual(
      Array.from({ length: 12 }, (_, n) => visitDate("2030-01-15", 4, n)),
    );
    const plan = await planRow(id);
    expect(plan).toMatchObject({
      nextBillingPeriod: 36,
      nextBillingAt: null,
      nextVisitNumber: 12,
      nextVisitDate: null,
    });
  });

  it("bills a plan until cancelled, then stops", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-01-15T15:00:00Z");
    const id = await soldPlan(f, sale, {
      durationMonths: null,
      totalPriceCents: 120_000,
      billingStartAt: new Date("2030-01-15T14:00:00Z"),
    });
    await simulate(sale, 400);
    const billed = await planInvoices(id);
    expect(billed).toHaveLength(14);
    expect(billed.every((i) => i.totalCents === 10_000)).toBe(true);
    const [line] = await db
      .select({ name: invoiceLineItems.name })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, billed[13].id));
    expect(line.name).toBe("Comfort Club: payment 14");
    // Visits run 12 months ahead of the last day: to 2032-02-18.
    const made = await visitJobs(id);
    expect(made.map((j) => wallDate(j.startTime!, TZ))).toEqual(
      Array.from({ length: 9 }, (_, n) => visitDate("2030-01-15", 4, n)),
    );

    const cancelAt = new Date(sale.getTime() + 400 * DAY);
    const preview = await cancelPreview(f.admin, id, cancelAt);
    expect(preview.futureVisits).toHaveLength(made.filter((j) => j.startTime! >= cancelAt).length);
    expect(preview.openInvoices.map((i) => i.number)).toEqual(billed.map((i) => i.number));
    await db.transaction(async (tx) => {
      await tx
        .update(customerServicePlans)
        .set({ status: PlanStatus.Cancelled })
        .where(eq(customerServicePlans.id, id));
      await cancelPlanWork(tx, id, cancelAt);
    });
    await simulate(cancelAt, 90);
    expect(await planInvoices(id)).toHaveLength(14);
    const after = await visitJobs(id);
    expect(after).toHaveLength(9);
    expect(after.filter((j) => j.status === JobStatus.Cancelled)).toHaveLength(preview.futureVisits.length);
  });

  it("follows a moved billing date from the next period on", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-01-15T15:00:00Z");
    const id = await soldPlan(f, sale, { billingStartAt: new Date("2030-01-15T14:00:00Z") });
    await simulate(sale, 40);
    const movedAt = new Date(sale.getTime() + 40 * DAY);
    await expect(
      db.transaction((tx) => moveBillingDate(tx, id, new Date("2030-02-01T14:00:00Z"), movedAt)),
    ).rejects.toMatchObject({ fieldErrors: { billingDate: "Choose a date in the future." } });
    await db.transaction((tx) => moveBillingDate(tx, id, new Date("2030-03-20T13:00:00Z"), movedAt));
    expect(await planRow(id)).toMatchObject({ billingAnchorPeriod: 2, nextBillingPeriod: 2 });
    await simulate(movedAt, 90);
    const billed = await planInvoices(id);
    expect(billed.map((i) => i.issueDate)).toEqual([
      "2030-01-15",
      "2030-02-15",
      "2030-03-20",
      "2030-04-20",
      "2030-05-20",
    ]);
    expect(billed.map((i) => i.billingPeriod)).toEqual([0, 1, 2, 3, 4]);
    expect((await planRow(id)).nextBillingAt?.toISOString()).toBe("2030-06-20T13:00:00.000Z");
  });

  it("creates each period and visit once when two runs race", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-01-15T15:00:00Z");
    const ids = [
      await soldPlan(f, sale, { billingStartAt: new Date("2030-01-15T14:00:00Z") }),
      await soldPlan(f, sale, { billingStartAt: new Date("2030-01-20T14:00:00Z") }),
      await soldPlan(f, sale, { billingStartAt: new Date("2030-01-25T14:00:00Z") }),
    ];
    // Five months later: periods 0..4 (or 0..5) are due at once; visits move 5 months further.
    const now = new Date("2030-06-24T15:00:00Z");
    await Promise.all([
      runServicePlans({ now, settings: null, batchSize: 2 }),
      runServicePlans({ now, settings: null, batchSize: 2 }),
    ]);
    const periods = async (id: number) => (await planInvoices(id)).map((i) => i.billingPeriod);
    expect(await periods(ids[0])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await periods(ids[1])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await periods(ids[2])).toEqual([0, 1, 2, 3, 4]);
    for (const id of ids)
      expect((await visitJobs(id)).map((j) => j.servicePlanVisitNumber)).toEqual([0, 1, 2, 3, 4, 5]);
    const numbers = (await db.select({ n: invoices.number }).from(invoices).where(eq(invoices.companyId, f.companyId)))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 17 }, (_, k) => k + 1));
  });
});

describe("billing after the first visit is finished", () => {
  it("starts billing at the finish and refuses the visit an invoice of its own", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-03-10T15:00:00Z");
    const id = await soldPlan(f, sale, { invoiceTiming: InvoiceTiming.AfterFirstVisit, billingStartAt: null });
    expect(await planRow(id)).toMatchObject({ billingStartAt: null, nextBillingAt: null });
    await runServicePlans({ now: new Date("2030-04-01T15:00:00Z"), settings: null });
    expect(await planInvoices(id)).toHaveLength(0);

    const [first] = await visitJobs(id);
    const finishedAt = new Date("2030-03-10T14:42:00Z");
    await updateJobStatus(f.admin, { jobId: first.id, status: JobStatus.Scheduled });
    await updateJobStatus(f.admin, { jobId: first.id, status: JobStatus.Started });
    await updateJobStatus(f.admin, { jobId: first.id, status: JobStatus.Finished, startDate: finishedAt });
    const plan = await planRow(id);
    expect(plan.billingStartAt?.toISOString()).toBe(finishedAt.toISOString());
    expect(plan.nextBillingAt?.toISOString()).toBe(finishedAt.toISOString());

    await expect(createInvoiceFromJob(f.admin, first.id)).rejects.toMatchObject({
      fieldErrors: { _global: "This visit is billed by its service plan." },
    });
    await runServicePlans({ now: new Date("2030-04-10T15:00:00Z"), settings: null });
    expect((await planInvoices(id)).map((i) => i.issueDate)).toEqual(["2030-03-10", "2030-04-10"]);
  });
});

describe("the visit description for the subscription", () => {
  it("changes this visit, the later unfinished ones and the plan's copy of that visit", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-03-10T15:00:00Z");
    const id = await soldPlan(f, sale);
    const made = await visitJobs(id);
    await updateVisitDescription(f.admin, made[1].id, {
      servicePlanVisitDescription: "Check the filter too",
      affectSubscription: true,
    });
    const after = await visitJobs(id);
    expect(after.map((j) => j.servicePlanVisitDescription)).toEqual([
      "Visit 1 checklist",
      "Check the filter too",
      "Check the filter too",
      "Check the filter too",
      "Check the filter too",
    ]);
    const plan = await planRow(id);
    expect(plan.visits.map((v) => v.visitDescription)).toEqual([
      "Visit 1 checklist",
      "Check the filter too",
      "Visit 3 checklist",
      "Visit 4 checklist",
    ]);
    // Visit 6 (the second of its year) is created later with the new description.
    await runServicePlans({ now: new Date("2030-06-11T15:00:00Z"), settings: null });
    const later = await visitJobs(id);
    expect(later[5].servicePlanVisitDescription).toBe("Check the filter too");

    // Without affectSubscription only the one visit changes.
    await updateVisitDescription(f.admin, made[2].id, {
      servicePlanVisitDescription: "Only this",
      affectSubscription: false,
    });
    expect((await visitJobs(id)).map((j) => j.servicePlanVisitDescription)[3]).toBe("Check the filter too");
  });
});

describe("automatic charges", () => {
  it("charges the saved card once with the invoice's idempotency key and records the payment", async () => {
    const f = await jobsFixture(TZ);
    const account = await approvedAccount(stripe, f.companyId);
    const sale = new Date("2030-01-15T15:00:00Z");
    const id = await soldPlan(f, sale, {
      chargeMode: ChargeMode.Automatic,
      stripePaymentMethodId: savedCard(),
      taxRate: 825,
      billingStartAt: new Date("2030-01-15T14:00:00Z"),
    });
    const report = await runServicePlans({ now: sale, settings: stripeSettings() });
    expect(report).toMatchObject({ invoices: 1, charged: 1, chargesFailed: 0 });
    const [invoice] = await planInvoices(id);
    expect(invoice.totalCents).toBe(34_294 + Math.round(34_294 * 0.0825));
    expect(invoice.status).toBe(InvoiceStatus.Paid);
    const charges = stripe.requests.filter(
      (r) => r.path === "/v1/payment_intents" && r.idempotencyKey === `plan-charge:${invoice.id}`,
    );
    expect(charges).toHaveLength(1);
    expect(charges[0].account).toBe(account);
    expect(charges[0].form.amount).toBe(String(invoice.totalCents));
    const payments = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(payments).toHaveLength(1);
    expect(payments[0].idempotencyKey).toBe(`stripe:${payments[0].stripePaymentIntentId}`);
    const [charge] = await db.select().from(servicePlanCharges).where(eq(servicePlanCharges.invoiceId, invoice.id));
    expect(charge.status).toBe("succeeded");
    await runServicePlans({ now: sale, settings: stripeSettings() });
    expect(stripe.requests.filter((r) => r.idempotencyKey === `plan-charge:${invoice.id}`)).toHaveLength(1);
  });

  it("leaves the invoice due after a decline, marks the plan and emails the company once", async () => {
    const f = await jobsFixture(TZ);
    await db.update(companies).set({ email: "office@example.com" }).where(eq(companies.id, f.companyId));
    await approvedAccount(stripe, f.companyId);
    const sale = new Date("2030-01-15T15:00:00Z");
    const id = await soldPlan(f, sale, {
      chargeMode: ChargeMode.Automatic,
      stripePaymentMethodId: savedCard(true),
      billingStartAt: new Date("2030-01-15T14:00:00Z"),
    });
    const report = await runServicePlans({ now: sale, settings: stripeSettings() });
    expect(report).toMatchObject({ invoices: 1, charged: 0, chargesFailed: 1 });
    const [invoice] = await planInvoices(id);
    expect(invoice).toMatchObject({ paidCents: 0, status: InvoiceStatus.NotSent });
    const plan = await planRow(id);
    expect(plan.lastChargeError).toBe("Your card was declined.");
    expect(plan.lastChargeFailedAt?.toISOString()).toBe(sale.toISOString());
    await runServicePlans({ now: new Date(sale.getTime() + DAY), settings: stripeSettings() });
    expect(stripe.requests.filter((r) => r.idempotencyKey === `plan-charge:${invoice.id}`)).toHaveLength(1);

    await dispatchDueMessages({ now: () => new Date(sale.getTime() + DAY), services: { twilio: null } });
    const emails = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `plan-charge-failed:${invoice.id}`));
    expect(emails).toHaveLength(1);
    expect(emails[0].to).toBe("office@example.com");
    expect(emails[0].subject).toBe(`Automatic payment failed: invoice #${invoice.number}`);
    expect(emails[0].body).toContain("Your card was declined.");
  });

  it("says so on the plan when card payments are off", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-01-15T15:00:00Z");
    const id = await soldPlan(f, sale, {
      chargeMode: ChargeMode.Automatic,
      stripePaymentMethodId: savedCard(),
      billingStartAt: new Date("2030-01-15T14:00:00Z"),
    });
    await runServicePlans({ now: sale, settings: null });
    expect((await planRow(id)).lastChargeError).toBe(CHARGE_ERRORS.paymentsOff);
    const [invoice] = await planInvoices(id);
    expect(invoice.paidCents).toBe(0);
  });
});

describe("the customer's subscription invoices", () => {
  it("lists the customer's plan invoices, newest first, searchable, on the API", async () => {
    const f = await jobsFixture(TZ);
    const sale = new Date("2030-01-15T15:00:00Z");
    const id = await soldPlan(f, sale, { billingStartAt: new Date("2030-01-15T14:00:00Z") });
    await simulate(sale, 70);
    const billed = await planInvoices(id);
    expect(billed).toHaveLength(3);
    const page = await listCustomerPlanInvoicesPage(f.admin, f.customerId, { paging });
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.billingPeriod)).toEqual([2, 1, 0]);
    expect(page.items[0]).toMatchObject({ planName: "Comfort Club", balanceCents: billed[2].totalCents });
    const searched = await listCustomerPlanInvoicesPage(f.admin, f.customerId, {
      paging,
      searchQuery: String(billed[1].number),
    });
    expect(searched.items.map((i) => i.id)).toEqual([billed[1].id]);

    const response = await runRoute(
      planInvoicesLoader,
      `/api/customers/${f.customerId}/subscriptions-invoices/page?pageNumber=1&pageSize=10`,
      { cookie: await sessionCookie(f.adminId) },
      { id: String(f.customerId) },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(3);
    const other = await jobsFixture(TZ);
    const foreign = await runRoute(
      planInvoicesLoader,
      `/api/customers/${f.customerId}/subscriptions-invoices/page`,
      { cookie: await sessionCookie(other.adminId) },
      { id: String(f.customerId) },
    );
    expect(foreign.status).toBe(404);

    const profile = await runRoute(
      customerPageLoader,
      `/customers/${f.customerId}?tab=subscription-invoices`,
      { cookie: await sessionCookie(f.adminId) },
      { id: String(f.customerId) },
    );
    const shown = (await profile.json()) as { tab: string; page: { items: { id: number }[]; total: number } };
    expect(shown.tab).toBe("subscription-invoices");
    expect(shown.page.total).toBe(3);
    expect(shown.page.items.map((i) => i.id)).toEqual([billed[2].id, billed[1].id, billed[0].id]);
  });
});

describe("cancelling and moving the billing date", () => {
  it("previews and cancels the future unstarted visits only", async () => {
    const f = await jobsFixture(TZ);
    const now = new Date("2030-03-10T15:00:00Z");
    const id = await soldPlan(f, now);
    const later = new Date("2030-07-01T12:00:00Z");
    const preview = await cancelPreview(f.admin, id, later);
    expect(preview.futureVisits.map((v) => wallDate(v.startTime!, TZ))).toEqual([
      "2030-09-10",
      "2030-12-10",
      "2031-03-10",
    ]);
    expect(preview.openInvoices).toEqual([]);
    const other = await jobsFixture(TZ);
    expect((await cancelPreview(other.admin, id, later)).futureVisits).toEqual([]);
    await db.transaction(async (tx) => {
      await tx
        .update(customerServicePlans)
        .set({ status: PlanStatus.Cancelled })
        .where(eq(customerServicePlans.id, id));
      await cancelPlanWork(tx, id, later);
    });
    expect((await visitJobs(id)).map((j) => j.status)).toEqual([
      JobStatus.Prescheduled,
      JobStatus.Prescheduled,
      JobStatus.Cancelled,
      JobStatus.Cancelled,
      JobStatus.Cancelled,
    ]);
    expect(await planRow(id)).toMatchObject({ nextBillingAt: null, nextVisitDate: null });
  });

  it("refuses a billing date in the past", async () => {
    const f = await jobsFixture(TZ);
    const now = new Date("2030-03-10T15:00:00Z");
    const id = await soldPlan(f, now);
    await expect(
      db.transaction((tx) => moveBillingDate(tx, id, new Date("2030-03-01T13:00:00Z"), now)),
    ).rejects.toThrow(RuleError);
  });
});
