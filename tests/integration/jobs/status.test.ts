import { describe, expect, it } from "vitest";
import { JobStatus, jobCreateSchema, TimelineEvent } from "~/models/jobs/jobs.schema";
import {
  createJob,
  getJob,
  JobRuleError,
  listJobsPage,
  recordPayment,
  rescheduleVisit,
  undoJobStatus,
  updateJob,
  updateJobStatus,
} from "~/models/jobs/jobs.server";
import { listScheduleVisits } from "~/models/schedule/schedule.server";
import { useTestDatabase } from "../../helpers/db";
import { createCustomerRow, jobsFixture, type JobsFixture } from "./fixtures";

useTestDatabase();

const paging = { pageNumber: 1, pageSize: 10, sortSettings: [] };
/** A one-hour visit on May 1st, 2030 at 13:00 UTC. */
const mayFirstAt1pm = { startTime: "2030-05-01T13:00:00Z", endTime: "2030-05-01T14:00:00Z" };

/** Creates a job for the fixture's customer from form-like fields, as the admin unless told. */
const newJob = (f: JobsFixture, fields: Record<string, unknown> = {}, caller = f.admin) =>
  createJob(caller, jobCreateSchema.parse({ customerId: f.customerId, ...fields }));

describe("totals to the cent", () => {
  it("stores the server's totals on create and edit", async () => {
    const f = await jobsFixture();
    const { id } = await newJob(f, {
      taxRate: "8.25",
      discount: "10",
      lineItems: [
        { name: "A", unitPrice: "33.33", quantity: "3", isTaxable: true },
        { name: "B", unitPrice: "19.99", quantity: "1.5" },
      ],
    });
    expect(await getJob(f.admin, id)).toMatchObject({
      subtotalCents: 12998,
      discountCents: 1000,
      taxCents: 761,
      totalCents: 12759,
      taxRate: 825,
      status: JobStatus.Unscheduled,
      name: "A",
    });
    await updateJob(f.admin, id, { discount: 0, taxRate: 0 });
    expect(await getJob(f.admin, id)).toMatchObject({
      subtotalCents: 12998,
      discountCents: 0,
      taxCents: 0,
      totalCents: 12998,
    });
  });
});

describe("status moves and undo", () => {
  it("records each move on the timeline and undoes the last one", async () => {
    const f = await jobsFixture();
    const { id } = await newJob(f, {
      ...mayFirstAt1pm,
      employeeIds: [f.techId],
      lineItems: [{ name: "Fix", unitPrice: "100" }],
    });
    expect((await getJob(f.admin, id))!.status).toBe(JobStatus.Scheduled);
    await updateJobStatus(f.tech, { jobId: id, status: JobStatus.OnMyWay, notifyCustomer: true });
    await updateJobStatus(f.tech, { jobId: id, status: JobStatus.Started });
    await updateJobStatus(f.tech, { jobId: id, status: JobStatus.Finished, reason: "All done" });
    await expect(updateJobStatus(f.admin, { jobId: id, status: JobStatus.Scheduled })).rejects.toBeInstanceOf(
      JobRuleError,
    );
    await expect(undoJobStatus(f.admin, { id, statusClicked: JobStatus.Started })).rejects.toBeInstanceOf(JobRuleError);
    expect(await undoJobStatus(f.admin, { id, statusClicked: JobStatus.Finished })).toEqual({
      id,
      status: JobStatus.Started,
    });
    const job = await getJob(f.admin, id);
    expect(job!.status).toBe(JobStatus.Started);
    const types = job!.timeline.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual([TimelineEvent.StatusUndone, TimelineEvent.Finished]);
    const finished = job!.timeline.find((e) => e.type === TimelineEvent.Finished)!;
    expect(finished).toMatchObject({
      actorUserId: f.techId,
      actorType: 1,
      fromStatus: 3,
      toStatus: 4,
      reason: "All done",
    });
    expect(finished.undoneAt).not.toBeNull();
    expect(job!.timeline.find((e) => e.type === TimelineEvent.OnMyWay)!.notifyCustomer).toBe(true);
  });

  it("a payment moves the job to paid; undo removes the payment", async () => {
    const f = await jobsFixture();
    const { id } = await newJob(f, { lineItems: [{ name: "Fix", unitPrice: "100", isTaxable: true }], taxRate: "5" });
    await recordPayment(f.admin, id, { method: 1, note: "cheque 42" });
    let job = await getJob(f.admin, id);
    expect(job).toMatchObject({ status: JobStatus.Paid, paidCents: 10500 });
    expect(job!.payments).toMatchObject([{ method: 1, amountCents: 10500, note: "cheque 42" }]);
    await expect(recordPayment(f.admin, id, { method: 0 })).rejects.toBeInstanceOf(JobRuleError);
    await undoJobStatus(f.admin, { id, statusClicked: JobStatus.Paid });
    job = await getJob(f.admin, id);
    expect(job).toMatchObject({ status: JobStatus.Unscheduled, paidCents: 0, payments: [] });
  });

  it("moving to unscheduled clears the time; undo brings it back", async () => {
    const f = await jobsFixture();
    const { id } = await newJob(f, mayFirstAt1pm);
    await updateJobStatus(f.admin, { jobId: id, status: JobStatus.Unscheduled });
    expect(await getJob(f.admin, id)).toMatchObject({ startTime: null, status: 0 });
    await undoJobStatus(f.admin, { id, statusClicked: JobStatus.Unscheduled });
    expect((await getJob(f.admin, id))!.startTime?.toISOString()).toBe("2030-05-01T13:00:00.000Z");
  });
});

describe("isolation and field techs", () => {
  it("a field tech sees and changes only their jobs; no company sees another's", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const mine = await newJob(f, { ...mayFirstAt1pm, employeeIds: [f.techId] });
    const notMine = await newJob(f, {
      startTime: "2030-05-01T15:00:00Z",
      endTime: "2030-05-01T16:00:00Z",
      employeeIds: [f.otherTechId],
    });
    expect(await getJob(f.tech, mine.id)).not.toBeNull();
    expect(await getJob(f.tech, notMine.id)).toBeNull();
    expect(await updateJobStatus(f.tech, { jobId: notMine.id, status: JobStatus.OnMyWay })).toBeNull();
    expect(await rescheduleVisit(f.tech, { id: notMine.id, startTime: new Date("2030-05-02T15:00:00Z") })).toBeNull();
    expect((await listJobsPage(f.tech, { paging })).items.map((j) => j.id)).toEqual([mine.id]);
    expect((await listJobsPage(f.admin, { paging })).total).toBe(2);
    expect(await getJob(other.admin, mine.id)).toBeNull();
    expect((await listJobsPage(other.admin, { paging })).total).toBe(0);
    expect(
      await listScheduleVisits(other.admin, {
        from: new Date("2030-05-01T00:00:00Z"),
        to: new Date("2030-05-02T00:00:00Z"),
        timezone: "UTC",
      }),
    ).toEqual([]);
    // another company's customer or employee cannot be used
    await expect(newJob(f, {}, other.admin)).rejects.toMatchObject({ field: "customerId" });
    await expect(newJob(f, { employeeIds: [other.techId] })).rejects.toMatchObject({ field: "employeeIds" });
    // a field tech's new job is assigned to them
    const own = await newJob(f, {}, f.tech);
    expect((await getJob(f.tech, own.id))!.employeeIds).toEqual([f.techId]);
  });

  it("searches, filters by status and sorts in the database", async () => {
    const f = await jobsFixture();
    const bob = await createCustomerRow(f.companyId, "Bob", "Builder");
    await newJob(f, { name: "Roof repair", lineItems: [{ name: "Shingles", unitPrice: "500" }] });
    await newJob(f, { customerId: bob, name: "Gutter cleaning", lineItems: [{ name: "Labour", unitPrice: "50" }] });
    expect((await listJobsPage(f.admin, { paging, searchQuery: "gutt" })).items.map((j) => j.name)).toEqual([
      "Gutter cleaning",
    ]);
    expect((await listJobsPage(f.admin, { paging, searchQuery: "hopper roof" })).items.map((j) => j.name)).toEqual([
      "Roof repair",
    ]);
    const byTotal = await listJobsPage(f.admin, {
      paging: { ...paging, sortSettings: [{ fieldName: "total", descending: false }] },
    });
    expect(byTotal.items.map((j) => j.totalCents)).toEqual([5000, 50000]);
    const byCustomer = await listJobsPage(f.admin, {
      paging: { ...paging, sortSettings: [{ fieldName: "customerName", descending: false }] },
    });
    expect(byCustomer.items.map((j) => j.customerName)).toEqual(["Bob Builder", "Grace Hopper"]);
    expect((await listJobsPage(f.admin, { paging, type: JobStatus.Scheduled })).total).toBe(0);
  });
});
