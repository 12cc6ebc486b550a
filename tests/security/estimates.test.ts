// Estimates from the attacker's side, over HTTP against the built server with the demo data: another
// company's estimate (and its options and employees) answers 404 on every call and changes nothing,
// a field tech reaches only the estimates assigned to them, prototype keys in JSON bodies supply
// nothing, and a company cannot attach another company's customer, tag, employee or price book item.
import { beforeAll, describe, expect, test } from "vitest";
import { call, createOwnersCustomer, dataOf, signUpOwner } from "./cross-company";
import { demoRecordIds, liveSessionCookie } from "./harness";

let admin: string;
let tech: string;
let owner: string;
let ownerCustomerId: number;
let demo: Record<string, number>;
let theirs: { id: number; optionId: number };

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  demo = demoRecordIds("company admin");
  owner = await signUpOwner({ name: "Estimates", phoneNumber: "+17045550178" });
  ownerCustomerId = await createOwnersCustomer(owner);
  const created = await call("/api/estimates", {
    cookie: admin,
    method: "POST",
    body: { customerId: demo.customers, options: [{ name: "Only", lineItems: [{ name: "Visit", unitPrice: 50 }] }] },
  });
  expect(created.status).toBe(201);
  const { id } = await dataOf<{ id: number }>(created);
  const options = await dataOf<Array<{ id: number }>>(await call(`/api/estimates/${id}/options`, { cookie: admin }));
  theirs = { id, optionId: options[0].id };
});

describe("estimates across companies", () => {
  test("another company's estimate is 404 on every call, and nothing changes", async () => {
    const { id, optionId } = theirs;
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/estimates/${id}`],
      ["GET", `/api/estimates/${id}/options`],
      ["POST", `/api/estimates/${id}/options`, { name: "Mine" }],
      ["PUT", `/api/estimates/${id}`, { name: "Mine" }],
      ["PUT", `/api/estimates/${id}/employees`, { employeeIds: [] }],
      ["PUT", `/api/estimates/${id}/status`, { status: 6 }],
      ["PUT", `/api/estimates/undo`, { id, statusClicked: 7 }],
      ["PUT", `/api/estimates/${id}/rename`, { name: "Mine" }],
      ["POST", `/api/estimates/schedule`, { id, startTime: "2031-01-01T10:00:00Z" }],
      ["DELETE", `/api/estimates/${id}/option`, { optionId }],
      ["DELETE", `/api/estimates/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(path, { cookie: owner, method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    for (const path of [`/estimates/${id}`, `/estimates/${id}/edit`, `/estimates/${id}/schedule`])
      expect((await call(path, { cookie: owner })).status, path).toBe(404);
    const still = await dataOf<{ name: string; status: number; options: unknown[] }>(
      await call(`/api/estimates/${id}`, { cookie: admin }),
    );
    expect(still).toMatchObject({ name: "Visit", status: 7 });
    expect(still.options).toHaveLength(1);
    const list = await (await call("/api/estimates/page?pageSize=100", { cookie: owner })).json();
    expect((list as { items: Array<{ id: number }> }).items.map((e) => e.id)).not.toContain(id);
  });

  test("a company cannot attach another company's customer, employee, price book item or tag", async () => {
    const create = (body: Record<string, unknown>) =>
      call("/api/estimates", { cookie: owner, method: "POST", body: { customerId: ownerCustomerId, ...body } });
    expect((await create({ customerId: demo.customers })).status).toBe(400);
    expect((await create({ employeeIds: [demo.users] })).status).toBe(400);
    expect(
      (await create({ lineItems: [{ name: "X", unitPrice: 1, priceListItemId: demo.price_list_items }] })).status,
    ).toBe(400);
    const withTag = await create({ tags: [demo.tags] });
    expect(withTag.status).toBe(201);
    const { id } = await dataOf<{ id: number }>(withTag);
    const read = await dataOf<{ tags: unknown[] }>(await call(`/api/estimates/${id}`, { cookie: owner }));
    expect(read.tags).toEqual([]);
    const employees = await call(`/api/estimates/${id}/employees`, {
      cookie: owner,
      method: "PUT",
      body: { employeeIds: [demo.users] },
    });
    expect(employees.status).toBe(400);
  });

  test("prototype keys in JSON bodies supply nothing", async () => {
    const body = `{"customerId": ${ownerCustomerId}, "__proto__": {"discount": 5, "taxRate": 50}, "constructor": {"prototype": {"name": "polluted"}}, "lineItems": [{"name": "A", "unitPrice": 10, "__proto__": {"isOptional": true}}]}`;
    const created = await call("/api/estimates", { cookie: owner, method: "POST", body });
    expect(created.status).toBe(201);
    const { id } = await dataOf<{ id: number }>(created);
    const read = await dataOf<{ name: string; discountCents: number; taxRate: number; totalCents: number }>(
      await call(`/api/estimates/${id}`, { cookie: owner }),
    );
    expect(read).toMatchObject({ name: "A", discountCents: 0, taxRate: 0, totalCents: 1000 });
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });
});

describe("field tech scope", () => {
  test("a field tech reaches only the estimates assigned to them", async () => {
    const page = (await (await call("/api/estimates/page?pageSize=100", { cookie: tech })).json()) as {
      items: Array<{ id: number }>;
    };
    expect(page.items.map((e) => e.id)).not.toContain(theirs.id);
    expect((await call(`/api/estimates/${theirs.id}`, { cookie: tech })).status).toBe(404);
    expect((await call(`/estimates/${theirs.id}`, { cookie: tech })).status).toBe(404);
    const created = await call("/api/estimates", {
      cookie: tech,
      method: "POST",
      body: { customerId: demo.customers, lineItems: [{ name: "Looked", unitPrice: 0 }] },
    });
    expect(created.status).toBe(201);
    const { id } = await dataOf<{ id: number }>(created);
    const mine = await dataOf<{ employeeIds: number[] }>(await call(`/api/estimates/${id}`, { cookie: tech }));
    expect(mine.employeeIds).toHaveLength(1);
    const reassigned = await call(`/api/estimates/${id}/employees`, {
      cookie: tech,
      method: "PUT",
      body: { employeeIds: [] },
    });
    expect(reassigned.status).toBe(403);
    expect((await call(`/api/estimates/${id}`, { cookie: admin })).status).toBe(200);
  });
});
