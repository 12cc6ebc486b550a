// Custom follow-up campaigns (issue #17) from the attacker's side, over HTTP against the built server
// with the demo data: another company's campaign answers 404 on every call and changes nothing, a
// field tech and a company without the Campaigns feature get 403, signed out gets 401, and hostile
// payloads (prototype keys, a company or author of their choosing, other companies' tags and
// customers, oversized bodies and huge id lists) are refused or supply nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { AppFeature, ALL_APP_FEATURES } from "~/access/features";
import { call, createOwnersCustomer, dataOf, signUpOwner } from "./cross-company";
import { liveSessionCookie, postForm } from "./harness";

type Campaign = {
  id: number;
  name: string;
  isActive: boolean;
  channel: number;
  selectedCustomersNumber: number;
  excludeCustomerIds: number[];
  includeCustomerIds: number[];
};
type Page = { items: Campaign[]; total: number };
type AudienceRow = { id: number; tags: Array<{ id: number }> };

const API = "/api/follow-up-campaigns";
let admin: string;
let tech: string;
let owner: string;
let ownerCustomer: number;
let demoCampaign: number;
let demoTag: number;
let demoCustomers: number[];

const payload = (extra: Record<string, unknown> = {}) => ({
  name: `Probe ${Date.now()}`,
  triggerEvent: 0,
  delayType: 0,
  delayValue: 2,
  channel: 2,
  subject: "Hello there",
  emailMessage: "Thanks for having us.",
  includeTagIds: [],
  excludeTagIds: [],
  excludeCustomerIds: [],
  includeCustomerIds: [],
  selectedCustomersNumber: 1,
  ...extra,
});
const read = async (id: number, cookie = admin) => dataOf<Campaign>(await call(`${API}/${id}`, { cookie }));
const post = (cookie: string, body: unknown) => call(API, { cookie, method: "POST", body });

/** Every call of the API on a campaign (`id`), with a body where it takes one. */
const callsOn = (id: number): Array<[string, string, unknown?]> => [
  ["GET", `${API}/page`],
  ["GET", `${API}/audience`],
  ["POST", API, payload()],
  ["PUT", API, payload({ id, name: "Stolen" })],
  ["GET", `${API}/${id}`],
  ["DELETE", `${API}/${id}`],
  ["PATCH", `${API}/toggle-is-active/${id}`],
  ["GET", `${API}/${id}/activity-feed/emails`],
  ["GET", `${API}/${id}/activity-feed/sms-messages`],
];

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  owner = await signUpOwner({ name: "Campaigns", phoneNumber: "+17045550186" });
  ownerCustomer = await createOwnersCustomer(owner);
  const list = await call(`${API}/page?pageSize=50`, { cookie: admin });
  expect(list.status).toBe(200);
  const seeded = ((await list.json()) as Page).items;
  expect(seeded.length, "the demo company has campaigns").toBeGreaterThan(0);
  demoCampaign = seeded[0].id;
  const audience = await call(`${API}/audience?pageSize=100`, { cookie: admin });
  const rows = (await dataOf<{ items: AudienceRow[] }>(audience)).items;
  demoCustomers = rows.map((r) => r.id);
  demoTag = rows.find((r) => r.tags.length)!.tags[0].id;
});

describe("access", () => {
  test("signed out: 401 on every call", async () => {
    for (const [method, path, body] of callsOn(demoCampaign)) {
      const res = await call(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  test("a field tech: 403 on every call, and nothing changes", async () => {
    const before = await read(demoCampaign);
    for (const [method, path, body] of callsOn(demoCampaign)) {
      const res = await call(path, { cookie: tech, method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await read(demoCampaign)).toEqual(before);
  });

  test("another company's campaign is 404 on every call, and nothing changes", async () => {
    const before = await read(demoCampaign);
    for (const [method, path, body] of callsOn(demoCampaign).filter(([, path]) => path.includes(`/${demoCampaign}`))) {
      const res = await call(path, { cookie: owner, method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toMatchObject({ exceptionType: "not_found" });
    }
    const put = await call(API, { cookie: owner, method: "PUT", body: payload({ id: demoCampaign, name: "Stolen" }) });
    expect(put.status).toBe(404);
    expect(await read(demoCampaign)).toEqual(before);
    const theirs = await call(`${API}/page`, { cookie: owner });
    expect(await theirs.json()).toMatchObject({ total: 0, items: [] });
  });

  test("a company without the Campaigns feature: 403", async () => {
    const lacking = await signUpOwner({ name: "NoCampaigns", phoneNumber: "+17045550187" });
    const me = (await (await call("/api/users/current", { cookie: lacking })).json()) as { company: { id: number } };
    const features = new URLSearchParams({ intent: "features" });
    for (const bit of ALL_APP_FEATURES) if (bit !== AppFeature.Campaigns) features.append("features", String(bit));
    const saved = await postForm(
      `/admin-panel/company-details/${me.company.id}`,
      await liveSessionCookie("super admin"),
      features,
    );
    expect(saved.status, await saved.clone().text()).toBeLessThan(400);
    for (const [method, path, body] of callsOn(demoCampaign)) {
      const res = await call(path, { cookie: lacking, method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  test("another method is 405", async () => {
    for (const [method, path] of [
      ["GET", API],
      ["PATCH", API],
      ["POST", `${API}/${demoCampaign}`],
      ["GET", `${API}/toggle-is-active/${demoCampaign}`],
    ]) {
      const res = await call(path, { cookie: admin, method, body: method === "GET" ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(405);
    }
  });
});

describe("hostile payloads", () => {
  test("prototype keys supply nothing", async () => {
    const name = `Proto ${Date.now()}`;
    const polluted = (fields: string) =>
      `{${fields}"triggerEvent":0,"delayValue":2,"channel":2,"subject":"Hello there","emailMessage":"Thanks.",` +
      `"__proto__":{"isActive":false,"name":"From the prototype","companyId":1,"selectedCustomersNumber":500,"includeCustomerIds":[1]},` +
      `"constructor":{"prototype":{"isActive":false,"channel":1}}}`;
    const created = await post(owner, polluted(`"name":"${name}",`));
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await dataOf<Campaign>(created)).toMatchObject({
      name,
      isActive: true,
      channel: 2,
      selectedCustomersNumber: 1,
      includeCustomerIds: [],
    });
    // Without a name of its own, the prototype's does not count.
    const nameless = await post(owner, polluted(""));
    expect(nameless.status).toBe(400);
    expect(await nameless.json()).toEqual({ errors: { name: "This field cannot remain empty" } });
    expect(({} as Record<string, unknown>).isActive).toBeUndefined();
  });

  test("companyId and createdByUserId in the payload are ignored", async () => {
    const adminMe = (await (await call("/api/users/current", { cookie: admin })).json()) as {
      id: number;
      company: { id: number };
    };
    const created = await post(
      owner,
      payload({ companyId: adminMe.company.id, createdByUserId: adminMe.id, id: demoCampaign }),
    );
    expect(created.status).toBe(201);
    const id = (await dataOf<Campaign>(created)).id;
    expect(id).not.toBe(demoCampaign);
    expect((await call(`${API}/${id}`, { cookie: admin })).status).toBe(404);
    expect((await read(id, owner)).id).toBe(id);
  });

  test("another company's tags and customers tell nothing and count nothing", async () => {
    const unknown = 2_000_000_000;
    // A tag: the same answer as a tag that does not exist.
    for (const field of ["includeTagIds", "excludeTagIds"]) {
      const theirs = await post(owner, payload({ [field]: [demoTag] }));
      const none = await post(owner, payload({ [field]: [unknown] }));
      expect(theirs.status).toBe(400);
      expect(await theirs.json()).toEqual(await none.json());
    }
    const audience = await call(`${API}/audience?tags=${demoTag}`, { cookie: owner });
    expect(await dataOf(audience)).toMatchObject({ total: 0, items: [] });
    const searched = await call(`${API}/audience?pageSize=100`, { cookie: owner });
    expect((await dataOf<{ items: AudienceRow[] }>(searched)).items.map((r) => r.id)).toEqual([ownerCustomer]);

    // Customers: excluding theirs leaves the count as it is; picking only theirs picks nobody.
    const excluded = await post(owner, payload({ excludeCustomerIds: demoCustomers, selectedCustomersNumber: 60 }));
    expect(excluded.status).toBe(201);
    expect(await dataOf(excluded)).toMatchObject({ selectedCustomersNumber: 1, excludeCustomerIds: [] });
    const picked = await post(owner, payload({ includeCustomerIds: demoCustomers, selectedCustomersNumber: 60 }));
    const nobody = await post(owner, payload({ includeCustomerIds: [unknown], selectedCustomersNumber: 60 }));
    expect(picked.status).toBe(400);
    expect(await picked.json()).toEqual(await nobody.json());
    const mixed = await post(owner, payload({ includeCustomerIds: [...demoCustomers, ownerCustomer] }));
    expect(await dataOf(mixed)).toMatchObject({ selectedCustomersNumber: 1, includeCustomerIds: [ownerCustomer] });
  });

  test("an oversized body is refused (413), a huge id list answers 400, and nothing is saved", async () => {
    const name = `Huge ${Date.now()}`;
    const oversized = await post(owner, payload({ name, emailMessage: "x".repeat(2 * 1024 * 1024) }));
    expect(oversized.status).toBe(413);
    const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
    for (const field of ["excludeCustomerIds", "includeCustomerIds"]) {
      const many = await post(owner, payload({ name, [field]: ids }));
      expect(many.status, field).toBe(400);
      expect(((await many.json()) as { errors: Record<string, string> }).errors).toHaveProperty([field]);
    }
    const tags = await post(owner, payload({ name, includeTagIds: ids.slice(0, 201) }));
    expect(tags.status).toBe(400);
    const put = await call(API, {
      cookie: owner,
      method: "PUT",
      body: payload({ id: demoCampaign, name, excludeCustomerIds: ids }),
    });
    expect(put.status).toBe(400);
    const list = (await (await call(`${API}/page?pageSize=100`, { cookie: owner })).json()) as Page;
    expect(list.items.map((c) => c.name)).not.toContain(name);
  });
});
