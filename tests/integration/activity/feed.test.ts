import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { estimateTimelineEvents, invoiceTimelineEvents, jobs, jobTimelineEvents, users } from "~/db/schema";
import { Role } from "~/access/roles";
import { listActivityPage } from "~/models/activity/activity.server";
import { readActivityQuery, type ActivityFilters } from "~/models/activity/activity.schema";
import { EstimateEvent, estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate, deleteEstimate } from "~/models/estimates/estimates.server";
import { InvoiceStatus, invoiceCreateSchema } from "~/models/invoices/invoices.schema";
import {
  createInvoice,
  createInvoiceFromJob,
  deleteInvoice,
  setUncollectible,
} from "~/models/invoices/invoices.server";
import { recordInvoicePayment } from "~/models/invoices/payments.server";
import { ActorType, jobCreateSchema, JobStatus, TimelineEvent } from "~/models/jobs/jobs.schema";
import { createJob, deleteJob, updateJobStatus } from "~/models/jobs/jobs.server";
import { loader } from "~/routes/_app+/activity-feed";
import { createTestUser, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { seedActivity } from "../../../bench/activity-seed";
import { jobsFixture, run, type JobsFixture } from "../jobs/fixtures";

useTestDatabase();

const NO_FILTERS: ActivityFilters = { types: [], employeeId: null, from: null, to: null };

const feed = (f: JobsFixture, filters: Partial<ActivityFilters> = {}, page = 1, pageSize = 10) =>
  listActivityPage({
    companyId: f.companyId,
    timezone: "America/New_York",
    filters: { ...NO_FILTERS, ...filters },
    page,
    pageSize,
  });

const newJob = (f: JobsFixture, name?: string) =>
  createJob(
    f.admin,
    jobCreateSchema.parse({
      customerId: f.customerId,
      startTime: "2030-05-01T13:00:00Z",
      lineItems: [{ name: "Tune-up", unitPrice: "100" }],
    }),
  ).then(async ({ id }) => {
    if (name) await db.update(jobs).set({ name }).where(eq(jobs.id, id));
    return id;
  });

/** Timeline rows at chosen instants (the feed's order and date filters), for a job of the fixture. */
async function jobEventsAt(f: JobsFixture, jobId: number, events: { at: string; type: number; actor?: number }[]) {
  const rows = await db
    .insert(jobTimelineEvents)
    .values(
      events.map((e) => ({
        companyId: f.companyId,
        jobId,
        type: e.type,
        actorType: e.actor ? ActorType.Employee : ActorType.System,
        actorUserId: e.actor ?? null,
        at: new Date(e.at),
      })),
    )
    .returning({ id: jobTimelineEvents.id });
  return rows.map((r) => r.id);
}

const clearJobEvents = (f: JobsFixture) =>
  db.delete(jobTimelineEvents).where(eq(jobTimelineEvents.companyId, f.companyId));

describe("the activity feed's page", () => {
  it("merges the jobs', estimates' and invoices' timelines newest first, each linked to its record and customer", async () => {
    const f = await jobsFixture();
    const jobId = await newJob(f, "Furnace check");
    await updateJobStatus(f.admin, { jobId, status: JobStatus.Finished });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { id: estimateId, number: estimateNumber } = await createEstimate(
      f.admin,
      estimateCreateSchema.parse({ customerId: f.customerId }),
    );
    await db
      .insert(estimateTimelineEvents)
      .values({ companyId: f.companyId, estimateId, type: TimelineEvent.EstimateSent, actorType: ActorType.System });
    // Records of different timelines made in the same millisecond tie on `at`: the invoice comes a
    // few milliseconds later, so "made last" holds on a fast machine too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const invoice = await createInvoiceFromJob(f.admin, jobId);
    const page = await feed(f);
    const seen = page.items.map((i) => [i.source, i.type, i.recordLabel, i.customerName]);
    // Newest first: the invoice was made last, the job first.
    expect(seen[0]).toEqual(["invoice", TimelineEvent.InvoiceCreated, `Invoice #${invoice!.number}`, "Grace Hopper"]);
    expect(seen).toContainEqual([
      "estimate",
      TimelineEvent.EstimateSent,
      `Estimate #${estimateNumber}`,
      "Grace Hopper",
    ]);
    expect(seen).toContainEqual(["job", TimelineEvent.Finished, "Furnace check", "Grace Hopper"]);
    expect(seen.at(-1)?.[0]).toBe("job");
    const ats = page.items.map((i) => i.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const finished = page.items.find((i) => i.type === TimelineEvent.Finished)!;
    expect(finished).toMatchObject({ recordId: jobId, toStatus: JobStatus.Finished });
    expect(finished.fromStatus).not.toBeNull();
    expect(finished.actorName).toBeTruthy();
    expect(page.hasNext).toBe(false);
  });

  it("never shows another company's events, even when asked for their employee", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    await newJob(f);
    const otherJob = await newJob(other, "Their job");
    await jobEventsAt(other, otherJob, [
      { at: "2031-01-01T12:00:00Z", type: TimelineEvent.Started, actor: other.adminId },
    ]);
    const mine = await feed(f);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i) => i.recordLabel !== "Their job")).toBe(true);
    expect((await feed(f, { employeeId: other.adminId })).items).toEqual([]);
  });

  it("pages through (at, id) without gaps or repeats, knowing the next page by one row more", async () => {
    const f = await jobsFixture();
    const jobId = await newJob(f);
    await clearJobEvents(f);
    // 23 events, some sharing an instant: ties break on the id.
    await jobEventsAt(
      f,
      jobId,
      Array.from({ length: 23 }, (_, i) => ({
        at: `2031-01-${String(1 + Math.floor(i / 3)).padStart(2, "0")}T12:00:00Z`,
        type: TimelineEvent.JobEdited,
      })),
    );
    const all = await feed(f, {}, 1, 100);
    expect(all.items).toHaveLength(23);
    const pages = [await feed(f, {}, 1), await feed(f, {}, 2), await feed(f, {}, 3)];
    expect(pages.map((p) => [p.items.length, p.hasNext])).toEqual([
      [10, true],
      [10, true],
      [3, false],
    ]);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all.items.map((i) => i.id));
    expect(await feed(f, {}, 600)).toMatchObject({ items: [], tooDeep: true, hasNext: false });
  });

  it("filters by several types, by the employee who acted and by dates in the company's zone", async () => {
    const f = await jobsFixture();
    const jobId = await newJob(f);
    await clearJobEvents(f);
    await jobEventsAt(f, jobId, [
      // 2031-03-01 23:30 in New York is already March 2nd in UTC.
      { at: "2031-03-02T04:30:00Z", type: TimelineEvent.Started, actor: f.techId },
      { at: "2031-03-02T05:30:00Z", type: TimelineEvent.Finished, actor: f.adminId },
      { at: "2031-03-03T15:00:00Z", type: TimelineEvent.Cancelled },
      { at: "2031-03-05T15:00:00Z", type: TimelineEvent.Started, actor: f.adminId },
    ]);
    const types = (items: { type: number }[]) => items.map((i) => i.type);
    const job = (type: number) => ({ source: "job" as const, type });
    // An estimate's type 3 (Started in its own catalogue) is another type: not asked for, not shown.
    const { id: estimateId } = await createEstimate(f.admin, estimateCreateSchema.parse({ customerId: f.customerId }));
    await db.delete(estimateTimelineEvents).where(eq(estimateTimelineEvents.estimateId, estimateId));
    await db.insert(estimateTimelineEvents).values({
      companyId: f.companyId,
      estimateId,
      type: EstimateEvent.Started,
      at: new Date("2031-03-04T15:00:00Z"),
    });
    expect(types((await feed(f, { types: [job(TimelineEvent.Started), job(TimelineEvent.Cancelled)] })).items)).toEqual(
      [TimelineEvent.Started, TimelineEvent.Cancelled, TimelineEvent.Started],
    );
    const estimateStarted = await feed(f, { types: [{ source: "estimate", type: EstimateEvent.Started }] });
    expect(estimateStarted.items.map((i) => [i.source, i.recordId])).toEqual([["estimate", estimateId]]);
    expect(types((await feed(f, { employeeId: f.adminId })).items)).toEqual([
      TimelineEvent.Started,
      TimelineEvent.Finished,
    ]);
    expect(types((await feed(f, { from: "2031-03-01", to: "2031-03-01" })).items)).toEqual([TimelineEvent.Started]);
    expect(types((await feed(f, { from: "2031-03-02", to: "2031-03-03" })).items)).toEqual([
      TimelineEvent.Cancelled,
      TimelineEvent.Finished,
    ]);
    expect(
      types((await feed(f, { employeeId: f.adminId, types: [job(TimelineEvent.Started)], to: "2031-03-04" })).items),
    ).toEqual([]);
  });

  it("loses a removed record's events with it", async () => {
    const f = await jobsFixture();
    const jobId = await newJob(f, "Short-lived");
    const { id: estimateId } = await createEstimate(f.admin, estimateCreateSchema.parse({ customerId: f.customerId }));
    await db
      .insert(estimateTimelineEvents)
      .values({ companyId: f.companyId, estimateId, type: TimelineEvent.EstimateSent, actorType: ActorType.System });
    const invoice = await createInvoice(
      f.admin,
      invoiceCreateSchema.parse({ customerId: f.customerId, lineItems: [{ name: "Visit", unitPrice: "50" }] }),
    );
    const sources = async () => new Set((await feed(f, {}, 1, 100)).items.map((i) => `${i.source}:${i.recordId}`));
    expect(await sources()).toEqual(new Set([`job:${jobId}`, `estimate:${estimateId}`, `invoice:${invoice.id}`]));
    await deleteJob(f.admin, jobId);
    await deleteEstimate(f.admin, estimateId);
    await deleteInvoice(f.admin, invoice.id);
    expect(await sources()).toEqual(new Set());
    const left = await db.select().from(invoiceTimelineEvents).where(eq(invoiceTimelineEvents.invoiceId, invoice.id));
    expect(left).toEqual([]);
  });
});

describe("the invoices' timeline", () => {
  it("records creation, payments, paid, uncollectible and its undo with actor and status move", async () => {
    const f = await jobsFixture();
    const create = (amount: string) =>
      createInvoice(
        { ...f.admin, impersonatorUserId: f.techId },
        invoiceCreateSchema.parse({ customerId: f.customerId, lineItems: [{ name: "Visit", unitPrice: amount }] }),
      );
    const paid = await create("100");
    await recordInvoicePayment({
      companyId: f.companyId,
      invoiceId: paid.id,
      method: 1,
      amountCents: 4000,
      idempotencyKey: "feed-1",
      recordedByUserId: f.adminId,
    });
    await recordInvoicePayment({
      companyId: f.companyId,
      invoiceId: paid.id,
      method: 2,
      amountCents: 6000,
      idempotencyKey: "feed-2",
      stripeCheckoutSessionId: "cs_test_feed",
      stripePaymentIntentId: "pi_test_feed",
    });
    const events = async (invoiceId: number) =>
      db
        .select({
          type: invoiceTimelineEvents.type,
          actorType: invoiceTimelineEvents.actorType,
          actorUserId: invoiceTimelineEvents.actorUserId,
          impersonatorUserId: invoiceTimelineEvents.impersonatorUserId,
          fromStatus: invoiceTimelineEvents.fromStatus,
          toStatus: invoiceTimelineEvents.toStatus,
          data: invoiceTimelineEvents.data,
        })
        .from(invoiceTimelineEvents)
        .where(and(eq(invoiceTimelineEvents.companyId, f.companyId), eq(invoiceTimelineEvents.invoiceId, invoiceId)))
        .orderBy(invoiceTimelineEvents.id);
    expect(await events(paid.id)).toEqual([
      {
        type: TimelineEvent.InvoiceCreated,
        actorType: ActorType.Employee,
        actorUserId: f.adminId,
        impersonatorUserId: f.techId,
        fromStatus: null,
        toStatus: InvoiceStatus.NotSent,
        data: null,
      },
      {
        type: TimelineEvent.PaymentRecorded,
        actorType: ActorType.Employee,
        actorUserId: f.adminId,
        impersonatorUserId: null,
        fromStatus: null,
        toStatus: null,
        data: { amountCents: 4000, method: 1 },
      },
      {
        type: TimelineEvent.PaymentRecorded,
        actorType: ActorType.MainParticipant,
        actorUserId: null,
        impersonatorUserId: null,
        fromStatus: null,
        toStatus: null,
        data: { amountCents: 6000, method: 2 },
      },
      {
        type: TimelineEvent.InvoicePaid,
        actorType: ActorType.MainParticipant,
        actorUserId: null,
        impersonatorUserId: null,
        fromStatus: InvoiceStatus.NotSent,
        toStatus: InvoiceStatus.Paid,
        data: null,
      },
    ]);

    const lost = await create("30");
    await setUncollectible(f.admin, lost.id, true);
    await setUncollectible(f.admin, lost.id, false);
    expect((await events(lost.id)).map((e) => [e.type, e.fromStatus, e.toStatus])).toEqual([
      [TimelineEvent.InvoiceCreated, null, InvoiceStatus.NotSent],
      [TimelineEvent.InvoiceUncollectible, InvoiceStatus.NotSent, InvoiceStatus.Uncollectible],
      [TimelineEvent.StatusUndone, InvoiceStatus.Uncollectible, InvoiceStatus.NotSent],
    ]);

    // On the feed: the impersonated creator, the customer who paid online, the amount.
    const items = (
      await feed(f, {
        types: [
          { source: "invoice", type: TimelineEvent.InvoiceCreated },
          { source: "invoice", type: TimelineEvent.PaymentRecorded },
        ],
      })
    ).items;
    const [admin] = await db.select().from(users).where(eq(users.id, f.adminId));
    const [tech] = await db.select().from(users).where(eq(users.id, f.techId));
    const created = items.find((i) => i.recordId === paid.id && i.type === TimelineEvent.InvoiceCreated)!;
    expect(created.actorName).toBe(`${admin.firstName} ${admin.lastName}`.trim());
    expect(created.impersonatorName).toBe(`${tech.firstName} ${tech.lastName}`.trim());
    const online = items.find((i) => i.actorType === ActorType.MainParticipant)!;
    expect(online).toMatchObject({ amountCents: 6000, method: 2, customerName: "Grace Hopper" });
  });
});

describe("GET /activity-feed", () => {
  it("answers an admin with the page; a field tech gets 403; hostile filters are ignored or field errors", async () => {
    const f = await jobsFixture();
    const jobId = await newJob(f, "Boiler swap");
    const cookie = await sessionCookie(f.adminId);
    const ok = await run(loader, "/activity-feed", { cookie });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { feed: { items: { recordLabel: string; recordId: number }[] } };
    expect(body.feed.items[0]).toMatchObject({ recordLabel: "Boiler swap", recordId: jobId });

    const tech = await run(loader, "/activity-feed", { cookie: await sessionCookie(f.techId) });
    expect(tech.status).toBe(403);
    const office = await createTestUser(f.companyId, Role.OfficeStaff);
    expect((await run(loader, "/activity-feed", { cookie: await sessionCookie(office.userId) })).status).toBe(200);

    const hostile = await run(
      loader,
      "/activity-feed?type=99&type=abc&type=job-1e400&type=invoice-0&employee=-1&from=2031-02-30&to=%27;drop&page=-5&pageSize=1000000",
      { cookie },
    );
    expect(hostile.status).toBe(200);
    const parsed = (await hostile.json()) as {
      filters: ActivityFilters;
      errors: Record<string, string>;
      feed: { page: number; pageSize: number; items: unknown[] };
    };
    expect(parsed.filters).toEqual(NO_FILTERS);
    expect(parsed.errors).toEqual({ from: "Enter a date as YYYY-MM-DD", to: "Enter a date as YYYY-MM-DD" });
    expect(parsed.feed).toMatchObject({ page: 1, pageSize: 10 });
    expect(parsed.feed.items.length).toBeGreaterThan(0);
  });

  it("reads a reversed range as a field error and several types from the URL", () => {
    const q = readActivityQuery(
      new URL(
        "http://x/activity-feed?type=job-3&type=estimate-5&type=job-3&type=invoice-3&type=estimate-99&from=2031-03-05&to=2031-03-01",
      ),
    );
    expect(q.filters).toEqual({
      types: [
        { source: "job", type: 3 },
        { source: "estimate", type: 5 },
      ],
      employeeId: null,
      from: null,
      to: null,
    });
    expect(q.errors).toEqual({ to: "The end date must be on or after the start date" });
  });
});

describe("the bench's history seed (bench/activity-seed.ts)", () => {
  it("writes events of every timeline that the feed pages through", async () => {
    const f = await jobsFixture();
    const jobId = await newJob(f);
    await updateJobStatus(f.admin, { jobId, status: JobStatus.Finished });
    await createEstimate(f.admin, estimateCreateSchema.parse({ customerId: f.customerId }));
    await createInvoice(
      f.admin,
      invoiceCreateSchema.parse({ customerId: f.customerId, lineItems: [{ name: "Visit", unitPrice: "50" }] }),
    );
    await clearJobEvents(f);
    await db.delete(invoiceTimelineEvents).where(eq(invoiceTimelineEvents.companyId, f.companyId));
    await db.delete(estimateTimelineEvents).where(eq(estimateTimelineEvents.companyId, f.companyId));
    const people = await seedActivity(f.companyId);
    expect(people).toContain(f.adminId);
    const items = (await feed(f, {}, 1, 100)).items;
    expect(items.map((i) => `${i.source}:${i.type}`).sort()).toEqual(
      ["estimate:5", "invoice:26", "job:0", "job:1", "job:3", "job:4"].sort(),
    );
  });
});
