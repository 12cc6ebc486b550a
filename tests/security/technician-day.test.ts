// The job page's technician forms (intent=notes, intent=sign, a status move with expectedStatus) and
// the day agenda from the attacker's side, over HTTP against the built server with the demo data:
// another company's job answers 404 for each, as a missing one does (a stale status is not told);
// a field tech cannot note or sign a job they are not assigned to; the agenda never lists another
// company's visits.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { liveSessionCookie, postForm } from "./harness";

let admin: string;
let tech: string;
let owner: string;
/** A demo job of nobody's (not the field tech's). */
let unassigned: number;
/** A demo job of the field tech's. */
let techJob: number;
const run = Date.now().toString(36);

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const notes = (text: string) => form({ intent: "notes", privateNotes: text });
const sign = (name: string) => form({ intent: "sign", name });

async function job(employeeIds: number[], name: string) {
  const customer = await call("/api/customers/create", {
    cookie: admin,
    method: "POST",
    body: { firstName: "Secure", lastName: `${run}${name}`, addresses: [] },
  });
  expect(customer.status, await customer.clone().text()).toBeLessThan(300);
  const { customerId } = (await customer.json()) as { customerId: number };
  const created = await call("/api/jobs", {
    cookie: admin,
    method: "POST",
    body: {
      customerId,
      name: `${name} ${run}`,
      startTime: "2033-02-10T15:00:00Z",
      endTime: "2033-02-10T16:00:00Z",
      timezone: "America/New_York",
      employeeIds,
      lineItems: [],
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return (await dataOf<{ id: number }>(created)).id;
}

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  owner = await signUpOwner({ name: "Techday", phoneNumber: "+17045550196" });
  const employees = await dataOf<Array<{ id: number; firstName: string }>>(
    await call("/api/employees", { cookie: admin }),
  );
  const marcus = employees.find((e) => e.firstName === "Marcus")!.id;
  unassigned = await job([], "Unassigned");
  techJob = await job([marcus], "Assigned");
});

describe("the job page's technician forms", () => {
  test("another company's job answers 404 to notes, signature and a stale status move", async () => {
    for (const body of [
      notes("written by another company"),
      sign("Another company"),
      form({ intent: "status", status: "2", expectedStatus: "0" }),
    ]) {
      const res = await postForm(`/jobs/${techJob}`, owner, body);
      expect(res.status, body.get("intent") ?? "").toBe(404);
      expect(await res.text()).not.toContain("while you were away");
    }
  });

  test("a field tech cannot note or sign a job they are not assigned to; their own job they can", async () => {
    expect((await postForm(`/jobs/${unassigned}`, tech, notes("not my job"))).status).toBe(404);
    expect((await postForm(`/jobs/${unassigned}`, tech, sign("Not my customer"))).status).toBe(404);
    expect(
      (await postForm(`/jobs/${unassigned}`, tech, form({ intent: "status", status: "2", expectedStatus: "3" })))
        .status,
    ).toBe(404);
    const stored = await dataOf<{ privateNotes: string | null; status: number }>(
      await call(`/api/jobs/${unassigned}`, { cookie: admin }),
    );
    expect(stored).toMatchObject({ privateNotes: null, status: 1 });

    const own = await postForm(`/jobs/${techJob}`, tech, notes("Ladder needed"));
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe(`/jobs/${techJob}`);
    expect((await postForm(`/jobs/${techJob}`, tech, sign("Secure Customer"))).status).toBe(302);
  });

  test("the agenda of another company's employee lists none of this company's visits", async () => {
    const res = await call("/schedule?view=agenda&date=2033-02-10", { cookie: owner });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("No visits on this day.");
    expect(html).not.toContain(run);
  });
});
