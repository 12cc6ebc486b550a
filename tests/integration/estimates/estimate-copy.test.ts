// Copying an approved estimate to a job: one job per estimate, the chosen option's counted lines,
// the same totals; refused unless approved, not undone, another company's estimate not found.
import { and, asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  estimateLineItems,
  estimateOptions,
  estimates,
  estimateTimelineEvents,
  jobs,
  jobTimelineEvents,
  tags,
} from "~/db/schema";
import { TagType } from "~/models/company/tags.schema";
import { copyEstimateToJob, copyMessages } from "~/models/estimates/estimate-copy.server";
import { estimateCreateSchema, EstimateEvent, EstimateStatus } from "~/models/estimates/estimates.schema";
import { createEstimate, getEstimate, undoEstimateStatus } from "~/models/estimates/estimates.server";
import { JobStatus, TimelineEvent } from "~/models/jobs/jobs.schema";
import { getJob } from "~/models/jobs/jobs.server";
import { action as detailsAction } from "~/routes/_app+/estimates+/$id";
import { action as statusAction } from "~/routes/api+/estimates+/$id_.status";
import { sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { jobsFixture, run, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

async function tag(f: JobsFixture, name: string, type: number) {
  const [found] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, f.companyId), eq(tags.type, type), eq(tags.name, name)));
  if (found) return found.id;
  const [row] = await db.insert(tags).values({ companyId: f.companyId, name, type }).returning({ id: tags.id });
  return row.id;
}

/** Two options; Good has an approved optional line and one the customer left out. */
async function estimateFor(f: JobsFixture) {
  const estimateTag = await tag(f, "Roof", TagType.Estimate);
  const { id } = await createEstimate(
    f.admin,
    estimateCreateSchema.parse({
      customerId: f.customerId,
      customerAddressId: f.addressId,
      name: "Roof repair",
      description: "Fix the leak",
      message: "Thank you!",
      privateNotes: "Ladder needed",
      taxRate: "8.25",
      discount: "10",
      employeeIds: [f.techId],
      tags: [estimateTag],
      options: [
        {
          name: "Good",
          lineItems: [
            { name: "Shingles", unitPrice: "33.33", quantity: "3", cost: "12", isTaxable: true },
            { name: "Labour", unitPrice: "19.99", quantity: "1.5" },
            { name: "Gutter", unitPrice: "50", isOptional: "on", isApproved: "on", isTaxable: true },
            { name: "Skylight", unitPrice: "400", isOptional: "on", isRecommended: "on" },
          ],
        },
        { name: "Better", lineItems: [{ name: "New roof", unitPrice: "5000", isTaxable: true }] },
      ],
    }),
  );
  const options = await db
    .select({ id: estimateOptions.id, totalCents: estimateOptions.totalCents })
    .from(estimateOptions)
    .where(eq(estimateOptions.estimateId, id))
    .orderBy(asc(estimateOptions.position));
  return { id, good: options[0], better: options[1] };
}

/** The approval page is another engineer's: the answer is set as it stores it. */
const approve = (id: number, chosenOptionId: number | null) =>
  db
    .update(estimates)
    .set({ status: EstimateStatus.Approved, approval: 1, chosenOptionId, answeredAt: new Date() })
    .where(eq(estimates.id, id));

const jobsOf = async (f: JobsFixture) =>
  (await db.select({ n: count() }).from(jobs).where(eq(jobs.companyId, f.companyId)))[0].n;

/** The estimate page's "Copy to job" button, posted without JavaScript. */
const copyOnPage = (cookie: string, id: number) =>
  run(
    detailsAction,
    `/estimates/${id}`,
    { method: "POST", cookie, body: new URLSearchParams({ intent: "copyToJob" }) },
    { id: String(id) },
  );
/** PUT /api/estimates/{id}/status with status 8, copied to job. */
const copyByApi = (cookie: string, id: number) =>
  run(statusAction, `/api/estimates/${id}/status`, { method: "PUT", cookie, json: { status: 8 } }, { id: String(id) });

describe("copy an approved estimate to a job", () => {
  it("makes an unscheduled job with the chosen option's counted lines, the same totals and the estimate's details", async () => {
    const f = await jobsFixture();
    const jobTag = await tag(f, "roof", TagType.Job);
    const { id, good } = await estimateFor(f);
    await approve(id, good.id);

    const copied = await copyEstimateToJob(f.admin, id);
    expect(copied).toMatchObject({ id, status: EstimateStatus.CopiedToJob, alreadyCopied: false });
    const job = (await getJob(f.admin, copied!.jobId))!;
    expect(job).toMatchObject({
      customerId: f.customerId,
      customerAddressId: f.addressId,
      location: "1 Main St, Springfield",
      name: "Roof repair",
      description: "Fix the leak",
      message: "Thank you!",
      privateNotes: "Ladder needed",
      status: JobStatus.Unscheduled,
      startTime: null,
      taxRate: 825,
      discountCents: 1000,
      totalCents: good.totalCents,
    });
    expect(job.lineItems.map((l) => [l.name, l.quantity, l.unitPriceCents, l.costCents])).toEqual([
      ["Shingles", 3, 3333, 1200],
      ["Labour", 1.5, 1999, 0],
      ["Gutter", 1, 5000, 0],
    ]);
    expect(job.tags.map((t) => t.id)).toEqual([jobTag]);
    expect(job.employees.map((e) => e.id)).toEqual([f.techId]);

    const [estimate] = await db.select().from(estimates).where(eq(estimates.id, id));
    expect(estimate).toMatchObject({ status: EstimateStatus.CopiedToJob, copiedToJobId: job.id });
    const estimateEvents = await db
      .select({
        type: estimateTimelineEvents.type,
        from: estimateTimelineEvents.fromStatus,
        data: estimateTimelineEvents.data,
      })
      .from(estimateTimelineEvents)
      .where(
        and(eq(estimateTimelineEvents.estimateId, id), eq(estimateTimelineEvents.type, EstimateEvent.CopiedToJob)),
      );
    expect(estimateEvents).toEqual([{ type: EstimateEvent.CopiedToJob, from: 5, data: { jobId: job.id } }]);
    const jobEvents = await db
      .select({ type: jobTimelineEvents.type, data: jobTimelineEvents.data })
      .from(jobTimelineEvents)
      .where(eq(jobTimelineEvents.jobId, job.id))
      .orderBy(asc(jobTimelineEvents.id));
    expect(jobEvents).toEqual([
      { type: TimelineEvent.JobCreated, data: null },
      { type: TimelineEvent.CopiedFromEstimate, data: { estimateId: id, estimateNumber: estimate.number } },
    ]);
  });

  it("takes the option the customer chose, else the first", async () => {
    const f = await jobsFixture();
    const chosen = await estimateFor(f);
    await approve(chosen.id, chosen.better.id);
    const better = (await getJob(f.admin, (await copyEstimateToJob(f.admin, chosen.id))!.jobId))!;
    expect(better.lineItems.map((l) => l.name)).toEqual(["New roof"]);
    expect(better.totalCents).toBe(chosen.better.totalCents);

    const none = await estimateFor(f);
    await approve(none.id, null);
    const first = (await getJob(f.admin, (await copyEstimateToJob(f.admin, none.id))!.jobId))!;
    expect(first.lineItems.map((l) => l.name)).toEqual(["Shingles", "Labour", "Gutter"]);
    // The lines are copies: the estimate's stay as they were.
    const left = await db.select().from(estimateLineItems).where(eq(estimateLineItems.estimateId, none.id));
    expect(left).toHaveLength(5);
  });

  it("makes one job for a double click or a retry, on the screen and the API", async () => {
    const f = await jobsFixture();
    const { id, good } = await estimateFor(f);
    await approve(id, good.id);
    const [a, b] = await Promise.all([copyEstimateToJob(f.admin, id), copyEstimateToJob(f.admin, id)]);
    expect(a!.jobId).toBe(b!.jobId);
    expect([a!.alreadyCopied, b!.alreadyCopied].sort()).toEqual([false, true]);
    expect(await jobsOf(f)).toBe(1);

    const cookie = await sessionCookie(f.adminId);
    const again = await copyOnPage(cookie, id);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/jobs/${a!.jobId}`);
    const api = await copyByApi(cookie, id);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ data: { id, status: 8, jobId: a!.jobId } });
    expect(await jobsOf(f)).toBe(1);
  });

  it("copies through the status call and the page's button, landing on the new job", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const viaApi = await estimateFor(f);
    await approve(viaApi.id, viaApi.good.id);
    const api = await copyByApi(cookie, viaApi.id);
    expect(api.status).toBe(200);
    const { data } = (await api.json()) as { data: { jobId: number } };
    expect((await getJob(f.admin, data.jobId))!.totalCents).toBe(viaApi.good.totalCents);

    const viaPage = await estimateFor(f);
    await approve(viaPage.id, viaPage.good.id);
    const page = await copyOnPage(cookie, viaPage.id);
    expect(page.status).toBe(302);
    const [row] = await db.select().from(estimates).where(eq(estimates.id, viaPage.id));
    expect(page.headers.get("Location")).toBe(`/jobs/${row.copiedToJobId}`);
    expect((await getEstimate(f.admin, viaPage.id))!.copiedToJobId).toBe(row.copiedToJobId);
  });

  it("refuses an estimate that is not approved, and a field tech; makes no job", async () => {
    const f = await jobsFixture();
    const { id } = await estimateFor(f);
    await db.update(estimates).set({ status: EstimateStatus.Sent }).where(eq(estimates.id, id));
    await expect(copyEstimateToJob(f.admin, id)).rejects.toThrow(copyMessages.notApproved);
    const cookie = await sessionCookie(f.adminId);
    const page = await copyOnPage(cookie, id);
    expect(page.status).toBe(422);
    expect(await page.json()).toMatchObject({ errors: { status: "Only an approved estimate can be copied to a job" } });
    const api = await copyByApi(cookie, id);
    expect(api.status).toBe(400);

    await approve(id, null);
    await expect(copyEstimateToJob(f.tech, id)).rejects.toThrow(copyMessages.officeOnly);
    expect(await jobsOf(f)).toBe(0);
    const [row] = await db.select().from(estimates).where(eq(estimates.id, id));
    expect(row).toMatchObject({ status: EstimateStatus.Approved, copiedToJobId: null });
  });

  it("does not undo a copy", async () => {
    const f = await jobsFixture();
    const { id, good } = await estimateFor(f);
    await approve(id, good.id);
    await copyEstimateToJob(f.admin, id);
    await expect(undoEstimateStatus(f.admin, { id, statusClicked: 8 })).rejects.toThrow(
      "A copy to a job cannot be undone: the job stays. Change or delete the job instead.",
    );
    expect(await jobsOf(f)).toBe(1);
  });

  it("answers 404 for another company's estimate and a field tech's unassigned one", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const { id, good } = await estimateFor(f);
    await approve(id, good.id);
    expect(await copyEstimateToJob(other.admin, id)).toBeNull();
    expect(await copyEstimateToJob(f.otherTech, id)).toBeNull();
    const cookie = await sessionCookie(other.adminId);
    const page = await copyOnPage(cookie, id);
    expect(page.status).toBe(404);
    const api = await copyByApi(cookie, id);
    expect(api.status).toBe(404);
    expect(await jobsOf(f)).toBe(0);
    expect(await jobsOf(other)).toBe(0);
  });
});
