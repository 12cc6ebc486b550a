// Invoices from the attacker's side, over HTTP against the built server with the demo data: another
// company's invoice answers 404 on every call (screens included) and changes nothing, a field tech
// gets 403, a double-submitted payment records once, and prototype keys in JSON bodies supply nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { demoRecordIds, liveSessionCookie } from "./harness";

type Invoice = { id: number; status: number; paidCents: number; totalCents: number; payments: unknown[] };

let admin: string;
let tech: string;
let owner: string;
let demo: Record<string, number>;
let theirs: number;

const newInvoice = async (body: Record<string, unknown> = {}) => {
  const created = await call("/api/invoices", {
    cookie: admin,
    method: "POST",
    body: { customerId: demo.customers, lineItems: [{ name: "Visit", unitPrice: 80 }], ...body },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return (await dataOf<{ id: number }>(created)).id;
};
const read = async (id: number) => dataOf<Invoice>(await call(`/api/invoices/${id}`, { cookie: admin }));

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  demo = demoRecordIds("company admin");
  owner = await signUpOwner({ name: "Invoices", phoneNumber: "+17045550179" });
  theirs = await newInvoice();
});

describe("invoices across companies", () => {
  test("another company's invoice is 404 on every call and screen, and nothing changes", async () => {
    const before = await read(theirs);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/invoices/${theirs}`],
      ["PUT", `/api/invoices/${theirs}`, { lineItems: [{ name: "Mine", unitPrice: 1 }] }],
      ["POST", `/api/invoices/${theirs}/payments`, { method: 0, amount: 80, idempotencyKey: "cross-company-1" }],
      ["POST", `/api/invoices/${theirs}/send`, { channel: 2 }],
      ["PUT", `/api/invoices/${theirs}/uncollectible`, { uncollectible: true }],
      ["GET", `/api/invoices/${theirs}/pdf`],
      ["DELETE", `/api/invoices/${theirs}`],
      ["GET", `/invoices/${theirs}`],
      ["GET", `/invoices/${theirs}/edit`],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(path, { cookie: owner, method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const page = await call(`/api/invoices/page?searchQuery=${before.id}`, { cookie: owner });
    expect((await page.json()) as { total: number }).toMatchObject({ total: 0 });
    // Their job cannot be invoiced either.
    const fromJob = await call("/api/invoices", { cookie: owner, method: "POST", body: { jobId: demo.jobs } });
    expect(fromJob.status).toBe(404);
    const after = await read(theirs);
    expect(after).toMatchObject({ status: before.status, paidCents: before.paidCents, totalCents: before.totalCents });
  });
});

describe("roles", () => {
  test("a field tech gets 403 on the invoice screens and calls", async () => {
    for (const [method, path, body] of [
      ["GET", "/invoices"],
      ["GET", `/invoices/${theirs}`],
      ["GET", "/api/invoices/page"],
      ["GET", `/api/invoices/${theirs}`],
      ["GET", `/api/invoices/${theirs}/pdf`],
      ["POST", `/api/invoices/${theirs}/payments`, { method: 0, amount: 1, idempotencyKey: "tech-payment-1" }],
      ["POST", "/api/invoices", { jobId: demo.jobs }],
    ] as Array<[string, string, unknown?]>) {
      const res = await call(path, { cookie: tech, method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe("payments", () => {
  test("a double submit (the same key, at once) records once; never above the balance", async () => {
    const id = await newInvoice();
    const pay = () =>
      call(`/api/invoices/${id}/payments`, {
        cookie: admin,
        method: "POST",
        body: { method: 1, amount: 30, idempotencyKey: `double-${id}-key` },
      });
    const answers = await Promise.all([pay(), pay(), pay()]);
    const results = await Promise.all(answers.map((r) => dataOf<{ recorded: boolean }>(r)));
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    const invoice = await read(id);
    expect(invoice.paidCents).toBe(3000);
    expect(invoice.payments).toHaveLength(1);
    const tooMuch = await call(`/api/invoices/${id}/payments`, {
      cookie: admin,
      method: "POST",
      body: { method: 0, amount: 50.01, idempotencyKey: `over-${id}-key` },
    });
    expect(tooMuch.status).toBe(400);
    expect((await read(id)).paidCents).toBe(3000);
  });
});

describe("prototype keys", () => {
  test("supply nothing to an invoice or a payment", async () => {
    const created = await call("/api/invoices", {
      cookie: admin,
      method: "POST",
      body: `{"customerId": ${demo.customers}, "lineItems": [{"name": "Visit", "unitPrice": 10}], "__proto__": {"status": 2, "paidCents": 1000}, "constructor": {"prototype": {"status": 2}}}`,
    });
    expect(created.status).toBe(201);
    const { id } = await dataOf<{ id: number }>(created);
    expect(await read(id)).toMatchObject({ status: 0, paidCents: 0 });
    const payment = await call(`/api/invoices/${id}/payments`, {
      cookie: admin,
      method: "POST",
      body: `{"method": 0, "idempotencyKey": "proto-${id}-key", "__proto__": {"amount": 10}}`,
    });
    expect(payment.status).toBe(400);
    expect((await read(id)).paidCents).toBe(0);
    const update = await call(`/api/invoices/${id}`, {
      cookie: admin,
      method: "PUT",
      body: `{"lineItems": [{"name": "Visit", "unitPrice": 10}], "__proto__": {"discount": 10}}`,
    });
    expect(update.status).toBe(200);
    expect(await read(id)).toMatchObject({ totalCents: 1000 });
  });
});
