import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { jobTimelineEvents, subscriptions } from "~/db/schema";
import { getJob, listJobsPage } from "~/models/jobs/jobs.server";
import { loader as listLoader } from "~/routes/_app+/jobs+/_index";
import { action as newAction, loader as newLoader } from "~/routes/_app+/jobs+/new";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/jobs+/$id";
import { saveTaxRate } from "~/models/company/company.server";
import { loader as publicLoader } from "~/routes/_public+/service-visit-details.$token";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { formPost, jobsFixture, run, type JobsFixture } from "./fixtures";

useTestDatabase();

/** Posts the new-job form for the fixture's customer with an intent ("addLine", "save"). */
const postNewJob = (f: JobsFixture, cookie: string, intent: string, fields: Record<string, string | string[]>) =>
  run(newAction, `/jobs/new?customerId=${f.customerId}`, {
    cookie,
    ...formPost({ intent, customerId: String(f.customerId), ...fields }),
  });

/** Posts a status change from the job details page. */
const postStatus = (id: string, cookie: string, fields: Record<string, string>) =>
  run(detailsAction, `/jobs/${id}`, { cookie, ...formPost({ intent: "status", ...fields }) }, { id });

describe("job screens without JavaScript", () => {
  it("creates a job from a form post, adds a line by intent, and shows field errors with values kept", async () => {
    const f = await jobsFixture("America/Toronto");
    const cookie = await sessionCookie(f.adminId);
    const added = await postNewJob(f, cookie, "addLine", {
      "lineItems[0].name": "Filter",
      "lineItems[0].unitPrice": "12",
    });
    expect(added.status).toBe(200);
    expect(((await added.json()) as { values: { lineItems: unknown[] } }).values.lineItems).toHaveLength(2);
    const invalid = await postNewJob(f, cookie, "save", {
      "lineItems[0].name": "Filter",
      "lineItems[0].unitPrice": "abc",
      privateNotes: "keep me",
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      errors: { "lineItems.0.unitPrice": "Unit price must be a number" },
      values: { privateNotes: "keep me" },
    });
    const saved = await postNewJob(f, cookie, "save", {
      "lineItems[0].name": "Filter",
      "lineItems[0].unitPrice": "12.50",
      "lineItems[0].quantity": "2",
      startTime: "2030-03-10T09:00",
      endTime: "2030-03-10T10:30",
      employeeIds: [String(f.techId)],
      "recurrence.frequency": "2",
      "recurrence.ends": "count",
      "recurrence.count": "3",
    });
    expect(saved.status).toBe(302);
    const id = Number(saved.headers.get("Location")!.split("/").pop());
    const job = await getJob(f.admin, id);
    expect(job).toMatchObject({ totalCents: 2500, status: 1, timezone: "America/Toronto", employeeIds: [f.techId] });
    expect(job!.startTime!.toISOString()).toBe("2030-03-10T13:00:00.000Z"); // 09:00 EDT
    expect((await listJobsPage(f.admin, { paging: { pageNumber: 1, pageSize: 10, sortSettings: [] } })).total).toBe(3);
  });

  it("offers the company's tax rates on the job form", async () => {
    const f = await jobsFixture();
    const rate = await saveTaxRate(f.admin, { name: "State", rate: 6.5 });
    const res = await run(newLoader, `/jobs/new?customerId=${f.customerId}`, {
      cookie: await sessionCookie(f.adminId),
    });
    expect((await res.json()).taxRates).toEqual([{ id: rate!.id, name: "State", rate: 6.5 }]);
  });

  it("refuses creation while the account is inactive", async () => {
    const f = await jobsFixture();
    await db.update(subscriptions).set({ status: 1 }).where(eq(subscriptions.companyId, f.companyId));
    const res = await run(newLoader, "/jobs/new", { cookie: await sessionCookie(f.adminId) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/jobs?dialog=limited");
  });

  it("lists, changes status from the details page, and shows the public page without sign-in", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const saved = await postNewJob(f, cookie, "save", {
      name: "Boiler service",
      "lineItems[0].name": "Service",
      "lineItems[0].unitPrice": "80",
      startTime: "2030-03-10T09:00",
      endTime: "2030-03-10T10:00",
      arrivalWindowOffset: "60",
      employeeIds: [String(f.techId)],
    });
    const id = saved.headers.get("Location")!.split("/").pop()!;
    const list = await run(listLoader, "/jobs?q=boiler&sort=total&order=desc", { cookie });
    expect(((await list.json()) as { page: { items: { name: string }[] } }).page.items.map((j) => j.name)).toEqual([
      "Boiler service",
    ]);
    const moved = await postStatus(id, cookie, { status: "2" });
    expect(moved.status).toBe(302);
    const refused = await postStatus(id, cookie, { status: "5" });
    expect(refused.status).toBe(400);
    const other = await jobsFixture();
    expect(
      (await run(detailsLoader, `/jobs/${id}`, { cookie: await sessionCookie(other.adminId) }, { id })).status,
    ).toBe(404);
    const { publicToken } = (await getJob(f.admin, Number(id)))!;
    const page = await run(publicLoader, `/service-visit-details/${publicToken}`, {}, { token: publicToken });
    expect(await page.json()).toMatchObject({
      title: "Boiler service",
      technicians: [expect.stringMatching(/^Test User/)],
      arrival: "Arrival between 09:00 am and 10:00 am",
      total: "$80.00",
    });
    expect((await run(publicLoader, "/service-visit-details/1", {}, { token: "1" })).status).toBe(404);
  });

  it("changes status with a reason and notify-customer, keeps them on errors, and schedules an unscheduled job at a start in the company's zone", async () => {
    const f = await jobsFixture("America/Toronto");
    const cookie = await sessionCookie(f.adminId);
    const saved = await postNewJob(f, cookie, "save", {
      name: "Leaky tap",
      "lineItems[0].name": "Repair",
      "lineItems[0].unitPrice": "50",
    });
    const id = saved.headers.get("Location")!.split("/").pop()!;
    expect((await getJob(f.admin, Number(id)))!.status).toBe(0);
    const noStart = await postStatus(id, cookie, { status: "1", reason: "Customer called", notifyCustomer: "on" });
    expect(noStart.status).toBe(400);
    expect(await noStart.json()).toEqual({
      errors: { startDate: "Choose a start date to schedule the job" },
      values: { reason: "Customer called", notifyCustomer: true, startDate: "" },
    });
    const tooLong = await postStatus(id, cookie, {
      status: "1",
      reason: "x".repeat(1001),
      startDate: "2030-03-10T09:00",
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      errors: { reason: "Reason is too long - should be 1000 chars maximum" },
      values: { notifyCustomer: false, startDate: "2030-03-10T09:00" },
    });
    const scheduled = await postStatus(id, cookie, {
      status: "1",
      reason: "  Customer called  ",
      notifyCustomer: "on",
      startDate: "2030-03-10T09:00",
    });
    expect(scheduled.status).toBe(302);
    expect((await getJob(f.admin, Number(id)))!.startTime!.toISOString()).toBe("2030-03-10T13:00:00.000Z"); // 09:00 EDT
    const onMyWay = await postStatus(id, cookie, { status: "2", reason: "" });
    expect(onMyWay.status).toBe(302);
    const events = await db
      .select()
      .from(jobTimelineEvents)
      .where(eq(jobTimelineEvents.jobId, Number(id)))
      .orderBy(desc(jobTimelineEvents.id))
      .limit(2);
    expect(
      events.map((e) => ({
        toStatus: e.toStatus,
        reason: e.reason,
        notifyCustomer: e.notifyCustomer,
        actorUserId: e.actorUserId,
      })),
    ).toEqual([
      { toStatus: 2, reason: null, notifyCustomer: false, actorUserId: f.adminId },
      { toStatus: 1, reason: "Customer called", notifyCustomer: true, actorUserId: f.adminId },
    ]);
    const page = (await (await run(detailsLoader, `/jobs/${id}`, { cookie }, { id })).json()) as {
      job: {
        status: number;
        timeline: {
          fromStatus: number | null;
          toStatus: number | null;
          reason: string | null;
          notifyCustomer: boolean;
        }[];
      };
    };
    expect(page.job.status).toBe(2);
    expect(page.job.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromStatus: 0, toStatus: 1, reason: "Customer called", notifyCustomer: true }),
        expect.objectContaining({ fromStatus: 1, toStatus: 2, reason: null, notifyCustomer: false }),
      ]),
    );
  });
});
