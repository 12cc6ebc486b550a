// Plans we offer from the attacker's side, over HTTP against the built server with the demo data: a
// field tech gets 403, another company's plan answers 404 on every call and screen and changes
// nothing, and hostile input (prototype keys, a huge visits count, negative money) is refused or
// supplies nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { liveSessionCookie, postForm } from "./harness";

type Plan = {
  id: number;
  name: string;
  totalPriceCents: number;
  archivedAt: string | null;
  visits: Array<{ visitDescription: string | null; lineItems: unknown[] }>;
};

let admin: string;
let tech: string;
let owner: string;
let demoPlan: number;

const DATA = `?_data=${encodeURIComponent("routes/_app+/service-plan.$id")}`;
/** A post of the plan form as a browser without JavaScript makes it (the route's data answer). */
const postPlanForm = (path: string, cookie: string, entries: Record<string, string>) =>
  postForm(`${path}${DATA}`, cookie, new URLSearchParams(entries));

const read = async (id: number) => dataOf<Plan>(await call(`/api/service-plans/${id}`, { cookie: admin }));
const validPlan = (name: string) => ({
  name,
  totalPrice: 240,
  durationInYears: 1,
  paymentSchedule: 3,
  visits: [{ visitDescription: "Check", lineItems: [{ name: "Inspection", unitPrice: 40 }] }],
});

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  owner = await signUpOwner({ name: "Plans", phoneNumber: "+17045550183" });
  const list = await call("/api/service-plans?searchQuery=comfort", { cookie: admin });
  expect(list.status).toBe(200);
  demoPlan = ((await list.json()) as { items: Array<{ id: number }> }).items[0].id;
});

describe("roles", () => {
  test("a field tech gets 403 on the plan screens and calls", async () => {
    for (const [method, path, body] of [
      ["GET", "/service-plans/plans-we-offer"],
      ["GET", `/service-plan/${demoPlan}`],
      ["GET", "/service-plan/new"],
      ["GET", "/api/service-plans"],
      ["GET", `/api/service-plans/${demoPlan}`],
      ["POST", "/api/service-plans", validPlan("Tech plan")],
      ["PUT", `/api/service-plans/${demoPlan}`, validPlan("Tech plan")],
      ["DELETE", `/api/service-plans/${demoPlan}`],
    ] as Array<[string, string, unknown?]>) {
      const res = await call(path, { cookie: tech, method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const archive = await postPlanForm(`/service-plan/${demoPlan}`, tech, { intent: "archive" });
    expect(archive.status).toBe(403);
    expect((await read(demoPlan)).archivedAt).toBeNull();
  });
});

describe("plans across companies", () => {
  test("another company's plan is 404 on every call and screen, and nothing changes", async () => {
    const before = await read(demoPlan);
    for (const [method, path, body] of [
      ["GET", `/api/service-plans/${demoPlan}`],
      ["PUT", `/api/service-plans/${demoPlan}`, validPlan("Stolen")],
      ["DELETE", `/api/service-plans/${demoPlan}`],
      ["GET", `/service-plan/${demoPlan}`],
    ] as Array<[string, string, unknown?]>) {
      const res = await call(path, { cookie: owner, method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    for (const intent of ["archive", "delete", "restore", "save"]) {
      const res = await postPlanForm(`/service-plan/${demoPlan}`, owner, { intent, name: "Stolen", totalPrice: "1" });
      expect(res.status, intent).toBe(404);
    }
    const theirList = await call("/api/service-plans?show=all&searchQuery=comfort", { cookie: owner });
    expect(await theirList.json()).toMatchObject({ total: 0 });
    const after = await read(demoPlan);
    expect(after).toEqual(before);
  });
});

describe("hostile input", () => {
  test("prototype keys supply nothing, in JSON and in a form", async () => {
    const name = `Proto ${Date.now()}`;
    const created = await call("/api/service-plans", {
      cookie: admin,
      method: "POST",
      body: `{"name": "${name}", "totalPrice": 100, "paymentSchedule": 3, "visits": [{}], "__proto__": {"archivedAt": "2020-01-01", "totalPrice": 1}, "constructor": {"prototype": {"taxRate": 50}}}`,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const plan = await dataOf<Plan & { taxRate: number }>(created);
    expect(plan).toMatchObject({ archivedAt: null, totalPriceCents: 10000, taxRate: 0 });
    // Without a total price of its own, the prototype's does not count.
    const noPrice = await call("/api/service-plans", {
      cookie: admin,
      method: "POST",
      body: `{"name": "${name} 2", "paymentSchedule": 3, "visits": [{}], "__proto__": {"totalPrice": 100}}`,
    });
    expect(noPrice.status).toBe(400);
    expect(await noPrice.json()).toMatchObject({ errors: { totalPrice: "Total price is required" } });

    const posted = await postPlanForm("/service-plan/new", admin, {
      intent: "save",
      name: `${name} form`,
      paymentSchedule: "3",
      visitsPerYear: "1",
      "__proto__[totalPrice]": "100",
      "constructor[prototype][totalPrice]": "100",
      "visits[0].__proto__.visitDescription": "polluted",
    });
    expect(posted.status).toBe(422);
    expect(({} as Record<string, unknown>).totalPrice).toBeUndefined();
    expect(({} as Record<string, unknown>).visitDescription).toBeUndefined();
  });

  test("a huge visits count is refused without building it", async () => {
    const name = `Huge ${Date.now()}`;
    const many = await call("/api/service-plans", {
      cookie: admin,
      method: "POST",
      body: { ...validPlan(name), visits: Array.from({ length: 50_000 }, () => ({})) },
    });
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ errors: { visits: "Visits per year must be from 1 to 12" } });
    const counted = await call("/api/service-plans", {
      cookie: admin,
      method: "POST",
      body: { ...validPlan(name), visitsPerYear: 1e9 },
    });
    expect(counted.status).toBe(400);
    for (const intent of ["visits", "save"]) {
      const res = await postPlanForm("/service-plan/new", admin, {
        intent,
        name,
        totalPrice: "100",
        paymentSchedule: "3",
        visitsPerYear: "1000000000",
        "visits[999].visitDescription": "far away",
      });
      expect(res.status, intent).toBe(intent === "save" ? 422 : 200);
      const body = (await res.json()) as { errors: Record<string, string>; values: { visits: unknown[] } };
      expect(body.errors.visitsPerYear).toBe("Visits per year must be from 1 to 12");
      expect(body.values.visits.length).toBeLessThanOrEqual(12);
    }
    const list = await call(`/api/service-plans?show=all&searchQuery=${encodeURIComponent(name)}`, { cookie: admin });
    expect(await list.json()).toMatchObject({ total: 0 });
  });

  test("negative money and a negative tax rate are refused", async () => {
    const name = `Negative ${Date.now()}`;
    for (const [patch, field] of [
      [{ totalPrice: -240 }, "totalPrice"],
      [{ totalPrice: 0 }, "totalPrice"],
      [{ taxRate: -5 }, "taxRate"],
      [{ visits: [{ lineItems: [{ name: "Credit", unitPrice: -40 }] }] }, "visits.0.lineItems.0.unitPrice"],
      [{ visits: [{ lineItems: [{ name: "Credit", unitPrice: 40, cost: -1 }] }] }, "visits.0.lineItems.0.cost"],
      [{ visits: [{ lineItems: [{ name: "Credit", unitPrice: 40, quantity: -2 }] }] }, "visits.0.lineItems.0.quantity"],
    ] as Array<[Record<string, unknown>, string]>) {
      const res = await call("/api/service-plans", {
        cookie: admin,
        method: "POST",
        body: { ...validPlan(name), ...patch },
      });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors, field).toHaveProperty([field]);
    }
    const form = await postPlanForm("/service-plan/new", admin, {
      intent: "save",
      name,
      totalPrice: "-$240",
      paymentSchedule: "3",
      visitsPerYear: "1",
    });
    expect(form.status).toBe(422);
    const list = await call(`/api/service-plans?show=all&searchQuery=${encodeURIComponent(name)}`, { cookie: admin });
    expect(await list.json()).toMatchObject({ total: 0 });
  });
});
