// Estimate visits on /schedule from the attacker's side, over HTTP against the built server with the
// demo data: another company's estimate visit never shows on the schedule (any view, any employee
// filter naming the demo company's staff) and cannot be moved through the schedule's drop action; a
// field tech's schedule never shows an estimate that is not assigned to them.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";

// A week no other test books (the demo company plans in America/New_York).
const DATE = "2031-05-14";
const START = "2031-05-14T14:00:00.000Z";

let admin: string;
let tech: string;
let owner: string;
let theirs: number;
let staff: number[];

const schedulePage = (cookie: string, query: string) =>
  call(`/schedule?${query}`, { cookie }).then(async (r) => ({ status: r.status, html: await r.text() }));
const linksTo = (html: string, id: number) => html.includes(`href="/estimates/${id}"`);

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  tech = await liveSessionCookie("field tech");
  const demo = demoRecordIds("company admin");
  owner = await signUpOwner({ name: "ScheduleEstimates", phoneNumber: "+17045550179" });
  const created = await call("/api/estimates", {
    cookie: admin,
    method: "POST",
    body: { customerId: demo.customers, options: [{ name: "Only", lineItems: [{ name: "Look", unitPrice: 0 }] }] },
  });
  expect(created.status).toBe(201);
  theirs = (await dataOf<{ id: number }>(created)).id;
  const employees = (await (await call("/api/employees", { cookie: admin })).json()) as {
    data: Array<{ id: number; firstName: string }>;
  };
  staff = employees.data.map((e) => e.id);
  const office = employees.data.find((e) => e.firstName === "Olivia")!.id;
  // Scheduled for the office staff: the field tech is not assigned.
  const scheduled = await call("/api/estimates/schedule", {
    cookie: admin,
    method: "POST",
    body: { id: theirs, startTime: START, endTime: "2031-05-14T15:00:00.000Z", employeeIds: [office] },
  });
  expect(scheduled.status, await scheduled.clone().text()).toBeLessThan(300);
});

describe("estimate visits on the schedule across companies", () => {
  test("the owning company sees the estimate visit; another company never does, in any view or filter", async () => {
    const own = await schedulePage(admin, `view=week&date=${DATE}`);
    expect(own.status).toBe(200);
    expect(linksTo(own.html, theirs)).toBe(true);
    for (const query of [
      `view=week&date=${DATE}`,
      `view=day&date=${DATE}`,
      `view=month&date=${DATE}`,
      `view=day&date=${DATE}&employees=${staff.join(",")}`,
      `view=week&date=${DATE}&employees=${staff.join(",")}`,
    ]) {
      const page = await schedulePage(owner, query);
      expect(page.status, query).toBe(200);
      expect(linksTo(page.html, theirs), query).toBe(false);
    }
  });

  test("another company cannot move the estimate visit through the schedule's drop action", async () => {
    const body = new URLSearchParams({
      intent: "move",
      kind: "estimate",
      jobId: String(theirs),
      start: "2031-05-15T09:00",
      end: "2031-05-15T10:00",
    });
    const response = await fetch(`${baseUrl()}/schedule?index`, {
      method: "POST",
      headers: { Cookie: owner, "Content-Type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    });
    expect(response.status).toBe(404);
    const still = await dataOf<{ startTime: string }>(await call(`/api/estimates/${theirs}`, { cookie: admin }));
    expect(new Date(still.startTime).toISOString()).toBe(START);
  });

  test("a field tech's schedule never shows an estimate not assigned to them", async () => {
    for (const query of [`view=week&date=${DATE}`, `view=day&date=${DATE}&employees=${staff.join(",")}`]) {
      const page = await schedulePage(tech, query);
      expect(page.status, query).toBe(200);
      expect(linksTo(page.html, theirs), query).toBe(false);
    }
  });
});
