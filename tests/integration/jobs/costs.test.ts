import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { customers, jobLineItems, priceListCategories, priceListItems } from "~/db/schema";
import { createJob } from "~/models/jobs/jobs.server";
import { action as editAction, loader as editLoader } from "~/routes/_app+/jobs+/$id_.edit";
import { loader as detailsLoader } from "~/routes/_app+/jobs+/$id";
import { action as newAction, loader as newLoader } from "~/routes/_app+/jobs+/new";
import { action as jobApiAction, loader as jobApiLoader } from "~/routes/api+/jobs+/$id";
import { loader as itemsLoader } from "~/routes/api+/price-lists+/items";
import { loader as itemsPageLoader } from "~/routes/api+/price-lists+/items.page";
import { loader as itemLoader } from "~/routes/api+/price-lists+/items.$id";
import { loader as searchLoader } from "~/routes/api+/customers+/search";
import { loader as reducedLoader } from "~/routes/api+/customers+/$id_.reduced";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { formPost, jobsFixture, run } from "./fixtures";

useTestDatabase();

/** Any cost a field tech could read: the key in any spelling, or one of the test's cost amounts. */
const COSTS = /"cost(Cents)?"\s*:|lineItems\[\d+\]\.cost|Cost \(\$\)|\b12\.34\b|\b7\.77\b|:\s*(1234|777)\b/;

/** A job with a typed line (cost $7.77) and a price book line (item cost $12.34), assigned to the field tech. */
async function jobWithCosts() {
  const f = await jobsFixture();
  const [category] = await db
    .insert(priceListCategories)
    .values({ companyId: f.companyId, categoryName: "Parts", type: 0 })
    .returning({ id: priceListCategories.id });
  const addItem = async (name: string, priceCents: number, costCents: number) => {
    const [row] = await db
      .insert(priceListItems)
      .values({ companyId: f.companyId, categoryId: category.id, name, priceCents, costCents, itemType: 0 })
      .returning({ id: priceListItems.id });
    return row;
  };
  const item = await addItem("Valve", 5000, 1234);
  const cheap = await addItem("Zinc washer", 100, 1);
  const { id } = await createJob(f.admin, {
    customerId: f.customerId,
    employeeIds: [f.techId],
    tags: [],
    taxRate: 0,
    discount: 0,
    lineItems: [
      { kind: 1, name: "Labour", quantity: 1, unitPrice: 9000, cost: 777, isTaxable: false },
      { kind: 0, name: "Valve", quantity: 1, unitPrice: 5000, cost: 1234, isTaxable: false, priceListItemId: item.id },
    ],
  } as Parameters<typeof createJob>[1]);
  return {
    ...f,
    jobId: id,
    itemId: item.id,
    cheapItemId: cheap.id,
    tech: await sessionCookie(f.techId),
    adminCookie: await sessionCookie(f.adminId),
  };
}

const costsOf = async (jobId: number) =>
  (
    await db
      .select({ name: jobLineItems.name, costCents: jobLineItems.costCents })
      .from(jobLineItems)
      .where(eq(jobLineItems.jobId, jobId))
      .orderBy(asc(jobLineItems.position))
  ).map((l) => [l.name, l.costCents]);

describe("a field tech never reads costs", () => {
  it("gets job reads, job screens and price book picker reads without any cost; an admin still gets them", async () => {
    const f = await jobWithCosts();
    const params = { id: String(f.jobId) };
    const techAnswers = [
      await run(jobApiLoader, `/api/jobs/${f.jobId}`, { cookie: f.tech }, params),
      await run(detailsLoader, `/jobs/${f.jobId}`, { cookie: f.tech }, params),
      await run(editLoader, `/jobs/${f.jobId}/edit`, { cookie: f.tech }, params),
      await run(newLoader, `/jobs/new?customerId=${f.customerId}`, { cookie: f.tech }),
      await run(itemsLoader, `/api/price-lists/items?itemIds[0]=${f.itemId}`, { cookie: f.tech }),
      await run(itemsPageLoader, `/api/price-lists/items/page?searchQuery=valve`, { cookie: f.tech }),
      await run(newAction, `/jobs/new?customerId=${f.customerId}`, {
        cookie: f.tech,
        ...formPost({ intent: "addPriceItem", customerId: String(f.customerId), priceItemId: String(f.itemId) }),
      }),
    ];
    for (const answer of techAnswers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toMatch(COSTS);
    }
    // The price book item itself is the price book screen's: manager roles only.
    expect(
      (await run(itemLoader, `/api/price-lists/items/${f.itemId}`, { cookie: f.tech }, { id: String(f.itemId) }))
        .status,
    ).toBe(403);
    expect(await (await run(jobApiLoader, `/api/jobs/${f.jobId}`, { cookie: f.adminCookie }, params)).text()).toMatch(
      /"cost":7\.77/,
    );
    expect(
      await (await run(itemsLoader, `/api/price-lists/items?itemIds[0]=${f.itemId}`, { cookie: f.adminCookie })).text(),
    ).toMatch(/"cost":12\.34/);
  });

  it("cannot sort the picker by cost, which would tell the order of costs", async () => {
    const f = await jobWithCosts();
    const names = async (cookie: string) =>
      (
        (await (
          await run(itemsPageLoader, `/api/price-lists/items/page?sortSettings[0].fieldName=cost`, { cookie })
        ).json()) as { data: { items: { name: string }[] } }
      ).data.items.map((i) => i.name);
    expect(await names(f.adminCookie)).toEqual(["Zinc washer", "Valve"]);
    expect(await names(f.tech)).toEqual(["Valve", "Zinc washer"]);
  });

  it("keeps the lines' costs when a field tech saves the job form or PUTs the job (they neither read nor set costs)", async () => {
    const f = await jobWithCosts();
    const params = { id: String(f.jobId) };
    const saved = await run(
      editAction,
      `/jobs/${f.jobId}/edit`,
      {
        cookie: f.tech,
        ...formPost({
          intent: "save",
          taxRate: "0",
          discount: "0",
          "lineItems[0].name": "Labour",
          "lineItems[0].unitPrice": "95",
          "lineItems[0].quantity": "2",
          "lineItems[0].kind": "1",
          "lineItems[1].name": "Valve",
          "lineItems[1].unitPrice": "50",
          "lineItems[1].quantity": "1",
          "lineItems[1].kind": "0",
          "lineItems[1].priceListItemId": String(f.itemId),
          "lineItems[2].name": "Zinc washer",
          "lineItems[2].unitPrice": "1",
          "lineItems[2].kind": "0",
          "lineItems[2].priceListItemId": String(f.cheapItemId),
          "lineItems[3].name": "Extra trip",
          "lineItems[3].unitPrice": "20",
          "lineItems[3].kind": "1",
        }),
      },
      params,
    );
    expect(saved.status).toBe(302);
    expect(await costsOf(f.jobId)).toEqual([
      ["Labour", 777],
      ["Valve", 1234],
      ["Zinc washer", 1],
      ["Extra trip", 0],
    ]);
    const put = await run(
      jobApiAction,
      `/api/jobs/${f.jobId}`,
      {
        method: "PUT",
        cookie: f.tech,
        json: {
          lineItems: [
            { name: "Valve", unitPrice: 50, cost: 0, priceListItemId: f.itemId },
            { name: "Labour", unitPrice: 95, cost: 999 },
          ],
        },
      },
      params,
    );
    expect(put.status).toBe(200);
    expect(await put.text()).not.toMatch(COSTS);
    expect(await costsOf(f.jobId)).toEqual([
      ["Valve", 1234],
      ["Labour", 777],
    ]);
    // An admin sets costs as before.
    await run(
      jobApiAction,
      `/api/jobs/${f.jobId}`,
      { method: "PUT", cookie: f.adminCookie, json: { lineItems: [{ name: "Valve", unitPrice: 50, cost: 3 }] } },
      params,
    );
    expect(await costsOf(f.jobId)).toEqual([["Valve", 300]]);
  });
});

describe("a field tech's customer picker", () => {
  it("answers names, company and address, not email or phone, and finds nobody by an email or phone", async () => {
    const f = await jobWithCosts();
    await db
      .update(customers)
      .set({
        email: "grace@navy.example",
        mainPhoneNumber: "+14155552671",
        ownCompanyName: "Navy",
        billingLocation: "1 Main St, Springfield",
        searchText: "grace hopper navy grace navy example 1 main st springfield 14155552671 4155552671 5552671 2671",
      })
      .where(eq(customers.id, f.customerId));
    const search = async (cookie: string, q: string) =>
      (await (
        await run(searchLoader, `/api/customers/search?searchQuery=${encodeURIComponent(q)}`, { cookie })
      ).json()) as Record<string, unknown>[];
    const [picked] = await search(f.tech, "grace");
    expect(picked).toEqual({
      id: f.customerId,
      firstName: "Grace",
      lastName: "Hopper",
      ownCompanyName: "Navy",
      billingAddress: { location: "1 Main St, Springfield" },
    });
    expect(await search(f.tech, "navy spring")).toHaveLength(1);
    expect(await search(f.tech, "4155552671")).toEqual([]);
    expect(await search(f.tech, "grace navy example")).toEqual([]);
    const reduced = (await (
      await run(
        reducedLoader,
        `/api/customers/${f.customerId}/reduced`,
        { cookie: f.tech },
        { id: String(f.customerId) },
      )
    ).json()) as Record<string, unknown>;
    expect(Object.keys(reduced).sort()).toEqual(["billingAddress", "firstName", "id", "lastName", "ownCompanyName"]);
    // Broader roles keep the short form's contact fields (the office calls and emails customers).
    expect((await search(f.adminCookie, "4155552671"))[0]).toMatchObject({
      id: f.customerId,
      email: "grace@navy.example",
      mainPhoneNumber: "+14155552671",
    });
  });
});
