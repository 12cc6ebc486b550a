import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { campaigns, companies } from "~/db/schema";
import { AppFeature, DEFAULT_APP_FEATURES } from "~/access/features";
import { Role } from "~/access/roles";
import { openApiDocument } from "~/openapi/index.server";
import { action as saveAction } from "~/routes/api+/follow-up-campaigns+/_layout";
import { action as deleteAction, loader as getLoader } from "~/routes/api+/follow-up-campaigns+/$id";
import { loader as audienceLoader } from "~/routes/api+/follow-up-campaigns+/audience";
import { loader as pageLoader } from "~/routes/api+/follow-up-campaigns+/page";
import { action as toggleAction } from "~/routes/api+/follow-up-campaigns+/toggle-is-active.$id";
import { seedCampaigns } from "~/server/seeds/campaigns-seed.server";
import { seedCustomers } from "~/server/seeds/customers-seed.server";
import { createTestCompany, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { callRoute } from "../route-call";
import { campaignsFixture, payload, save, type CampaignsFixture } from "./api-fixture";

// The calls of spec part 1 section 7 "Custom follow-up campaigns" under /api/follow-up-campaigns.

useTestDatabase();

let f: CampaignsFixture;
beforeAll(async () => {
  f = await campaignsFixture();
});

const get = (cookie: string, id: number) =>
  callRoute(getLoader, `/api/follow-up-campaigns/${id}`, { cookie }, { id: String(id) });
const remove = (cookie: string, id: number) =>
  callRoute(deleteAction, `/api/follow-up-campaigns/${id}`, { cookie, method: "DELETE" }, { id: String(id) });
const toggle = (cookie: string, id: number) =>
  callRoute(
    toggleAction,
    `/api/follow-up-campaigns/toggle-is-active/${id}`,
    { cookie, method: "PATCH" },
    { id: String(id) },
  );
const page = (cookie: string, query = "") => callRoute(pageLoader, `/api/follow-up-campaigns/page${query}`, { cookie });
const audience = (cookie: string, query = "") =>
  callRoute(audienceLoader, `/api/follow-up-campaigns/audience${query}`, { cookie });

async function created(cookie: string, extra: Record<string, unknown> = {}) {
  const res = await save(cookie, payload(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

describe("POST and PUT /api/follow-up-campaigns", () => {
  it("creates (201 {data: campaign}) and updates by the body's id ({data: campaign})", async () => {
    const res = await save(f.admin, payload({ includeTagIds: [f.vip], excludeTagIds: [f.late] }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number),
      name: "Spring check-up",
      isActive: true,
      triggerEvent: 0,
      delayType: 0,
      delayValue: 3,
      sendImmediately: false,
      scheduledDateTime: null,
      channel: 2,
      subject: "Time for a check-up",
      message: "Hello, it is time for your spring check-up.",
      targetAudienceFilters: {
        includeTags: [{ id: f.vip, label: "VIP" }],
        excludeTags: [{ id: f.late, label: "Late" }],
      },
      selectedCustomersNumber: 1,
      includeCities: [],
      excludeCities: [],
    });
    const id = res.body.data.id as number;

    const updated = await save(f.admin, payload({ id, name: "Fall check-up", isActive: false }), "PUT");
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      id,
      name: "Fall check-up",
      isActive: false,
      selectedCustomersNumber: 3,
      targetAudienceFilters: { includeTags: [], excludeTags: [] },
    });
    expect((await get(f.admin, id)).body.data.name).toBe("Fall check-up");
  });

  it("PUT: the id is required, another company's or a missing one is 404, the rules answer 400", async () => {
    const id = await created(f.admin);
    expect(await save(f.admin, payload(), "PUT")).toEqual({ status: 400, body: { errors: { id: "Id is required" } } });
    for (const [cookie, target] of [
      [f.other, id],
      [f.admin, 2_000_000_000],
    ] as const)
      expect(await save(cookie, payload({ id: target, name: "Stolen" }), "PUT")).toEqual({
        status: 404,
        body: { exceptionType: "not_found", message: "Not found" },
      });
    expect(await save(f.admin, payload({ id, name: "" }), "PUT")).toEqual({
      status: 400,
      body: { errors: { name: "This field cannot remain empty" } },
    });
    expect((await get(f.admin, id)).body.data.name).toBe("Spring check-up");
  });

  it("takes back the campaign as GET answers it: its message and its filters' tags, unless the payload's own are sent", async () => {
    const id = await created(f.admin, { includeTagIds: [f.vip], excludeTagIds: [f.late] });
    const record = (await get(f.admin, id)).body.data;
    const roundTrip = await save(f.admin, { ...record, name: "Round trip" }, "PUT");
    expect(roundTrip.status, JSON.stringify(roundTrip.body)).toBe(200);
    expect(roundTrip.body.data).toMatchObject({
      name: "Round trip",
      message: "Hello, it is time for your spring check-up.",
      targetAudienceFilters: {
        includeTags: [{ id: f.vip, label: "VIP" }],
        excludeTags: [{ id: f.late, label: "Late" }],
      },
      selectedCustomersNumber: 1,
    });
    // The save payload's fields win: tags cleared, a new email message.
    const cleared = await save(
      f.admin,
      { ...record, includeTagIds: [], excludeTagIds: [], emailMessage: "A new message" },
      "PUT",
    );
    expect(cleared.body.data).toMatchObject({
      message: "A new message",
      targetAudienceFilters: { includeTags: [], excludeTags: [] },
      selectedCustomersNumber: 3,
    });
    // Another company's tag in the record's filters is no filter.
    const foreign = await save(
      f.admin,
      { ...record, targetAudienceFilters: { includeTags: [{ id: f.theirTag, label: "VIP" }], excludeTags: [] } },
      "PUT",
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.includeTagIds).toBe("Choose tags of your customers");
  });

  it("ignores companyId and createdByUserId in the payload", async () => {
    const id = await created(f.admin, { companyId: f.otherCompanyId, createdByUserId: f.otherUserId, id: 5 });
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row.companyId).toBe(f.companyId);
    expect(row.createdByUserId).toBe(f.adminUserId);
  });

  it("answers 405 for another method, 401 signed out, 403 for a field tech and without the Campaigns feature", async () => {
    expect(
      (await callRoute(saveAction, "/api/follow-up-campaigns", { method: "DELETE", cookie: f.admin })).status,
    ).toBe(405);
    expect(await save("", payload())).toMatchObject({ status: 401 });
    expect(await save(f.tech, payload())).toMatchObject({ status: 403 });
    await db
      .update(companies)
      .set({ featureFlags: DEFAULT_APP_FEATURES & ~AppFeature.Campaigns })
      .where(eq(companies.id, f.companyId));
    try {
      expect(await save(f.admin, payload())).toMatchObject({ status: 403 });
      expect(await page(f.admin)).toMatchObject({ status: 403 });
    } finally {
      await db.update(companies).set({ featureFlags: DEFAULT_APP_FEATURES }).where(eq(companies.id, f.companyId));
    }
  });
});

describe("GET /page, GET /{id}, PATCH /toggle-is-active/{id}, DELETE /{id}", () => {
  it("pages the company's campaigns, newest first, filtered by isActive", async () => {
    const { companyId } = f;
    await db.delete(campaigns).where(eq(campaigns.companyId, companyId));
    const first = await created(f.admin, { name: "First" });
    const second = await created(f.admin, { name: "Second", isActive: false });
    const third = await created(f.admin, { name: "Third" });
    await created(f.other, { name: "Theirs" });

    const all = await page(f.admin, "?pageNumber=1&pageSize=2");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, pageNumber: 1, pageSize: 2 });
    expect(all.body.items.map((c: { id: number }) => c.id)).toEqual([third, second]);
    expect(all.body.items[0]).toMatchObject({ name: "Third", isActive: true, channel: 2, selectedCustomersNumber: 3 });
    const next = await page(f.admin, "?pageNumber=2&pageSize=2");
    expect(next.body.items.map((c: { id: number }) => c.id)).toEqual([first]);

    const active = await page(f.admin, "?isActive=true");
    expect(active.body.items.map((c: { id: number }) => c.id)).toEqual([third, first]);
    const inactive = await page(f.admin, "?isActive=false");
    expect(inactive.body).toMatchObject({ total: 1, items: [{ id: second }] });
    expect((await page(f.admin, "?isActive=")).body.total).toBe(3);
    expect((await page(f.admin, "?isActive=maybe")).status).toBe(400);
    expect((await page(f.admin, "?pageSize=0")).status).toBe(400);
  });

  it("toggles, reads and deletes only the company's own", async () => {
    const id = await created(f.admin);
    expect(await toggle(f.admin, id)).toEqual({ status: 200, body: { data: { id, isActive: false } } });
    expect((await get(f.admin, id)).body.data.isActive).toBe(false);
    expect(await toggle(f.admin, id)).toEqual({ status: 200, body: { data: { id, isActive: true } } });

    for (const call of [get, toggle, remove]) expect((await call(f.other, id)).status, call.name).toBe(404);
    for (const bad of [2_000_000_000, 0])
      expect((await get(f.admin, bad)).body).toEqual({ exceptionType: "not_found", message: "Not found" });
    expect((await get(f.admin, id)).body.data.isActive).toBe(true);

    expect(await remove(f.admin, id)).toEqual({ status: 200, body: { data: { id } } });
    expect((await get(f.admin, id)).status).toBe(404);
    expect((await remove(f.admin, id)).status).toBe(404);
    expect((await toggle(f.admin, id)).status).toBe(404);
  });

  it("answers 405 for a method the path does not take", async () => {
    const id = await created(f.admin);
    const put = await callRoute(
      toggleAction,
      `/api/follow-up-campaigns/toggle-is-active/${id}`,
      { cookie: f.admin, method: "POST" },
      { id: String(id) },
    );
    expect(put.status).toBe(405);
    const post = await callRoute(
      deleteAction,
      `/api/follow-up-campaigns/${id}`,
      { cookie: f.admin, method: "PUT" },
      { id: String(id) },
    );
    expect(post.status).toBe(405);
  });
});

describe("GET /audience", () => {
  it("lists the company's customers by the tag filters and a search of 2 or more characters", async () => {
    const names = (res: { body: { data: { items: Array<{ firstName: string }> } } }) =>
      res.body.data.items.map((c) => c.firstName);
    const vip = await audience(f.admin, `?tags=${f.vip}`);
    expect(vip.status).toBe(200);
    expect(vip.body.data).toMatchObject({ total: 2 });
    expect(names(vip)).toEqual(["Ann", "Ben"]);
    expect(names(await audience(f.admin, `?tags=${f.vip}&excludeTags=${f.late}`))).toEqual(["Ann"]);
    expect(names(await audience(f.admin, `?excludeTags=${f.late}&searchQuery=ca`))).toEqual(["Cal"]);
    // One character is no search.
    expect(names(await audience(f.admin, `?excludeTags=${f.late}&searchQuery=c`))).toEqual(["Ann", "Cal"]);
    const sorted = await audience(
      f.admin,
      `?tags=${f.vip}&sortSettings[0].fieldName=name&sortSettings[0].descending=true&pageSize=1`,
    );
    expect(sorted.body.data).toMatchObject({ total: 2, items: [{ firstName: "Ben", tags: expect.any(Array) }] });
    // Another company's tag lets nobody in; their customers are not ours to list.
    expect((await audience(f.admin, `?tags=${f.theirTag}`)).body.data).toMatchObject({ total: 0, items: [] });
    expect(names(await audience(f.other, `?searchQuery=ann`))).toEqual([]);
    expect((await audience(f.admin, "?pageSize=1000")).status).toBe(400);
    expect((await audience(f.tech)).status).toBe(403);
    expect((await audience("")).status).toBe(401);
  });
});

describe("OpenAPI document", () => {
  it("documents every call", () => {
    const paths = openApiDocument().paths;
    const methods = (path: string) => Object.keys(paths[`/api/follow-up-campaigns${path}`] ?? {}).sort();
    expect(methods("")).toEqual(["post", "put"]);
    expect(methods("/page")).toEqual(["get"]);
    expect(methods("/audience")).toEqual(["get"]);
    expect(methods("/{id}")).toEqual(["delete", "get"]);
    expect(methods("/toggle-is-active/{id}")).toEqual(["patch"]);
    expect(methods("/{id}/activity-feed/emails")).toEqual(["get"]);
    expect(methods("/{id}/activity-feed/sms-messages")).toEqual(["get"]);
    expect(paths["/api/follow-up-campaigns"].post?.responses).toHaveProperty("201");
  });
});

describe("demo campaigns", () => {
  it("seeds an active job-finished campaign and an inactive one for a date ahead, read back by the API", async () => {
    const { companyId, userId } = await createTestCompany();
    await seedCustomers(companyId, 60);
    await seedCampaigns({ companyId, userId, role: Role.CompanyAdmin });
    const list = await page(await sessionCookie(userId));
    expect(list.body).toMatchObject({ total: 2 });
    const [dated, job] = list.body.items;
    expect(job).toMatchObject({ triggerEvent: 0, delayValue: 3, isActive: true, channel: 2 });
    expect(dated).toMatchObject({ triggerEvent: 1, isActive: false, channel: 2 });
    expect(new Date(dated.scheduledDateTime).getTime()).toBeGreaterThan(Date.now() + 20 * 24 * 3600_000);
    for (const row of [job, dated]) expect(row.selectedCustomersNumber).toBeGreaterThan(0);
    expect(dated.selectedCustomersNumber).toBeLessThan(60);
  });
});
