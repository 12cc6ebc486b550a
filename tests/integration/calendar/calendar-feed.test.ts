import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobs, users } from "~/db/schema";
import { JobStatus } from "~/models/jobs/jobs.schema";
import { estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { wallToInstant } from "~/models/schedule/schedule.server";
import { loader as feedLoader } from "~/routes/calendar+/$token.visits[.]ics";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/calendar-feed";
import { loader as currentUserLoader } from "~/routes/api+/users+/current";
import { useTestDatabase } from "../../helpers/db";
import { makeRequest, runRoute, sessionCookie } from "../../helpers/factories";
import { formPost, jobsFixture } from "../jobs/fixtures";
import { visitsIn } from "../schedule/fixtures";

useTestDatabase();

const DAY = 86_400_000;
/** A wall-clock day n days from today (the feed reaches 30 days back and a year ahead). */
const dayFromNow = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

async function renew(userId: number): Promise<string> {
  const cookie = await sessionCookie(userId);
  const res = await runRoute(
    settingsAction,
    makeRequest("/calendar-feed", { cookie, ...formPost({ intent: "renew" }) }),
  );
  expect(res.status).toBe(302);
  const [row] = await db.select({ token: users.calendarSyncToken }).from(users).where(eq(users.id, userId));
  return row.token!;
}

async function fetchFeed(token: string) {
  return runRoute(feedLoader, makeRequest(`/calendar/${token}/visits.ics`), { token });
}

/** The feed parsed by a second iCalendar implementation (Mozilla's ical.js): it must validate. */
async function parsedFeed(token: string) {
  const res = await fetchFeed(token);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
  const text = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return { text, calendar, events: calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e)) };
}

describe("calendar feed", () => {
  it("gives each user their own visits, the admin all of them, at the company's wall-clock times", async () => {
    const f = await jobsFixture("America/Chicago");
    const at = visitsIn(f, "America/Chicago");
    const tomorrow = dayFromNow(1);
    const mine = await at(`${tomorrow}T09:00`, `${tomorrow}T10:30`, { employeeIds: [f.techId], name: "Furnace check" });
    const theirs = await at(`${tomorrow}T11:00`, `${tomorrow}T12:00`, { employeeIds: [f.otherTechId], name: "Other" });
    const cancelled = await at(`${tomorrow}T13:00`, `${tomorrow}T14:00`, { employeeIds: [f.techId], name: "Gone" });
    await db.update(jobs).set({ status: JobStatus.Cancelled }).where(eq(jobs.id, cancelled));
    await at(`${dayFromNow(-40)}T09:00`, `${dayFromNow(-40)}T10:00`, { employeeIds: [f.techId], name: "Too old" });

    const estimate = await createEstimate(
      f.admin,
      estimateCreateSchema.parse({
        customerId: f.customerId,
        startTime: wallToInstant(`${tomorrow}T15:00`, "America/Chicago")!.toISOString(),
        endTime: wallToInstant(`${tomorrow}T16:00`, "America/Chicago")!.toISOString(),
        timezone: "America/Chicago",
        employeeIds: [f.techId],
        name: "Roof inspection",
      }),
    );

    const tech = await parsedFeed(await renew(f.techId));
    expect(tech.events.map((e) => e.summary)).toEqual([
      "Furnace check: Grace Hopper",
      expect.stringMatching(/^Estimate #\d+ Roof inspection: Grace Hopper$/),
    ]);
    expect(tech.events[1].uid).toMatch(new RegExp(`^estimate-${estimate.id}@`));
    expect(tech.events[1].startDate.toString()).toBe(`${tomorrow}T15:00:00`);
    const [event] = tech.events;
    expect(event.uid).toMatch(new RegExp(`^job-${mine}@`));
    expect(event.location).toBe("1 Main St, Springfield");
    expect(event.description).toContain(`/jobs/${mine}`);
    // Wall-clock 09:00 in the company's zone, whatever the reader's zone.
    expect(event.startDate.zone?.tzid).toBe("America/Chicago");
    expect(event.startDate.toString()).toBe(`${tomorrow}T09:00:00`);
    expect(event.endDate.toString()).toBe(`${tomorrow}T10:30:00`);
    expect(new Date(event.startDate.toUnixTime() * 1000).toISOString()).toBe(
      (await db.select({ s: jobs.startTime }).from(jobs).where(eq(jobs.id, mine)))[0].s!.toISOString(),
    );
    expect(tech.text).toContain("X-WR-TIMEZONE:America/Chicago");
    expect(tech.calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("America/Chicago");
    expect(tech.text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);

    const admin = await parsedFeed(await renew(f.adminId));
    expect(admin.events.map((e) => e.uid.split("@")[0]).sort()).toEqual(
      [`job-${mine}`, `job-${theirs}`, `estimate-${estimate.id}`].sort(),
    );
  });

  it("renewing revokes the old link; turning off answers 404; the current user carries the token", async () => {
    const f = await jobsFixture();
    const first = await renew(f.techId);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await renew(f.techId);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    const cookie = await sessionCookie(f.techId);
    const me = await runRoute(currentUserLoader, makeRequest("/api/users/current", { cookie }));
    expect(((await me.json()) as { calendarSyncToken: string }).calendarSyncToken).toBe(second);
    const page = await runRoute(settingsLoader, makeRequest("/calendar-feed", { cookie }));
    expect(((await page.json()) as { feedUrl: string }).feedUrl).toMatch(
      new RegExp(`/calendar/${second}/visits\\.ics$`),
    );
    expect(page.headers.get("Cache-Control")).toBe("no-store");

    const off = await runRoute(
      settingsAction,
      makeRequest("/calendar-feed", { cookie, ...formPost({ intent: "turn-off" }) }),
    );
    expect(off.status).toBe(302);
    expect((await fetchFeed(second)).status).toBe(404);
  });

  it("a deleted user's link stops working; malformed tokens answer 404 without a query", async () => {
    const f = await jobsFixture();
    const token = await renew(f.techId);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, f.techId));
    expect((await fetchFeed(token)).status).toBe(404);
    for (const bad of ["", "x", "' or 1=1 --", "a".repeat(500), `${token}x`])
      expect((await fetchFeed(bad)).status, bad).toBe(404);
  });
});
