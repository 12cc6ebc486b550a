import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customerServicePlans, servicePlanVisitLineItems, servicePlanVisits } from "~/db/schema";
import { PlanPayments, typedTerms } from "~/components/service-plan-form";
import { servicePlanSchema } from "~/models/service-plans/plans.schema";
import {
  getOfferedPlan,
  getServicePlan,
  listOfferedPlans,
  listServicePlansPage,
  soldTermsOf,
} from "~/models/service-plans/plans.server";
import { action as planAction, loader as planLoader } from "~/routes/_app+/service-plan.$id";
import { loader as listLoader } from "~/routes/_app+/service-plans+/plans-we-offer";
import { action as apiCreate, loader as apiList } from "~/routes/api+/service-plans+/_layout";
import { action as apiWrite, loader as apiRead } from "~/routes/api+/service-plans+/$id";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, run, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const form = (entries: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(entries),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] };

const planFields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  description: "Two tune-ups a year",
  totalPrice: "1,200",
  durationInYears: "1",
  paymentSchedule: "3",
  chargeMode: "0",
  invoiceTiming: "1",
  taxRate: "8.25",
  visitsPerYear: "2",
  "visits[0].visitDescription": "Spring tune-up",
  "visits[0].lineItems[0].name": "AC tune-up",
  "visits[0].lineItems[0].unitPrice": "90",
  "visits[0].lineItems[0].quantity": "1",
  "visits[1].visitDescription": "Fall tune-up",
  "visits[1].lineItems[0].name": "Furnace tune-up",
  "visits[1].lineItems[0].unitPrice": "110",
  "visits[1].lineItems[1].name": "Filter",
  "visits[1].lineItems[1].unitPrice": "15.5",
  "visits[1].lineItems[1].quantity": "2",
  ...extra,
});

const post = (cookie: string, id: string, fields: Record<string, string>) =>
  run(planAction, `/service-plan/${id}`, { cookie, ...form(fields) }, { id });

async function createByForm(f: JobsFixture, cookie: string, name: string, extra: Record<string, string> = {}) {
  const res = await post(cookie, "new", { intent: "save", ...planFields(name, extra) });
  expect(res.status, await res.clone().text()).toBe(302);
  expect(res.headers.get("Location")).toBe("/service-plans/plans-we-offer");
  const [row] = (await listServicePlansPage(f.admin, { paging, searchQuery: name })).items;
  return row.id;
}

const pageText = (values: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(PlanPayments, { initial: typedTerms(values) }));

describe("plans we offer: the form", () => {
  it("creates a plan with two visits and their lines, and reads it back", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await createByForm(f, cookie, "Comfort Club");
    const plan = (await getServicePlan(f.admin, id))!;
    expect(plan).toMatchObject({
      name: "Comfort Club",
      totalPriceCents: 120000,
      durationMonths: 12,
      paymentSchedule: 3,
      chargeMode: 0,
      invoiceTiming: 1,
      taxRate: 825,
      archivedAt: null,
    });
    expect(plan.visits.map((v) => v.visitDescription)).toEqual(["Spring tune-up", "Fall tune-up"]);
    expect(plan.visits[1].lineItems.map((l) => [l.name, l.quantity, l.unitPriceCents, l.amountCents])).toEqual([
      ["Furnace tune-up", 1, 11000, 11000],
      ["Filter", 2, 1550, 3100],
    ]);
    const list = await listServicePlansPage(f.admin, { paging });
    expect(list.items[0]).toMatchObject({ name: "Comfort Club", visitsPerYear: 2, perPaymentCents: 10000 });

    // The edit page loads its values; the list page loads.
    const page = await run(planLoader, `/service-plan/${id}`, { cookie }, { id: String(id) });
    expect(page.status).toBe(200);
    const loaded = (await page.json()) as { values: Record<string, unknown>; plan: { sold: boolean } };
    expect(loaded.values).toMatchObject({ totalPrice: "1200.00", durationInYears: "1", taxRate: "8.25" });
    expect(loaded.plan.sold).toBe(false);
    expect(pageText(loaded.values)).toContain("$100.00");
    expect((await run(listLoader, "/service-plans/plans-we-offer?q=comfort&sort=createdAt", { cookie })).status).toBe(
      200,
    );
  });

  it("answers the exact messages, keeping the values", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const res = await post(cookie, "new", {
      intent: "save",
      ...planFields("", { totalPrice: "", "visits[1].lineItems[0].unitPrice": "abc", visitsPerYear: "2" }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string>; values: Record<string, unknown> };
    expect(body.errors).toMatchObject({
      name: "Name is required",
      totalPrice: "Total price is required",
      "visits.1.lineItems.0.unitPrice": "Unit price must be a number",
    });
    expect(body.values).toMatchObject({ description: "Two tune-ups a year", visitsPerYear: "2" });

    const negative = await post(cookie, "new", { intent: "save", ...planFields("Neg", { totalPrice: "-5" }) });
    expect(((await negative.json()) as { errors: Record<string, string> }).errors.totalPrice).toBe(
      "Total price must be greater than or equal to 0",
    );
    const tooMany = await post(cookie, "new", { intent: "save", ...planFields("Many", { visitsPerYear: "13" }) });
    expect(((await tooMany.json()) as { errors: Record<string, string> }).errors.visitsPerYear).toBe(
      "Visits per year must be from 1 to 12",
    );
  });

  it("refuses a name already offered (any case) with the spec's message; an archived plan frees it", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await createByForm(f, cookie, "Gold Plan");
    const again = await post(cookie, "new", { intent: "save", ...planFields("gold plan") });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { errors: Record<string, string> }).errors.name).toBe(
      "A plan with this name already exists.",
    );
    // Another company may use the name.
    await createByForm(other, await sessionCookie(other.adminId), "Gold Plan");
    // Archived: hidden from the list and the picker, the name free again.
    expect((await post(cookie, String(id), { intent: "archive" })).status).toBe(302);
    expect((await listServicePlansPage(f.admin, { paging })).items).toHaveLength(0);
    expect((await listServicePlansPage(f.admin, { paging, show: "archived" })).items).toHaveLength(1);
    expect(await listOfferedPlans(f.admin, { search: "gold" })).toEqual([]);
    expect(await getOfferedPlan(f.admin, id)).toBeNull();
    const newId = await createByForm(f, cookie, "Gold Plan");
    expect(newId).not.toBe(id);
    // Offering the archived one again would take a name in use.
    const restore = await post(cookie, String(id), { intent: "restore" });
    expect(restore.status).toBe(302);
    expect((await getServicePlan(f.admin, id))!.archivedAt).not.toBeNull();
  });

  it("another company's plan is 404 on the page, its posts and the API; a field tech gets 403", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const id = await createByForm(f, await sessionCookie(f.adminId), "Silver");
    const theirs = await sessionCookie(other.adminId);
    expect((await run(planLoader, `/service-plan/${id}`, { cookie: theirs }, { id: String(id) })).status).toBe(404);
    for (const intent of ["save", "archive", "delete", "restore"])
      expect((await post(theirs, String(id), { intent, ...planFields("Mine") })).status, intent).toBe(404);
    expect((await run(apiRead, `/api/service-plans/${id}`, { cookie: theirs }, { id: String(id) })).status).toBe(404);
    const put = await run(
      apiWrite,
      `/api/service-plans/${id}`,
      { cookie: theirs, method: "PUT", json: { name: "Mine", totalPrice: 1, visits: [{}], paymentSchedule: 3 } },
      { id: String(id) },
    );
    expect(put.status).toBe(404);
    expect((await getServicePlan(f.admin, id))!.name).toBe("Silver");
    const tech = await sessionCookie(f.techId);
    expect((await run(listLoader, "/service-plans/plans-we-offer", { cookie: tech })).status).toBe(403);
    expect((await run(planLoader, `/service-plan/${id}`, { cookie: tech }, { id: String(id) })).status).toBe(403);
    expect(
      (await run(planLoader, "/service-plan/abc", { cookie: await sessionCookie(f.adminId) }, { id: "abc" })).status,
    ).toBe(404);
  });

  it("editing replaces the visits and their lines in one save", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const id = await createByForm(f, cookie, "Replace Me");
    const before = (await getServicePlan(f.admin, id))!;
    const saved = await post(cookie, String(id), {
      intent: "save",
      name: "Replace Me",
      totalPrice: "300",
      durationInYears: "",
      paymentSchedule: "7",
      visitsPerYear: "1",
      "visits[0].visitDescription": "Yearly check",
      "visits[0].lineItems[0].name": "Inspection",
      "visits[0].lineItems[0].unitPrice": "0",
      // A second visit left on the form while visits per year says 1 is dropped.
      "visits[1].visitDescription": "Gone",
    });
    expect(saved.status).toBe(302);
    const after = (await getServicePlan(f.admin, id))!;
    expect(after).toMatchObject({ durationMonths: null, paymentSchedule: 7, totalPriceCents: 30000 });
    expect(after.visits).toHaveLength(1);
    expect(after.visits[0]).toMatchObject({ visitDescription: "Yearly check" });
    expect(after.visits[0].lineItems.map((l) => l.name)).toEqual(["Inspection"]);
    // The old visits and lines are gone, not left behind.
    const oldVisitIds = before.visits.map((v) => v.id);
    for (const visitId of oldVisitIds) {
      expect(await db.select().from(servicePlanVisits).where(eq(servicePlanVisits.id, visitId))).toEqual([]);
      expect(
        await db.select().from(servicePlanVisitLineItems).where(eq(servicePlanVisitLineItems.visitId, visitId)),
      ).toEqual([]);
    }
  });

  it("Update visits re-renders more or fewer visit blocks with the typed values, saving nothing", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const more = await post(cookie, "new", { intent: "visits", ...planFields("Draft", { visitsPerYear: "4" }) });
    expect(more.status).toBe(200);
    const moreValues = ((await more.json()) as { values: { visits: Array<{ visitDescription?: string }> } }).values;
    expect(moreValues.visits.map((v) => v.visitDescription)).toEqual(["Spring tune-up", "Fall tune-up", "", ""]);
    const fewer = await post(cookie, "new", { intent: "visits", ...planFields("Draft", { visitsPerYear: "1" }) });
    const fewerValues = ((await fewer.json()) as { values: Record<string, unknown> & { visits: unknown[] } }).values;
    expect(fewerValues.visits).toHaveLength(1);
    expect(fewerValues).toMatchObject({ name: "Draft", totalPrice: "1,200", visitsPerYear: "1" });
    const bad = await post(cookie, "new", { intent: "visits", ...planFields("Draft", { visitsPerYear: "99" }) });
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.visitsPerYear).toBe(
      "Visits per year must be from 1 to 12",
    );
    // Lines: added and removed by intent.
    const added = await post(cookie, "new", { intent: "addLine:0", ...planFields("Draft") });
    const addedVisits = ((await added.json()) as { values: { visits: Array<{ lineItems: unknown[] }> } }).values.visits;
    expect(addedVisits[0].lineItems).toHaveLength(2);
    const removed = await post(cookie, "new", { intent: "removeLine:1:0", ...planFields("Draft") });
    const removedVisits = (
      (await removed.json()) as { values: { visits: Array<{ lineItems: Array<{ name: string }> }> } }
    ).values.visits;
    expect(removedVisits[1].lineItems.map((l) => l.name)).toEqual(["Filter"]);
    expect((await listServicePlansPage(f.admin, { paging })).total).toBe(0);
  });

  it("shows the per-payment price table of the posted values", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const answer = async (extra: Record<string, string>) => {
      const res = await post(cookie, "new", { intent: "prices", ...planFields("Prices", extra) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { values: Record<string, unknown> }).values;
    };
    // $1,000 over 1.5 years paid every 4 weeks: 20 payments of $50.00.
    const fourWeekly = pageText(await answer({ totalPrice: "1000", durationInYears: "1.5", paymentSchedule: "2" }));
    expect(fourWeekly).toContain("Per payment: <strong>$50.00</strong> (20 payments)");
    // $100 over 1 year weekly: 52 payments of $1.92, the last $2.08 (100 - 51 x 1.92).
    const weekly = pageText(await answer({ totalPrice: "100", durationInYears: "1", paymentSchedule: "0" }));
    expect(weekly).toContain("$1.92");
    expect(weekly).toContain("the last $2.08");
    // Until cancelled: a year's price split by the schedule, no count.
    const open = pageText(await answer({ totalPrice: "1200", durationInYears: "", paymentSchedule: "3" }));
    expect(open).toContain("$100.00");
    expect(open).toContain("until cancelled");
    expect(pageText(await answer({ totalPrice: "" }))).toContain("enter the total price");
  });

  it("deletes a plan never sold; a sold plan is archived instead", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const unsold = await createByForm(f, cookie, "Never Sold");
    expect((await post(cookie, String(unsold), { intent: "delete" })).status).toBe(302);
    expect(await getServicePlan(f.admin, unsold)).toBeNull();

    const sold = await createByForm(f, cookie, "Sold One");
    const terms = soldTermsOf((await getOfferedPlan(f.admin, sold))!);
    await db.insert(customerServicePlans).values({
      companyId: f.companyId,
      customerId: f.customerId,
      ...terms,
      acceptanceMode: 2,
      publicToken: `token-${sold}`,
      timezone: "America/New_York",
      startDate: "2030-01-01",
    });
    const refused = await post(cookie, String(sold), { intent: "delete" });
    expect(refused.status).toBe(302);
    expect(await getServicePlan(f.admin, sold)).not.toBeNull();
    const page = (await (await run(planLoader, `/service-plan/${sold}`, { cookie }, { id: String(sold) })).json()) as {
      plan: { sold: boolean };
    };
    expect(page.plan.sold).toBe(true);
    const apiDelete = await run(
      apiWrite,
      `/api/service-plans/${sold}`,
      { cookie, method: "DELETE" },
      { id: String(sold) },
    );
    expect(apiDelete.status).toBe(400);
  });
});

describe("plans we offer: exports for selling", () => {
  it("soldTermsOf copies the terms and the visits with their lines", async () => {
    const f = await jobsFixture();
    const id = await createByForm(f, await sessionCookie(f.adminId), "Copy Me");
    const plan = (await getOfferedPlan(f.admin, id))!;
    expect(soldTermsOf(plan)).toEqual({
      servicePlanId: id,
      name: "Copy Me",
      description: "Two tune-ups a year",
      totalPriceCents: 120000,
      durationMonths: 12,
      paymentSchedule: 3,
      chargeMode: 0,
      invoiceTiming: 1,
      taxRate: 825,
      visits: [
        {
          visitDescription: "Spring tune-up",
          lineItems: [
            {
              kind: 1,
              name: "AC tune-up",
              description: null,
              quantity: "1",
              unitPriceCents: 9000,
              costCents: 0,
              isTaxable: false,
              priceListItemId: null,
            },
          ],
        },
        {
          visitDescription: "Fall tune-up",
          lineItems: [
            expect.objectContaining({ name: "Furnace tune-up", unitPriceCents: 11000 }),
            expect.objectContaining({ name: "Filter", quantity: "2", unitPriceCents: 1550 }),
          ],
        },
      ],
    });
    const options = await listOfferedPlans(f.admin, { search: "copy" });
    expect(options).toEqual([expect.objectContaining({ id, name: "Copy Me", visitsPerYear: 2 })]);
    expect(await getOfferedPlan((await jobsFixture()).admin, id)).toBeNull();
  });
});

describe("plans we offer: the API", () => {
  it("creates, reads, lists, replaces and deletes with the same schema", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const body = {
      name: "API Plan",
      totalPrice: 499.99,
      durationInYears: 2,
      paymentSchedule: 5,
      chargeMode: 1,
      invoiceTiming: 0,
      taxRate: 5,
      visits: [{ visitDescription: "Visit", lineItems: [{ name: "Check", unitPrice: 49 }] }, {}],
    };
    const created = await run(apiCreate, "/api/service-plans", { cookie, method: "POST", json: body });
    expect(created.status, await created.clone().text()).toBe(201);
    const { data } = (await created.json()) as { data: Record<string, unknown> & { id: number } };
    expect(data).toMatchObject({
      name: "API Plan",
      totalPrice: 499.99,
      durationInYears: 2,
      durationMonths: 24,
      visitsPerYear: 2,
      paymentCount: 8,
      perPaymentCents: 6250,
      lastPaymentCents: 6249,
      taxRate: 5,
    });
    const duplicate = await run(apiCreate, "/api/service-plans", { cookie, method: "POST", json: body });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({ errors: { name: "A plan with this name already exists." } });

    const read = await run(apiRead, `/api/service-plans/${data.id}`, { cookie }, { id: String(data.id) });
    expect(read.status).toBe(200);
    const list = await run(apiList, "/api/service-plans?searchQuery=api&pageSize=25", { cookie });
    expect(await list.json()).toMatchObject({ total: 1, pageSize: 25, items: [{ id: data.id }] });

    const replaced = await run(
      apiWrite,
      `/api/service-plans/${data.id}`,
      { cookie, method: "PUT", json: { ...body, visits: [{ visitDescription: "Only one" }] } },
      { id: String(data.id) },
    );
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { data: { visits: unknown[] } }).data.visits).toHaveLength(1);

    const invalid = await run(apiCreate, "/api/service-plans", {
      cookie,
      method: "POST",
      json: { ...body, name: "Other", durationInYears: 5, paymentSchedule: 9, visits: [] },
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { errors: Record<string, string> }).errors).toMatchObject({
      durationInYears: "Choose a duration",
      paymentSchedule: "Choose a payment schedule",
      visits: "Visits per year must be from 1 to 12",
    });
    expect(servicePlanSchema.safeParse({ ...body, visitsPerYear: 3 }).error?.issues[0].message).toBe(
      "Visits per year must match the visits sent",
    );

    const deleted = await run(
      apiWrite,
      `/api/service-plans/${data.id}`,
      { cookie, method: "DELETE" },
      { id: String(data.id) },
    );
    expect(deleted.status).toBe(200);
    expect(await getServicePlan(f.admin, data.id)).toBeNull();
  });
});
