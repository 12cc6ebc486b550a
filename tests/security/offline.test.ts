// The phone's offline copy and change queue from the attacker's side (docs/decisions/075), over HTTP
// against the built server: the list of pages to keep needs a session and holds the caller's own
// company's pages only; a replayed change to another company's job answers 404 and keeps no key.
import { beforeAll, describe, expect, test } from "vitest";
import { call, signUpOwner } from "./cross-company";
import { baseUrl, demoRecordIds, liveSessionCookie } from "./harness";

type Pages = { pages: Array<{ url: string; data: string[] }> };
let tech: string;
let owner: string;

beforeAll(async () => {
  tech = await liveSessionCookie("field tech");
  owner = await signUpOwner({ name: "Offline", phoneNumber: "+17045550193" });
});

describe("GET /api/offline/visits", () => {
  test("needs a session, answers no-store JSON, and a new company's list holds its agenda only", async () => {
    const visitor = await call("/api/offline/visits");
    expect(visitor.status).toBe(401);

    const theirs = await call("/api/offline/visits", { cookie: owner });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("Cache-Control")).toMatch(/no-store/);
    const { pages } = (await theirs.json()) as Pages;
    expect(pages.map((p) => p.url.replace(/\d{4}-\d{2}-\d{2}/, "DAY"))).toEqual([
      "/schedule?view=agenda",
      "/schedule?view=agenda&date=DAY",
      "/schedule?view=agenda&date=DAY",
    ]);
  });

  test("every page on the technician's list is one they may open, none is another company's", async () => {
    const { pages } = (await (await call("/api/offline/visits", { cookie: tech })).json()) as Pages;
    for (const { url, data } of pages) {
      expect(url).toMatch(/^\/(schedule\?view=agenda|jobs\/\d+(\/checklist\/\d+)?$)/);
      expect((await call(url, { cookie: tech })).status, url).toBe(200);
      expect((await call(url, { cookie: owner })).status, url).toBe(url.startsWith("/jobs/") ? 404 : 200);
      for (const d of data) expect(d.startsWith(`${url.split("?")[0]}?`)).toBe(true);
    }
    expect((await call("/api/offline/visits", { method: "POST", cookie: tech })).status).toBe(405);
  });
});

describe("a replayed change", () => {
  test("to another company's job answers 404, and its key stays free for the owner's own use", async () => {
    const jobId = demoRecordIds("company admin").jobs;
    const key = crypto.randomUUID();
    const post = (path: string) =>
      fetch(`${baseUrl()}${path}`, {
        method: "POST",
        headers: {
          Cookie: owner,
          Origin: baseUrl(),
          "Content-Type": "application/x-www-form-urlencoded",
          "Offline-Change-Key": key,
        },
        body: new URLSearchParams({ intent: "notes", privateNotes: "hostile" }),
        redirect: "manual",
      });
    expect((await post(`/jobs/${jobId}`)).status).toBe(404);
    expect((await post(`/jobs/${jobId}`)).status).toBe(404);
    const malformed = await fetch(`${baseUrl()}/jobs/${jobId}`, {
      method: "POST",
      headers: {
        Cookie: owner,
        Origin: baseUrl(),
        "Content-Type": "application/x-www-form-urlencoded",
        "Offline-Change-Key": "' or 1=1 --",
      },
      body: new URLSearchParams({ intent: "notes", privateNotes: "hostile" }),
      redirect: "manual",
    });
    expect(malformed.status).toBe(400);
  });
});

describe("the worker's background copies", () => {
  test("never set a cookie: a copy asked with a session ended meanwhile cannot sign the phone out of the next one", async () => {
    const gone = await signUpOwner({ name: "Offlinegone", phoneNumber: "+17045550194" });
    const out = await fetch(`${baseUrl()}/logout`, {
      method: "POST",
      headers: { Cookie: gone, "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl() },
      body: "",
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    const page = (keep: boolean) =>
      fetch(`${baseUrl()}/schedule?view=agenda`, {
        headers: { Cookie: gone, ...(keep ? { "Offline-Keep": "1" } : {}) },
        redirect: "manual",
      });
    // The page itself: sign in again, the dead cookie cleared, the toast set.
    const own = await page(false);
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(own.headers.getSetCookie().length).toBeGreaterThan(0);
    // The worker's copy of it: the same answer, no cookie touched.
    const copy = await page(true);
    expect(copy.status).toBe(302);
    expect(copy.headers.get("Location")).toBe(own.headers.get("Location"));
    expect(copy.headers.getSetCookie()).toEqual([]);
  });
});
