// Booking requests from the attacker's side, over HTTP against the built server: another company's
// request answers 404 on every call (screens and /api) and changes nothing, a field tech is refused
// (403), a request cannot be assigned to another company's customer, and prototype keys in a PUT
// body supply nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startRequestsWorld, type RequestsWorld } from "../e2e/booking-requests-world";
import { createOwnersCustomer, signUpOwner } from "./cross-company";

let world: RequestsWorld;
let admin: string;
let tech: string;
let owner: string;
let ownerCustomerId: number;

function call(path: string, { cookie, method = "GET", body }: { cookie: string; method?: string; body?: unknown }) {
  const headers: Record<string, string> = { Cookie: cookie };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`${world.server.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
}
const form = (cookie: string, path: string, fields: Record<string, string>) =>
  fetch(`${world.server.baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const read = async (id: number) =>
  ((await (await call(`/api/booking-requests/${id}`, { cookie: admin })).json()) as { data: Record<string, unknown> })
    .data;

beforeAll(async () => {
  world = await startRequestsWorld(3);
  admin = await world.cookieOf("company admin");
  tech = await world.cookieOf("field tech");
  owner = await signUpOwner({ name: "Requests", phoneNumber: "+17045550179", base: world.server.baseUrl });
  ownerCustomerId = await createOwnersCustomer(owner, world.server.baseUrl);
}, 120_000);
afterAll(async () => world?.stop());

describe("booking requests across companies", () => {
  test("another company's request is 404 on every call and page, and nothing changes", async () => {
    const id = world.requestIds[0];
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/booking-requests/${id}`],
      ["PUT", `/api/booking-requests/${id}`, { firstName: "Mine", location: "Mine" }],
      ["PATCH", `/api/booking-requests/${id}/assign-customer/${ownerCustomerId}`],
      ["PATCH", `/api/booking-requests/${id}/bad-request`],
      ["PATCH", `/api/booking-requests/${id}/past-request`],
      ["DELETE", `/api/booking-requests/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(path, { cookie: owner, method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ exceptionType: "not_found" });
    }
    expect((await call(`/booking-requests/${id}`, { cookie: owner })).status).toBe(404);
    for (const intent of ["bad", "past", "delete", "toJob", "toEstimate", "newCustomer"])
      expect((await form(owner, `/booking-requests/${id}`, { intent })).status, intent).toBe(404);

    const still = await read(id);
    expect(still).toMatchObject({ status: 0, isPast: false, firstName: "Rosa0", customerId: null, jobId: null });
    const page = (await (await call("/api/booking-requests/page?pageSize=100", { cookie: owner })).json()) as {
      items: unknown[];
      total: number;
    };
    expect(page).toMatchObject({ items: [], total: 0 });
    expect(await (await call("/api/booking-requests/new-counter", { cookie: owner })).json()).toEqual({ count: 0 });
    expect(await (await call("/api/booking-requests/new-counter", { cookie: admin })).json()).toEqual({ count: 3 });
  });

  test("a request cannot be assigned to another company's customer", async () => {
    const id = world.requestIds[1];
    const response = await call(`/api/booking-requests/${id}/assign-customer/${ownerCustomerId}`, {
      cookie: admin,
      method: "PATCH",
    });
    expect(response.status).toBe(404);
    expect(
      (await form(admin, `/booking-requests/${id}`, { intent: "assign", customerId: String(ownerCustomerId) })).status,
    ).toBe(404);
    expect((await read(id)).customerId).toBeNull();
  });

  test("a field tech is refused every call and page (403)", async () => {
    const id = world.requestIds[1];
    const calls: Array<[string, string]> = [
      ["GET", "/api/booking-requests/new-counter"],
      ["GET", "/api/booking-requests/page"],
      ["GET", `/api/booking-requests/${id}`],
      ["PATCH", `/api/booking-requests/${id}/bad-request`],
      ["DELETE", `/api/booking-requests/${id}`],
    ];
    for (const [method, path] of calls)
      expect((await call(path, { cookie: tech, method })).status, `${method} ${path}`).toBe(403);
    for (const path of ["/booking-requests", "/booking-requests/past", `/booking-requests/${id}`])
      expect((await call(path, { cookie: tech })).status, path).toBe(403);
    expect((await form(tech, `/booking-requests/${id}`, { intent: "toJob" })).status).toBe(403);
    expect((await read(id)).status).toBe(0);
  });

  test("prototype keys in a PUT body supply nothing", async () => {
    const id = world.requestIds[2];
    const body = `{"firstName": "Pat", "location": "5 Safe St", "__proto__": {"status": 4, "email": "x@evil.test"}, "constructor": {"prototype": {"notes": "polluted"}}}`;
    const response = await call(`/api/booking-requests/${id}`, { cookie: admin, method: "PUT", body });
    expect(response.status).toBe(200);
    expect(await read(id)).toMatchObject({
      firstName: "Pat",
      location: "5 Safe St",
      status: 0,
      email: null,
      notes: null,
    });
    expect(({} as Record<string, unknown>).notes).toBeUndefined();
  });
});
