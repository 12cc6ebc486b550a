// The calendar feed from the attacker's side, over HTTP against the built server with the demo data:
// a feed holds its own company's visits only, the token is the only way in (a revoked, guessed or
// malformed one answers 404), and the page that shows it needs a session.
import { beforeAll, describe, expect, test } from "vitest";
import { call, signUpOwner } from "./cross-company";
import { liveSessionCookie, postForm } from "./harness";

let admin: string;
let owner: string;

async function linkOf(cookie: string): Promise<string> {
  const made = await postForm("/calendar-feed", cookie, new URLSearchParams({ intent: "renew" }));
  expect(made.status).toBe(302);
  const me = await call("/api/users/current", { cookie });
  const token = ((await me.json()) as { calendarSyncToken: string | null }).calendarSyncToken;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return `/calendar/${token}/visits.ics`;
}

beforeAll(async () => {
  admin = await liveSessionCookie("company admin");
  owner = await signUpOwner({ name: "Calendar", phoneNumber: "+17045550187" });
});

describe("the calendar feed", () => {
  test("each company's feed holds its own visits only, privately cached, never referred", async () => {
    const demo = await call(await linkOf(admin));
    expect(demo.status).toBe(200);
    expect(demo.headers.get("Cache-Control")).toBe("private, max-age=300");
    // The server's default policy comes first; a browser applies the last one it knows.
    expect(demo.headers.get("Referrer-Policy")?.split(",").at(-1)?.trim()).toBe("no-referrer");
    const demoText = await demo.text();
    expect(demoText).toContain("BEGIN:VEVENT");

    const theirs = await (await call(await linkOf(owner))).text();
    expect(theirs).toContain("BEGIN:VCALENDAR");
    expect(theirs).not.toContain("BEGIN:VEVENT");
    const demoUids = [...demoText.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
    for (const uid of demoUids) expect(theirs).not.toContain(uid);
  });

  test("a renewed link's old URL, guessed and malformed tokens answer 404", async () => {
    const old = await linkOf(admin);
    await linkOf(admin);
    expect((await call(old)).status).toBe(404);
    for (const path of [
      "/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/visits.ics",
      "/calendar/%27%20or%201%3D1%20--/visits.ics",
      `/calendar/${"a".repeat(5000)}/visits.ics`,
      "/calendar/..%2F..%2Fetc%2Fpasswd/visits.ics",
    ])
      expect((await call(path)).status, path.slice(0, 60)).toBe(404);
  });

  test("the feed's page needs a session; an unknown intent is refused", async () => {
    const visitor = await call("/calendar-feed");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
    const hostile = await postForm("/calendar-feed", admin, new URLSearchParams({ intent: "__proto__" }));
    expect(hostile.status).toBe(400);
  });
});
