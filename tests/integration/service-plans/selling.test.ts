// Selling and running a plan through its screens (JavaScript off): the assign form in the three
// acceptance modes, the link sent once, the customer's page accepting once, the lists (a field tech
// sees their customers' plans), cancelling after the preview, moving the billing date.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customerAddresses, jobs, savedCards } from "~/db/schema";
import { jobCreateSchema, JobStatus } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { AcceptanceMode, PlanStatus } from "~/models/service-plans/plan-terms";
import { loader as listLoader } from "~/routes/_app+/service-plans+/customer-service-plans";
import { loader as overviewLoader } from "~/routes/_app+/service-plans+/_index";
import { loader as assignLoader } from "~/routes/_app+/assign-service-plan.($customerId)";
import { makeRequest, runRoute } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { createCustomerRow, wallTime } from "../jobs/fixtures";
import {
  outboxOf,
  planPage,
  planPost,
  planRow,
  plansOf,
  postSale,
  publicPage,
  publicPost,
  saleFields,
  sellingFixture,
  soldId,
  visitJobs,
} from "./selling-fixture";

useTestDatabase();

const list = async (cookie: string, query = "") => {
  const res = await runRoute(
    listLoader as never,
    makeRequest(`/service-plans/customer-service-plans${query}`, { cookie }),
  );
  return (await res.json()) as {
    page: { items: Array<{ id: number; status: number; customerName: string }>; total: number };
  };
};

describe("selling a plan", () => {
  it("accepts with the customer: signed on the staff's screen, active with its visit jobs and billing start", async () => {
    const f = await sellingFixture();
    const res = await postSale(f, saleFields(f, { acceptanceMode: "0", signerName: "Grace Hopper" }));
    expect(res.status).toBe(302);
    const plan = await planRow(soldId(res));
    expect(plan).toMatchObject({
      status: PlanStatus.Active,
      acceptanceMode: AcceptanceMode.WithCustomer,
      signedName: "Grace Hopper",
      name: "Comfort Club",
      totalPriceCents: 24_000,
      startDate: "2026-12-01",
      timezone: "America/New_York",
      location: "1 Main St, Springfield",
    });
    expect(plan.visits.map((v) => v.visitDescription)).toEqual(["Spring tune-up", "Fall check"]);
    expect(plan.billingStartAt?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(plan.nextBillingAt?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(plan.acceptedAt).not.toBeNull();
    expect(plan.publicToken).toMatch(/^[A-Za-z0-9_-]{24,64}$/);
    const visits = await visitJobs(plan.id);
    expect(visits.length).toBe(2);
    expect(wallTime(visits[0].startTime!, "America/New_York")).toBe("09:00");
  });

  it("asks for the signer's name when accepting with the customer", async () => {
    const f = await sellingFixture();
    const res = await postSale(f, saleFields(f, { acceptanceMode: "0", signerName: "  " }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ signerName: "Type the customer's name to sign" });
    expect(await plansOf(f.companyId)).toHaveLength(0);
  });

  it("sends to the customer: pending, the link in the outbox once on a double submit", async () => {
    const f = await sellingFixture();
    const fields = saleFields(f, { acceptanceMode: "1", channel: "2" });
    const first = await postSale(f, fields);
    const second = await postSale(f, fields);
    expect(first.status).toBe(302);
    expect(soldId(second)).toBe(soldId(first));
    const plans = await plansOf(f.companyId);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ status: PlanStatus.Pending, acceptanceMode: AcceptanceMode.SendToCustomer });
    expect(plans[0].sentAt).not.toBeNull();
    expect(await visitJobs(plans[0].id)).toHaveLength(0);
    const sent = await outboxOf(f.companyId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: "email", to: "grace@example.com" });
    expect(sent[0].body).toContain(`/service-plan-details/${plans[0].publicToken}`);
  });

  it("accepts for the customer: active, with the chosen saved card or invoices without one", async () => {
    const f = await sellingFixture({ chargeMode: "0" });
    await db.insert(savedCards).values({
      companyId: f.companyId,
      customerId: f.customerId,
      stripeCustomerId: "cus_test1",
      stripePaymentMethodId: "pm_card_visa_1",
      brand: "visa",
      last4: "4242",
    });
    const withCard = await planRow(
      soldId(await postSale(f, saleFields(f, { acceptanceMode: "2", paymentMethodId: "pm_card_visa_1" }))),
    );
    expect(withCard).toMatchObject({ status: PlanStatus.Active, stripePaymentMethodId: "pm_card_visa_1" });
    const invoiced = await planRow(
      soldId(await postSale(f, saleFields(f, { acceptanceMode: "2", paymentMethodId: "" }))),
    );
    expect(invoiced).toMatchObject({ status: PlanStatus.Active, stripePaymentMethodId: null, chargeMode: 1 });
    expect(withCard.chargeMode).toBe(0);
    const foreign = await postSale(f, saleFields(f, { acceptanceMode: "2", paymentMethodId: "pm_someone_else" }));
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).errors).toEqual({ paymentMethodId: "Choose one of the customer's saved cards" });
  });

  it("refuses another customer's property and a plan not offered", async () => {
    const f = await sellingFixture();
    const otherCustomer = await createCustomerRow(f.companyId, "Alan", "Turing");
    const [address] = await db
      .insert(customerAddresses)
      .values({ companyId: f.companyId, customerId: otherCustomer, location: "2 Side St" })
      .returning({ id: customerAddresses.id });
    const wrongProperty = await postSale(f, saleFields(f, { customerAddressId: String(address.id) }));
    expect((await wrongProperty.json()).errors).toEqual({ customerAddressId: "Choose a property" });
    const noPlan = await postSale(f, saleFields(f, { servicePlanId: "999999" }));
    expect((await noPlan.json()).errors).toEqual({ servicePlanId: "Choose a plan" });
    const noMode = await postSale(f, saleFields(f, { acceptanceMode: "7" }));
    expect((await noMode.json()).errors).toEqual({ acceptanceMode: "Choose how the customer accepts" });
  });

  it("the assign page without a customer searches, and ?customerId leads to the customer's sale", async () => {
    const f = await sellingFixture();
    const search = await runRoute(
      assignLoader as never,
      makeRequest("/assign-service-plan?q=grace", { cookie: f.adminCookie }),
    );
    expect((await search.json()).matches).toEqual([{ id: f.customerId, name: "Grace Hopper" }]);
    const picked = await runRoute(
      assignLoader as never,
      makeRequest(`/assign-service-plan?customerId=${f.customerId}`, { cookie: f.adminCookie }),
    );
    expect(picked.headers.get("Location")).toBe(`/assign-service-plan/${f.customerId}`);
    const sale = await runRoute(
      assignLoader as never,
      makeRequest(`/assign-service-plan/${f.customerId}`, { cookie: f.adminCookie }),
      { customerId: String(f.customerId) },
    );
    const data = await sale.json();
    expect(data.plans).toHaveLength(1);
    expect(data.plans[0].label).toContain("Comfort Club: $20.00 monthly, 1 year, 2 visits a year");
    expect(data.addresses).toEqual([{ id: f.addressId, location: "1 Main St, Springfield", unitNumber: null }]);
  });
});

describe("the customer's page", () => {
  it("shows the plan, accepts once with a typed name, and thanks the customer", async () => {
    const f = await sellingFixture();
    const id = soldId(await postSale(f, saleFields(f)));
    const { publicToken } = await planRow(id);
    const page = await publicPage(publicToken);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const { view } = await page.json();
    expect(view).toMatchObject({ name: "Comfort Club", status: PlanStatus.Pending, address: "1 Main St, Springfield" });
    expect(view.terms).toMatchObject({
      perPayment: "$20.00",
      schedule: "Monthly",
      payments: "12 payments",
      duration: "1 year",
    });
    expect(view.terms.visits.map((v: { description: string }) => v.description)).toEqual([
      "Spring tune-up",
      "Fall check",
    ]);
    const first = await publicPost(publicToken, { intent: "accept", name: "Grace Hopper" });
    expect(first.status).toBe(302);
    const jobsAfterFirst = (await visitJobs(id)).length;
    expect(jobsAfterFirst).toBe(2);
    const second = await publicPost(publicToken, { intent: "accept", name: "Grace Hopper" });
    expect(second.status).toBe(409);
    expect((await second.json()).errors).toEqual({ _global: "This plan was already accepted." });
    expect(await visitJobs(id)).toHaveLength(jobsAfterFirst);
    expect(await planRow(id)).toMatchObject({ status: PlanStatus.Active, signedName: "Grace Hopper" });
    expect((await (await publicPage(publicToken)).json()).view.status).toBe(PlanStatus.Active);
  });

  it("two accepts at once activate the plan once", async () => {
    const f = await sellingFixture();
    const id = soldId(await postSale(f, saleFields(f)));
    const { publicToken } = await planRow(id);
    const answers = await Promise.all([
      publicPost(publicToken, { intent: "accept", name: "Grace" }),
      publicPost(publicToken, { intent: "accept", name: "Grace" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(await visitJobs(id)).toHaveLength(2);
  });

  it("asks for the name, and answers 404 for an unknown token", async () => {
    const f = await sellingFixture();
    const { publicToken } = await planRow(soldId(await postSale(f, saleFields(f))));
    const empty = await publicPost(publicToken, { intent: "accept", name: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual({ name: "Type your name to accept" });
    expect((await publicPage("A".repeat(24))).status).toBe(404);
  });

  it("an automatic plan takes the customer's saved card", async () => {
    const f = await sellingFixture({ chargeMode: "0" });
    const id = soldId(await postSale(f, saleFields(f)));
    const { publicToken } = await planRow(id);
    await db.insert(savedCards).values({
      companyId: f.companyId,
      customerId: f.customerId,
      stripeCustomerId: "cus_test2",
      stripePaymentMethodId: "pm_card_2",
      brand: "visa",
      last4: "1111",
    });
    const { view } = await (await publicPage(publicToken)).json();
    expect(view.cardStep).toMatchObject({ savedCard: "Visa ending in 1111" });
    await publicPost(publicToken, { intent: "accept", name: "Grace" });
    expect(await planRow(id)).toMatchObject({ status: PlanStatus.Active, stripePaymentMethodId: "pm_card_2" });
  });
});

describe("a card after the sale", () => {
  it("a plan accepted with the customer asks for a card on its page, and takes the one saved there", async () => {
    const f = await sellingFixture({ chargeMode: "0" });
    const id = soldId(await postSale(f, saleFields(f, { acceptanceMode: "0", signerName: "Grace Hopper" })));
    const { publicToken } = await planRow(id);
    const before = (await (await publicPage(publicToken)).json()).view;
    expect(before).toMatchObject({ status: PlanStatus.Active, card: null });
    expect(before.cardStep).toMatchObject({ savedCard: null, unavailable: true });
    const none = await publicPost(publicToken, { intent: "useCard" });
    expect(none.status).toBe(409);
    const link = await planPost(id, f.adminCookie, { intent: "resend", channel: "2", requestToken: "card-link-0001" });
    expect(link.status).toBe(302);
    expect((await outboxOf(f.companyId))[0].subject).toBe("Save a card for your service plan");
    await db.insert(savedCards).values({
      companyId: f.companyId,
      customerId: f.customerId,
      stripeCustomerId: "cus_test3",
      stripePaymentMethodId: "pm_card_3",
      brand: "mastercard",
      last4: "4444",
    });
    expect((await publicPost(publicToken, { intent: "useCard" })).status).toBe(302);
    expect((await planRow(id)).stripePaymentMethodId).toBe("pm_card_3");
    const after = (await (await publicPage(publicToken)).json()).view;
    expect(after).toMatchObject({ card: "Mastercard ending in 4444", cardStep: null });
    const noMore = await planPost(id, f.adminCookie, {
      intent: "resend",
      channel: "2",
      requestToken: "card-link-0002",
    });
    expect(noMore.status).toBe(409);
  });
});

describe("lists and the sold plan", () => {
  it("stores pending 0, active 1 and cancelled 4; the overview counts them", async () => {
    const f = await sellingFixture();
    const pending = soldId(await postSale(f, saleFields(f, { acceptanceMode: "1" })));
    const active = soldId(await postSale(f, saleFields(f, { acceptanceMode: "2" })));
    const cancelled = soldId(await postSale(f, saleFields(f, { acceptanceMode: "2" })));
    expect((await planPost(cancelled, f.adminCookie, { intent: "cancel" })).status).toBe(302);
    expect((await planRow(pending)).status).toBe(0);
    expect((await planRow(active)).status).toBe(1);
    expect((await planRow(cancelled)).status).toBe(4);
    const overview = await (
      await runRoute(overviewLoader as never, makeRequest("/service-plans", { cookie: f.adminCookie }))
    ).json();
    expect(overview.counts).toEqual({ pending: 1, active: 1, cancelled: 1 });
    expect(overview.monthlyRecurringCents).toBe(2_000);
    expect(overview.pending.map((p: { id: number }) => p.id)).toEqual([pending]);
    const onlyActive = await list(f.adminCookie, "?status=1");
    expect(onlyActive.page.items.map((p) => p.id)).toEqual([active]);
    const searched = await list(f.adminCookie, "?q=hopper&sort=status&order=desc");
    expect(searched.page.items.map((p) => p.status)).toEqual([4, 1, 0]);
    expect((await list(f.adminCookie, "?q=nobody")).page.total).toBe(0);
  });

  it("a field tech sees only the plans of customers with a job assigned to them", async () => {
    const f = await sellingFixture();
    const mine = soldId(await postSale(f, saleFields(f, { acceptanceMode: "2" })));
    const other = await createCustomerRow(f.companyId, "Alan", "Turing");
    const [address] = await db
      .insert(customerAddresses)
      .values({ companyId: f.companyId, customerId: other, location: "2 Side St" })
      .returning({ id: customerAddresses.id });
    const theirs = soldId(
      await postSale(
        f,
        saleFields(f, { acceptanceMode: "2", customerAddressId: String(address.id) }),
        f.adminCookie,
        other,
      ),
    );
    expect(theirs).toBeGreaterThan(0);
    expect((await list(f.techCookie)).page.items).toHaveLength(0);
    await createJob(f.admin, jobCreateSchema.parse({ customerId: f.customerId, employeeIds: [f.techId] }));
    expect((await list(f.techCookie)).page.items.map((p) => p.id)).toEqual([mine]);
    expect((await list(f.adminCookie)).page.items).toHaveLength(2);
    expect((await planPage(mine, f.techCookie)).status).toBe(200);
    expect((await planPage(theirs, f.techCookie)).status).toBe(404);
  });

  it("another company's sold plan answers 404", async () => {
    const f = await sellingFixture();
    const g = await sellingFixture();
    const id = soldId(await postSale(f, saleFields(f, { acceptanceMode: "2" })));
    expect((await planPage(id, g.adminCookie)).status).toBe(404);
    expect((await planPost(id, g.adminCookie, { intent: "cancel" })).status).toBe(404);
    expect((await postSale(g, saleFields(g), g.adminCookie, f.customerId)).status).toBe(404);
    expect((await postSale(g, saleFields(g, { servicePlanId: String(f.planId) }))).status).toBe(400);
  });

  it("cancel shows the future visits and open invoices first, then cancels the visit jobs", async () => {
    const f = await sellingFixture();
    const id = soldId(await postSale(f, saleFields(f, { acceptanceMode: "2" })));
    const preview = await (await planPage(id, f.adminCookie, "?confirm=cancel")).json();
    expect(preview.confirmCancel).toBe(true);
    expect(preview.preview.futureVisits).toHaveLength(2);
    expect(preview.preview.openInvoices).toEqual([]);
    expect((await planPost(id, f.adminCookie, { intent: "cancel" })).status).toBe(302);
    const plan = await planRow(id);
    expect(plan).toMatchObject({ status: PlanStatus.Cancelled, cancelledByUserId: f.adminId, nextBillingAt: null });
    expect((await visitJobs(id)).every((j) => j.status === JobStatus.Cancelled)).toBe(true);
    const again = await planPost(id, f.adminCookie, { intent: "cancel" });
    expect(again.status).toBe(409);
    const page = await (await planPage(id, f.adminCookie, "?confirm=cancel")).json();
    expect(page.confirmCancel).toBe(false);
  });

  it("moves the billing date to a future date, refuses a past one", async () => {
    const f = await sellingFixture();
    const id = soldId(await postSale(f, saleFields(f, { acceptanceMode: "2" })));
    const moved = await planPost(id, f.adminCookie, { intent: "billingDate", billingDate: "2027-01-15T10:30" });
    expect(moved.status).toBe(302);
    const plan = await planRow(id);
    expect(plan.nextBillingAt?.toISOString()).toBe("2027-01-15T15:30:00.000Z");
    expect(plan.billingStartAt?.toISOString()).toBe("2027-01-15T15:30:00.000Z");
    const past = await planPost(id, f.adminCookie, { intent: "billingDate", billingDate: "2020-01-01T09:00" });
    expect(past.status).toBe(409);
    expect((await past.json()).errors).toEqual({ billingDate: "Choose a date in the future." });
  });

  it("resends the link of a pending plan (once per request token)", async () => {
    const f = await sellingFixture();
    const id = soldId(await postSale(f, saleFields(f)));
    const fields = { intent: "resend", channel: "2", requestToken: "resend-token-01" };
    expect((await planPost(id, f.adminCookie, fields)).status).toBe(302);
    expect((await planPost(id, f.adminCookie, fields)).status).toBe(302);
    expect(await outboxOf(f.companyId)).toHaveLength(2);
    const jobsCount = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, f.companyId)));
    expect(jobsCount).toHaveLength(0);
  });
});
