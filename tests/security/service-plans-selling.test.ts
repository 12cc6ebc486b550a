// Selling a service plan from the attacker's side, over HTTP against the built server: the customer's
// page knows a plan only by its unguessable token (a guessed, malformed or numeric token is 404), a
// post to one plan's page never touches another plan, hostile bodies are refused without effect, and
// a field tech can neither cancel a plan nor move its billing date.
import { beforeAll, describe, expect, test } from "vitest";
import { call, createOwnersCustomer, dataOf, signUpOwner } from "./cross-company";
import { baseUrl, liveSessionCookie } from "./harness";

const ASSIGN = "routes/_app+/assign-service-plan.($customerId)";
const SOLD = "routes/_app+/service-plans+/customer-service-plans_.$id";

let owner: string;
let customerId: number;
let addressId: number;
let planId: number;

/** A form post as a browser without JavaScript sends it (each from its own address, as `call` does). */
function post(path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  headers.set("X-Forwarded-For", `203.0.113.${Math.floor(Math.random() * 250)}`);
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const routeData = async <T>(path: string, route: string, cookie: string) => {
  const res = await call(`${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(route)}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};

/** Sells the plan "send to customer" and answers the sold plan's id and its page's token. */
async function soldPlan(cookie = owner, customer = customerId, address = addressId, plan = planId) {
  const sold = await post(
    `/assign-service-plan/${customer}`,
    {
      customerAddressId: String(address),
      servicePlanId: String(plan),
      startDate: "2030-01-10",
      billingStart: "2030-01-10T09:00",
      acceptanceMode: "1",
      channel: "2",
      requestToken: `sec-${Math.random().toString(36).slice(2, 14)}`,
    },
    cookie,
  );
  expect(sold.status, await sold.clone().text()).toBe(302);
  const id = Number(/customer-service-plans\/(\d+)$/.exec(sold.headers.get("location") ?? "")![1]);
  const { plan: page } = await routeData<{ plan: { link: string; status: number } }>(
    `/service-plans/customer-service-plans/${id}`,
    SOLD,
    cookie,
  );
  return { id, token: /\/service-plan-details\/([A-Za-z0-9_-]+)$/.exec(page.link)![1] };
}

const statusOf = async (id: number, cookie = owner) =>
  (await routeData<{ plan: { status: number } }>(`/service-plans/customer-service-plans/${id}`, SOLD, cookie)).plan
    .status;

beforeAll(async () => {
  owner = await signUpOwner({ name: "PlanSelling", phoneNumber: "+17045550188" });
  customerId = await createOwnersCustomer(owner);
  const created = await call("/api/service-plans", {
    cookie: owner,
    method: "POST",
    body: {
      name: "Safety Club",
      visits: [{ visitDescription: "Yearly check", lineItems: [{ name: "Check", unitPrice: 90 }] }],
      totalPrice: 120,
      durationInYears: 1,
      paymentSchedule: 3,
      chargeMode: 1,
      invoiceTiming: 1,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  planId = (await dataOf<{ id: number }>(created)).id;
  const sale = await routeData<{ addresses: { id: number }[] }>(`/assign-service-plan/${customerId}`, ASSIGN, owner);
  addressId = sale.addresses[0].id;
});

describe("the customer's page", () => {
  test("guessed, malformed and numeric tokens answer 404; the real page is never cached", async () => {
    const { id } = await soldPlan();
    for (const token of ["A".repeat(24), "x".repeat(43), String(id), "..%2F..%2Fetc%2Fpasswd", "a".repeat(300)]) {
      const page = await call(`/service-plan-details/${token}`);
      expect(page.status, token).toBe(404);
      const accept = await post(`/service-plan-details/${token}`, { intent: "accept", name: "Eve" });
      expect(accept.status, token).toBe(404);
    }
    const real = await call(`/service-plan-details/${(await soldPlan()).token}`);
    expect(real.status).toBe(200);
    expect(real.headers.get("cache-control")).toContain("no-store");
  });

  test("accepting one plan never activates another, whatever the body names", async () => {
    const a = await soldPlan();
    const b = await soldPlan();
    const accepted = await post(`/service-plan-details/${a.token}`, {
      intent: "accept",
      name: "Eve",
      token: b.token,
      id: String(b.id),
      planId: String(b.id),
    });
    expect(accepted.status).toBe(302);
    expect(await statusOf(a.id)).toBe(1);
    expect(await statusOf(b.id)).toBe(0);
    const twice = await post(`/service-plan-details/${a.token}`, { intent: "accept", name: "Eve" });
    expect(twice.status).toBe(409);
  });

  test("hostile bodies are refused and leave the plan pending", async () => {
    const { id, token } = await soldPlan();
    const bodies: Record<string, string>[] = [
      { intent: "accept", name: "x".repeat(10_000) },
      { intent: "accept", name: "Eve", signature: "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" },
      {
        intent: "accept",
        name: "Eve",
        signature: `data:image/png;base64,${Buffer.from("not an image").toString("base64")}`,
      },
      { intent: "accept", name: "Eve", signature: "javascript:alert(1)" },
      { intent: "activate", name: "Eve" },
      { intent: "accept", name: "Eve", websiteUrl: "https://spam.example" },
    ];
    for (const body of bodies) {
      const res = await post(`/service-plan-details/${token}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await statusOf(id)).toBe(0);
  });
});

describe("the customer's page under a flood", () => {
  test("posts to one plan's page are limited (30 an hour, from any address)", async () => {
    const { id, token } = await soldPlan();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++)
      answers.push((await post(`/service-plan-details/${token}`, { intent: "accept", name: "" })).status);
    expect(answers.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(answers[30]).toBe(429);
    expect(await statusOf(id)).toBe(0);
  });
});

describe("the office side", () => {
  test("another company cannot sell to, read or cancel this company's plans", async () => {
    const other = await signUpOwner({ name: "PlanThief", phoneNumber: "+17045550189" });
    const { id } = await soldPlan();
    expect((await call(`/service-plans/customer-service-plans/${id}`, { cookie: other })).status).toBe(404);
    expect((await post(`/service-plans/customer-service-plans/${id}`, { intent: "cancel" }, other)).status).toBe(404);
    expect((await call(`/assign-service-plan/${customerId}`, { cookie: other })).status).toBe(404);
    const sale = await post(
      `/assign-service-plan/${customerId}`,
      {
        customerAddressId: String(addressId),
        servicePlanId: String(planId),
        startDate: "2030-01-10",
        acceptanceMode: "2",
      },
      other,
    );
    expect(sale.status).toBe(404);
    expect(await statusOf(id)).toBe(0);
  });

  test("hostile sale forms are refused without a plan", async () => {
    const forms: Record<string, string>[] = [
      { acceptanceMode: "__proto__" },
      { acceptanceMode: "1", channel: "9" },
      { acceptanceMode: "0", signerName: "" },
      { acceptanceMode: "2", startDate: "2030-02-31x" },
      { acceptanceMode: "2", servicePlanId: "-1" },
      { acceptanceMode: "2", customerAddressId: "99999999999" },
    ];
    for (const fields of forms) {
      const res = await post(
        `/assign-service-plan/${customerId}`,
        {
          customerAddressId: String(addressId),
          servicePlanId: String(planId),
          startDate: "2030-01-10",
          billingStart: "2030-01-10T09:00",
          ...fields,
        },
        owner,
      );
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
  });

  test("a field tech cannot cancel a plan or move its billing date", async () => {
    const admin = await liveSessionCookie("company admin");
    const tech = await liveSessionCookie("field tech");
    const plans = await call("/api/service-plans", {
      cookie: admin,
      method: "POST",
      body: {
        name: `Tech test ${Date.now()}`,
        visits: [{ visitDescription: "Check" }],
        totalPrice: 100,
        durationInYears: 1,
        paymentSchedule: 7,
        chargeMode: 1,
        invoiceTiming: 1,
      },
    });
    expect(plans.status, await plans.clone().text()).toBe(201);
    const demoPlan = (await dataOf<{ id: number }>(plans)).id;
    const customers = await call("/api/customers/create", {
      cookie: admin,
      method: "POST",
      body: { firstName: "Plan", lastName: "Holder", addresses: [{ location: "3 Oak St, Springfield" }] },
    });
    const demoCustomer = ((await customers.json()) as { customerId: number }).customerId;
    const sale = await routeData<{ addresses: { id: number }[] }>(
      `/assign-service-plan/${demoCustomer}`,
      ASSIGN,
      admin,
    );
    const { id } = await soldPlan(admin, demoCustomer, sale.addresses[0].id, demoPlan);
    expect((await post(`/service-plans/customer-service-plans/${id}`, { intent: "cancel" }, tech)).status).toBe(403);
    expect(
      (
        await post(
          `/service-plans/customer-service-plans/${id}`,
          { intent: "billingDate", billingDate: "2031-01-01T09:00" },
          tech,
        )
      ).status,
    ).toBe(403);
    expect(await statusOf(id, admin)).toBe(0);
  });
});
