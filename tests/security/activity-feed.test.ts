// The activity feed from the attacker's side, over HTTP against the built server with the demo data:
// another company's events never show (not even asked for by their employee), a field tech and a
// visitor are kept out, and hostile filter values answer the page (filter ignored or a field error), never a 500.
import { beforeAll, describe, expect, test } from "vitest";
import { call, dataOf, signUpOwner } from "./cross-company";
import { demoRecordIds, liveSessionCookie } from "./harness";

const DATA = "_data=routes%2F_app%2B%2Factivity-feed";

type Feed = {
  feed: { items: { source: string; recordId: number; recordLabel: string }[]; page: number; pageSize: number };
  filters: { types: unknown[]; employeeId: number | null; from: string | null; to: string | null };
  errors: Record<string, string>;
};

let admin: string;
let owner: string;
let invoice: { id: number; number: number };
let demoAdminId: number;

const feedOf = async (cookie: string, query = "") => {
  const res = await call(`/activity-feed?${query}${query ? "&" : ""}${DATA}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Feed;
};

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  owner = await signUpOwner({ name: "Activity", phoneNumber: "+17045550183" });
  const created = await call("/api/invoices", {
    cookie: admin,
    method: "POST",
    body: { customerId: demoRecordIds("company admin").customers, lineItems: [{ name: "Feed probe", unitPrice: 12 }] },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  invoice = await dataOf<{ id: number; number: number }>(created);
  const me = await call("/api/users/current", { cookie: admin });
  demoAdminId = ((await me.json()) as { id: number }).id;
});

describe("the activity feed across companies", () => {
  test("the demo company sees its new invoice's event; another company sees none of its events", async () => {
    const mine = await feedOf(admin, "type=invoice-26");
    expect(mine.feed.items.some((i) => i.source === "invoice" && i.recordId === invoice.id)).toBe(true);

    const theirs = await feedOf(owner, "pageSize=100");
    expect(theirs.feed.items.some((i) => i.source === "invoice" && i.recordId === invoice.id)).toBe(false);
    const page = await call("/activity-feed?pageSize=100", { cookie: owner });
    expect(await page.text()).not.toContain(`href="/invoices/${invoice.id}"`);
    expect(demoAdminId).toBeGreaterThan(0);
    const byTheirAdmin = await feedOf(owner, `employee=${demoAdminId}`);
    expect(byTheirAdmin.filters.employeeId).toBe(demoAdminId);
    expect(byTheirAdmin.feed.items).toEqual([]);
  });

  test("a field tech gets 403 and a visitor goes to sign in", async () => {
    const tech = await liveSessionCookie("field tech");
    expect((await call("/activity-feed", { cookie: tech })).status).toBe(403);
    const visitor = await call("/activity-feed");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("hostile filter values", () => {
  const hostile = [
    "type=../../etc/passwd",
    "type=job-4'--",
    "type=job-99999999999999999999",
    "type=__proto__&type=constructor",
    `type=${"job-4&type=".repeat(300)}job-5`,
    "type[]=job-4",
    "employee=1e309",
    "employee=99999999999999999999",
    "employee=-1",
    "employee=0x10",
    "from=9999-99-99",
    "from=2031-02-29",
    "to=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    `from=${"9".repeat(5000)}`,
    "page=1e308",
    "page=NaN",
    "page=-4",
    "page=999999999",
    "pageSize=-1",
    "pageSize=100000",
  ];
  test.each(hostile.map((query) => [query.length > 60 ? `${query.slice(0, 60)}…` : query, query]))(
    "%s answers the page, never a 500",
    async (_label, query) => {
      const res = await call(`/activity-feed?${query}`, { cookie: admin });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Activity Feed");
      expect(html).not.toContain("<script>alert(1)</script>");
    },
  );

  test("bad values are ignored or field errors, and a page past the numbered ones says so", async () => {
    const ignored = await feedOf(admin, "type=job-4'--&employee=1e309&pageSize=100000&page=-4");
    expect(ignored.filters).toEqual({ types: [], employeeId: null, from: null, to: null });
    expect(ignored.feed).toMatchObject({ page: 1, pageSize: 10 });
    const errors = await feedOf(admin, "from=2031-02-29&to=2031-01-01");
    expect(errors.errors).toEqual({ from: "Enter a date as YYYY-MM-DD" });
    expect(errors.filters).toMatchObject({ from: null, to: "2031-01-01" });
    const deep = await call("/activity-feed?page=999999999", { cookie: admin });
    expect(await deep.text()).toContain("choose dates to see older events");
  });
});
