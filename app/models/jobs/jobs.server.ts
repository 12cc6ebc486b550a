import { byCustomerName, pagedList } from "~/models/list-pages.server";
import { FieldRuleError } from "~/models/rules";
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Executor } from "~/db.server";
import {
  companies,
  customerAddresses,
  customers,
  jobAttachments,
  jobCounts,
  jobCurrentStateAttachments,
  jobEmployees,
  jobLineItems,
  jobPayments,
  jobs,
  jobSegments,
  jobSeries,
  jobTags,
  jobTimelineEvents,
  users,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { addRecordFile, recordFileTable, removeRecordFile } from "~/models/files/record-files.server";
import type { Paging } from "~/http/api.server";
import {
  expandOccurrences,
  isTimeZone,
  shiftWall,
  startOfDayInZone,
  wallDeltaMinutes,
  weekdayInZone,
} from "~/models/jobs/job-recurrence";
import {
  deleteVisits,
  extendSeries,
  horizonFrom,
  insertVisitCopies,
  newPublicToken,
  occurrencesUpTo,
  recurrenceOf,
  ruleColumns,
  ruleOf,
  type SeriesRow,
} from "~/models/jobs/job-series.server";
import {
  EditScope,
  JOB_STATUS_MOVES,
  JobStatus,
  jobStatusLabels,
  OPEN_VISIT_STATUSES,
  PAYABLE_STATUSES,
  SERIES_MAX_VISITS,
  statusEvent,
  TimelineEvent,
  type EditScopeValue,
  type JobCreateInput,
  type JobSortField,
  type JobStatusValue,
  type JobUpdateInput,
  type RecurrenceInput,
  type TimelineEventValue,
} from "~/models/jobs/jobs.schema";
import { costsKeptFromTech, ownLineImageUrl } from "~/models/line-items/line-items.server";
import { totalsLine, type LineItemInput } from "~/models/line-items/line-items.schema";
import { computeTotals } from "~/models/line-items/totals";
import { lineInputOf, lineItemColumns } from "~/models/line-items/line-rows.server";
import { readsCosts } from "~/access/roles";
import { TagType } from "~/models/company/tags.schema";
import { tagsStartingWith } from "~/models/company/tags.server";
import { queueFinishedJobCampaigns } from "~/models/campaigns/campaign-sending.server";
import { PlanFeature } from "~/access/features";
import {
  cancelPending,
  companyHasPlanFeature,
  MessageKind,
  nudgeDispatcher,
  queueMessage,
  requestKey,
  syncReminders,
} from "~/models/messaging/automatic.server";
import {
  actor,
  addTimelineEvent,
  assignedEmployees,
  customerContact,
  findVisitRecord,
  isFieldTech,
  lastUndoableMove,
  refuseTechReassignment as refuseAssigneeChange,
  recordTags,
  restoredVisitTimes,
  saveStatusMove,
  setRecordTags,
  tagsOfRecord,
  timelineOf,
  visibleToCaller,
  visitRecord,
  visitTimeline,
  type RecordTags,
} from "~/models/visits/visit-records.server";
import { followPlanVisitDescription, startBillingAfterVisit } from "~/models/service-plans/plan-visits.server";
import { applyTemplate } from "~/models/templates/templates.server";
import { recordJobWebhook } from "~/models/webhooks/event-data.server";

/** A business rule failed: the message goes onto `field` (or the form) with status 400. */
export class JobRuleError extends FieldRuleError {}

/** A job is a record with a visit: the shared rules of app/models/visits read these tables. */
const jobRecord = visitRecord(jobs, jobEmployees, "jobId");
const jobTimeline = visitTimeline(jobTimelineEvents, "jobId");
const jobTagLinks = recordTags(jobTags, "jobId");

const visibleJobs = (ctx: CallerContext) => visibleToCaller(ctx, jobRecord);

type JobRow = typeof jobs.$inferSelect;

const findJob = (exec: Executor, ctx: CallerContext, id: number, lock = false) =>
  findVisitRecord<JobRow>(exec, ctx, jobRecord, id, lock);

export async function companyTimeZone(exec: Executor, companyId: number): Promise<string> {
  const [row] = await exec.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row?.timezone ?? "America/New_York";
}

// Kept where callers found it before the visit rules moved to app/models/visits.
export { actor };

export const addTimeline = (
  exec: Executor,
  ctx: CallerContext,
  jobId: number,
  type: TimelineEventValue,
  extra: Partial<typeof jobTimelineEvents.$inferInsert> = {},
) => addTimelineEvent(exec, ctx, jobTimeline, jobId, type, extra);

/**
 * The customer is told that the visit is scheduled (job scheduled message, text and email), in
 * the transaction of the change; the timeline entry of that change makes the message's key.
 */
const queueJobScheduled = (exec: Executor, ctx: CallerContext, jobId: number, eventId: number) =>
  queueMessage(exec, {
    companyId: ctx.companyId,
    jobId,
    kind: MessageKind.JobScheduled,
    key: `job-scheduled:${jobId}:${eventId}`,
  });

/** Employees of the company among the ids (a foreign or deleted user is refused). */
export async function checkEmployees(exec: Executor, ctx: CallerContext, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), inArray(users.id, unique), isNull(users.deletedAt)));
  if (rows.length !== unique.length) throw new JobRuleError("Employee not found", "employeeIds");
  return unique;
}

const refuseTechReassignment = (exec: Executor, ctx: CallerContext, jobId: number, employeeIds: number[]) =>
  refuseAssigneeChange(exec, ctx, jobRecord.assignees, jobId, employeeIds);

async function setEmployees(exec: Executor, ctx: CallerContext, jobIds: number[], employeeIds: number[]) {
  if (jobIds.length === 0) return;
  await exec
    .delete(jobEmployees)
    .where(and(eq(jobEmployees.companyId, ctx.companyId), inArray(jobEmployees.jobId, jobIds)));
  if (employeeIds.length === 0) return;
  const starts = await exec
    .select({ id: jobs.id, startTime: jobs.startTime })
    .from(jobs)
    .where(inArray(jobs.id, jobIds));
  const rows = starts.flatMap((j) =>
    employeeIds.map((userId) => ({ jobId: j.id, userId, companyId: ctx.companyId, startTime: j.startTime })),
  );
  for (let i = 0; i < rows.length; i += 5000) await exec.insert(jobEmployees).values(rows.slice(i, i + 5000));
}

const setTags = (exec: Executor, ctx: CallerContext, jobId: number, tagIds: number[]) =>
  setRecordTags(exec, ctx, jobTagLinks, TagType.Job, jobId, tagIds);

/** A line's image is this company's upload (the line-items rule); refused on the line's field. */
export function lineImage(ctx: CallerContext, imageUrl: string | undefined, position: number): string | null {
  if (!imageUrl) return null;
  const own = ownLineImageUrl(ctx.companyId, imageUrl);
  if (!own)
    throw new JobRuleError(
      "The image must be uploaded through jobs/upload-line-item-image",
      `lineItems[${position}].imageUrl`,
    );
  return own;
}

/** The job's stored lines as the cost rule reads them (a new job has none). */
const storedLineCosts = (exec: Executor, jobId: number | null) => async () =>
  jobId
    ? exec
        .select({
          name: jobLineItems.name,
          priceListItemId: jobLineItems.priceListItemId,
          costCents: jobLineItems.costCents,
        })
        .from(jobLineItems)
        .where(eq(jobLineItems.jobId, jobId))
        .orderBy(asc(jobLineItems.position))
    : [];

const lineRows = (ctx: CallerContext, jobId: number, lines: LineItemInput[], amounts: number[]) =>
  lineItemColumns(ctx.companyId, lines, amounts, (imageUrl, position) => lineImage(ctx, imageUrl, position)).map(
    (row) => ({ ...row, jobId }),
  );

const totalsFor = (lines: LineItemInput[], discountCents: number, taxRate: number) =>
  computeTotals(lines.map(totalsLine), discountCents, taxRate);

export function searchTextOf(parts: Array<string | null | undefined>) {
  return parts.filter(Boolean).join(" ").toLowerCase().slice(0, 4000);
}

export async function customerSearchParts(exec: Executor, customerId: number) {
  const [c] = await exec
    .select({ firstName: customers.firstName, lastName: customers.lastName, ownCompanyName: customers.ownCompanyName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return c ? [c.firstName, c.lastName, c.ownCompanyName] : [];
}

type VisitDetails = Partial<
  Pick<
    typeof jobs.$inferInsert,
    | "name"
    | "description"
    | "privateNotes"
    | "message"
    | "isAllDay"
    | "customerAddressId"
    | "location"
    | "unitNumber"
    | "geoData"
  >
>;

/**
 * The details an edit of a job or an estimate changes alike (shared because both are records with
 * a visit): the name, the texts (blank clears), all-day, and the property with its address.
 */
export async function visitDetailChanges(
  exec: Executor,
  ctx: CallerContext,
  customerId: number,
  input: {
    name?: string;
    description?: string;
    privateNotes?: string;
    message?: string;
    isAllDay?: boolean;
    customerAddressId?: number;
  },
): Promise<VisitDetails> {
  const changes: VisitDetails = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.privateNotes !== undefined) changes.privateNotes = input.privateNotes || null;
  if (input.message !== undefined) changes.message = input.message || null;
  if (input.isAllDay !== undefined) changes.isAllDay = input.isAllDay;
  if (input.customerAddressId !== undefined) {
    const address = await ownAddress(exec, ctx, customerId, input.customerAddressId);
    Object.assign(changes, {
      customerAddressId: address.id,
      location: address.location,
      unitNumber: address.unitNumber,
      geoData: address.geoData,
    });
  }
  return changes;
}

/**
 * The search text of a job or an estimate after `changes` (shared because both are found by the
 * same words): `leading` (an estimate's number), the name, the description, the customer's names
 * and the location.
 */
export async function visitSearchText(
  exec: Executor,
  record: { name: string | null; description: string | null; location: string | null; customerId: number },
  changes: VisitDetails,
  leading: string[] = [],
): Promise<string> {
  return searchTextOf([
    ...leading,
    changes.name ?? record.name,
    changes.description === undefined ? record.description : changes.description,
    ...(await customerSearchParts(exec, record.customerId)),
    changes.location ?? record.location,
  ]);
}

/** The start and end of a visit from the form: all-day visits take whole days in the zone. */
export function visitTimes(
  input: { startTime?: Date; endTime?: Date; isAllDay?: boolean },
  timeZone: string,
): { start: Date; end: Date } | null {
  if (!input.startTime) return null;
  if (input.isAllDay) {
    const start = startOfDayInZone(input.startTime, timeZone);
    const lastDay = startOfDayInZone(
      input.endTime && input.endTime > input.startTime ? input.endTime : input.startTime,
      timeZone,
    );
    return { start, end: shiftWall(lastDay, 24 * 60, timeZone) };
  }
  const end = input.endTime ?? new Date(input.startTime.getTime() + 60 * 60_000);
  if (end <= input.startTime) throw new JobRuleError("End time must be after start time", "endTime");
  return { start: input.startTime, end };
}

/** The company's customer (not deleted) with the names a record's search text takes, or null; jobs, estimates and invoices share it. */
export async function liveCustomer(exec: Executor, companyId: number, customerId: number) {
  const [customer] = await exec
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      ownCompanyName: customers.ownCompanyName,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId), isNull(customers.deletedAt)));
  return customer ?? null;
}

/** What a new job or estimate takes from its form, shared because both are records with a visit. */
export type NewVisitInput = {
  customerId: number;
  customerAddressId?: number;
  location?: string;
  description?: string;
  privateNotes?: string;
  message?: string;
  startTime?: Date;
  endTime?: Date;
  isAllDay?: boolean;
  arrivalWindowOffset?: number;
  timezone?: string;
  employeeIds?: number[];
  taxRate: number;
  bookingRequestId?: number;
  templateId?: number;
};

/**
 * The visit of a new job or estimate from its form (shared because both are records with a
 * visit): the company's live customer (`Refusal` on customerId when not), the chosen property or
 * else the first, the time zone, the times, the employees (a field tech always among them), and
 * the columns both tables fill alike.
 */
export async function newVisit(
  tx: Executor,
  ctx: CallerContext,
  input: NewVisitInput,
  name: string,
  Refusal: new (message: string, field?: string) => Error,
) {
  const customer = await liveCustomer(tx, ctx.companyId, input.customerId);
  if (!customer) throw new Refusal("Customer not found", "customerId");
  const address = input.customerAddressId
    ? await ownAddress(tx, ctx, customer.id, input.customerAddressId)
    : await firstAddress(tx, customer.id);
  const timeZone =
    input.timezone && isTimeZone(input.timezone) ? input.timezone : await companyTimeZone(tx, ctx.companyId);
  const times = visitTimes(input, timeZone);
  let employeeIds = await checkEmployees(tx, ctx, input.employeeIds ?? []);
  if (isFieldTech(ctx) && !employeeIds.includes(ctx.userId)) employeeIds = [...employeeIds, ctx.userId];
  const location = input.location ?? address?.location ?? null;
  return {
    customer,
    times,
    employeeIds,
    columns: {
      companyId: ctx.companyId,
      customerId: customer.id,
      customerAddressId: address?.id ?? null,
      location,
      unitNumber: address?.unitNumber ?? null,
      geoData: address?.geoData ?? null,
      name,
      description: input.description ?? null,
      privateNotes: input.privateNotes ?? null,
      message: input.message ?? null,
      startTime: times?.start ?? null,
      endTime: times?.end ?? null,
      isAllDay: input.isAllDay ?? false,
      arrivalWindowOffset: input.arrivalWindowOffset ?? 0,
      timezone: timeZone,
      taxRate: input.taxRate,
      publicToken: newPublicToken(),
      bookingRequestId: input.bookingRequestId ?? null,
      templateId: input.templateId ?? null,
      createdByUserId: ctx.userId,
    },
  };
}

function defaultName(input: { name?: string; lineItems: LineItemInput[]; description?: string }) {
  return input.name ?? input.lineItems[0]?.name ?? input.description?.split("\n")[0].slice(0, 80) ?? "Job";
}

/** POST jobs: creates a job (and, with a recurrence, its series of visits) in one transaction. */
export async function createJob(
  ctx: CallerContext,
  input: JobCreateInput,
  now = new Date(),
  within: Executor = db,
): Promise<{ id: number; publicToken: string }> {
  let queued = false;
  // Within another transaction (an estimate copied to a job), the job is one savepoint of it.
  const created = await within.transaction(async (tx) => {
    const { customer, times, employeeIds, columns } = await newVisit(tx, ctx, input, defaultName(input), JobRuleError);
    const totals = totalsFor(input.lineItems, input.discount, input.taxRate);
    const status: JobStatusValue = times
      ? input.jobStatus === JobStatus.Prescheduled
        ? JobStatus.Prescheduled
        : JobStatus.Scheduled
      : JobStatus.Unscheduled;
    const [job] = await tx
      .insert(jobs)
      .values({
        ...columns,
        status,
        sendAppointmentReminder: input.sendAppointmentReminder ?? false,
        discountCents: totals.discountCents,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        servicePlanVisitDescription: input.servicePlanVisitDescription ?? null,
        searchText: searchTextOf([
          columns.name,
          input.description,
          customer.firstName,
          customer.lastName,
          customer.ownCompanyName,
          columns.location,
        ]),
      })
      .returning();
    if (input.lineItems.length)
      await tx
        .insert(jobLineItems)
        .values(
          lineRows(
            ctx,
            job.id,
            await costsKeptFromTech(tx, ctx, storedLineCosts(tx, null), input.lineItems),
            totals.lineAmounts,
          ),
        );
    await setEmployees(tx, ctx, [job.id], employeeIds);
    await setTags(tx, ctx, job.id, input.tags);
    const eventId = await addTimeline(tx, ctx, job.id, TimelineEvent.JobCreated, { toStatus: status });
    if (times && input.recurrence) await startSeries(tx, ctx, job, input.recurrence, now);
    if (input.templateId)
      await applyTemplate(
        tx,
        ctx,
        { jobId: job.id },
        input.templateId,
        input.templateAttachments ?? true,
        JobRuleError,
      );
    await syncReminders(tx, ctx.companyId, [job.id], now);
    if (times && input.notify) queued = await queueJobScheduled(tx, ctx, job.id, eventId);
    await recordJobWebhook(tx, ctx.companyId, "job.created", job.id);
    return { id: job.id, publicToken: job.publicToken };
  });
  if (queued) nudgeDispatcher();
  return created;
}

export async function ownAddress(exec: Executor, ctx: CallerContext, customerId: number, addressId: number) {
  const [row] = await exec
    .select()
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.id, addressId),
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.companyId, ctx.companyId),
      ),
    );
  if (!row) throw new JobRuleError("Property not found", "customerAddressId");
  return row;
}

export async function firstAddress(exec: Executor, customerId: number) {
  const [row] = await exec
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isBilling), asc(customerAddresses.position))
    .limit(1);
  return row ?? null;
}

/** Turns a scheduled job into the first visit of a new series and materialises the rest. */
async function startSeries(
  tx: Executor,
  ctx: CallerContext,
  job: JobRow,
  recurrence: RecurrenceInput,
  now = new Date(),
): Promise<SeriesRow> {
  if (!job.startTime || !job.endTime)
    throw new JobRuleError("Schedule the job before making it recurring", "recurrence");
  // The horizon runs from today, or from the first visit when the series starts later.
  const horizon = horizonFrom(job.startTime > now ? job.startTime : now);
  const durationMinutes = wallDeltaMinutes(job.startTime, job.endTime, job.timezone);
  const [series] = await tx
    .insert(jobSeries)
    .values({
      companyId: ctx.companyId,
      ...ruleColumns(recurrence),
      dtstart: job.startTime,
      timezone: job.timezone,
      durationMinutes,
      isAllDay: job.isAllDay,
      materializedUntil: horizon,
    })
    .returning();
  const [updated] = await tx
    .update(jobs)
    .set({ seriesId: series.id, seriesOccurrence: job.startTime })
    .where(eq(jobs.id, job.id))
    .returning();
  const starts = occurrencesUpTo(series, job.startTime, horizon);
  await insertVisitCopies(tx, updated, series.id, starts, durationMinutes, job.timezone);
  return series;
}

/** PUT jobs/{id}: details, line items, money, tags. Totals are recomputed on the server. */
export async function updateJob(ctx: CallerContext, id: number, input: JobUpdateInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, id, true);
    if (!job) return false;
    const changes: Partial<typeof jobs.$inferInsert> = {
      updatedAt: new Date(),
      ...(await visitDetailChanges(tx, ctx, job.customerId, input)),
    };
    if (input.servicePlanVisitDescription !== undefined)
      changes.servicePlanVisitDescription = input.servicePlanVisitDescription || null;
    if (input.taxRate !== undefined) changes.taxRate = input.taxRate;
    let lines = input.lineItems && (await costsKeptFromTech(tx, ctx, storedLineCosts(tx, id), input.lineItems));
    if (lines) {
      await tx.delete(jobLineItems).where(eq(jobLineItems.jobId, id));
    } else {
      const current = await tx
        .select()
        .from(jobLineItems)
        .where(eq(jobLineItems.jobId, id))
        .orderBy(asc(jobLineItems.position));
      lines = current.map(lineInputOf);
    }
    const totals = totalsFor(lines, input.discount ?? job.discountCents, changes.taxRate ?? job.taxRate);
    if (input.lineItems?.length) await tx.insert(jobLineItems).values(lineRows(ctx, id, lines, totals.lineAmounts));
    Object.assign(changes, {
      discountCents: totals.discountCents,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    });
    changes.searchText = await visitSearchText(tx, job, changes);
    await tx
      .update(jobs)
      .set(changes)
      .where(and(eq(jobs.id, id), eq(jobs.companyId, ctx.companyId)));
    if (input.tags) await setTags(tx, ctx, id, input.tags);
    await addTimeline(tx, ctx, id, TimelineEvent.JobEdited);
    await recordJobWebhook(tx, ctx.companyId, "job.updated", id);
    return true;
  });
}

/** PUT jobs/{id}/rename. */
export async function renameJob(ctx: CallerContext, id: number, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, id, true);
    if (!job) return false;
    const searchText = await visitSearchText(tx, job, { name });
    await tx
      .update(jobs)
      .set({ name, searchText, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.companyId, ctx.companyId)));
    await addTimeline(tx, ctx, id, TimelineEvent.Renamed, { data: { from: job.name, to: name } });
    return true;
  });
}

/** PUT jobs/{id}/visit-description: this visit, or every open visit of its series (affectSubscription). */
export async function updateVisitDescription(
  ctx: CallerContext,
  id: number,
  input: { servicePlanVisitDescription: string | null; affectSubscription: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, id, true);
    if (!job) return false;
    const which =
      input.affectSubscription && job.customerServicePlanId
        ? await followPlanVisitDescription(
            tx,
            { ...job, customerServicePlanId: job.customerServicePlanId },
            input.servicePlanVisitDescription,
          )
        : input.affectSubscription && job.seriesId
          ? or(eq(jobs.id, id), and(eq(jobs.seriesId, job.seriesId), inArray(jobs.status, [...OPEN_VISIT_STATUSES])))
          : eq(jobs.id, id);
    await tx
      .update(jobs)
      .set({ servicePlanVisitDescription: input.servicePlanVisitDescription, updatedAt: new Date() })
      .where(and(eq(jobs.companyId, ctx.companyId), which));
    return true;
  });
}

/** PUT jobs/{id}/employees. */
export async function assignEmployees(ctx: CallerContext, id: number, employeeIds: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, id, true);
    if (!job) return false;
    const ids = await checkEmployees(tx, ctx, employeeIds);
    await refuseTechReassignment(tx, ctx, id, ids);
    await setEmployees(tx, ctx, [id], ids);
    await addTimeline(tx, ctx, id, TimelineEvent.EmployeesAssigned, { data: { employeeIds: ids } });
    return true;
  });
}

export type RescheduleInput = {
  id: number;
  startTime?: Date;
  endTime?: Date;
  isAllDay?: boolean;
  arrivalWindowOffset?: number;
  employeeIds?: number[];
  /** undefined keeps the rule; null removes it ('never'); an object sets it. */
  recurrence?: RecurrenceInput | null;
  changeRecurrentJobs?: boolean;
  recurrentEventEditOption?: number;
  description?: string;
  sendAppointmentReminder?: boolean;
  setArrivalWindowOffsetAsDefault?: boolean;
  timezone?: string;
  notify?: boolean;
};

export type RescheduleResult = {
  id: number;
  updatedJobIds: number[];
  createdJobIds: number[];
  deletedJobIds: number[];
  seriesId: number | null;
};

/**
 * POST jobs/schedule, and every move on the schedule screen: schedules or moves a visit, with
 * the scope question for series visits (only this, this and following, all). Everything is one
 * transaction, however many visits it touches (docs/decisions/018-jobs-recurrence.md).
 */
export async function rescheduleVisit(
  ctx: CallerContext,
  input: RescheduleInput,
  now = new Date(),
): Promise<RescheduleResult | null> {
  const { result, queued } = await db.transaction((tx) => rescheduleVisitIn(tx, ctx, input, now));
  if (queued) nudgeDispatcher();
  return result;
}

/**
 * rescheduleVisit inside the caller's transaction (several visits moved together, as route
 * optimisation's apply does); `queued` when a message waits for the dispatcher's nudge.
 */
export async function rescheduleVisitIn(
  tx: Executor,
  ctx: CallerContext,
  input: RescheduleInput,
  now: Date,
): Promise<{ result: RescheduleResult | null; queued: boolean }> {
  let queued = false;
  const job = await findJob(tx, ctx, input.id, true);
  if (!job) return { result: null, queued };
  if (job.status === JobStatus.Finished || job.status === JobStatus.Paid || job.status === JobStatus.Cancelled) {
    throw new JobRuleError(
      `A ${jobStatusLabels[job.status as JobStatusValue].toLowerCase()} job cannot be rescheduled`,
    );
  }
  const timeZone = input.timezone && isTimeZone(input.timezone) ? input.timezone : job.timezone;
  const times = visitTimes(
    { startTime: input.startTime, endTime: input.endTime, isAllDay: input.isAllDay ?? job.isAllDay },
    timeZone,
  );
  if (!times) throw new JobRuleError("Start time is required", "startTime");
  const employeeIds = input.employeeIds === undefined ? undefined : await checkEmployees(tx, ctx, input.employeeIds);
  if (employeeIds) await refuseTechReassignment(tx, ctx, job.id, employeeIds);
  if (input.setArrivalWindowOffsetAsDefault && input.arrivalWindowOffset !== undefined) {
    await tx
      .update(users)
      .set({ defaultArrivalWindowOffset: input.arrivalWindowOffset })
      .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)));
  }
  const common: Partial<typeof jobs.$inferInsert> = { updatedAt: now, timezone: timeZone };
  if (input.isAllDay !== undefined) common.isAllDay = input.isAllDay;
  if (input.arrivalWindowOffset !== undefined) common.arrivalWindowOffset = input.arrivalWindowOffset;
  if (input.description !== undefined) common.description = input.description || null;
  if (input.sendAppointmentReminder !== undefined) common.sendAppointmentReminder = input.sendAppointmentReminder;

  const scope: EditScopeValue =
    !job.seriesId || input.changeRecurrentJobs === false
      ? EditScope.OnlyThis
      : ((input.recurrentEventEditOption ?? EditScope.OnlyThis) as EditScopeValue);
  const result: RescheduleResult = {
    id: job.id,
    updatedJobIds: [job.id],
    createdJobIds: [],
    deletedJobIds: [],
    seriesId: job.seriesId,
  };
  const wasOpen = job.status === JobStatus.Unscheduled || job.status === JobStatus.Prescheduled;
  const status = job.status === JobStatus.Unscheduled ? JobStatus.Scheduled : job.status;

  if (!job.seriesId || scope === EditScope.OnlyThis) {
    const [updated] = await tx
      .update(jobs)
      .set({ ...common, status, startTime: times.start, endTime: times.end })
      .where(and(eq(jobs.id, job.id), eq(jobs.companyId, ctx.companyId)))
      .returning();
    await tx.update(jobEmployees).set({ startTime: times.start }).where(eq(jobEmployees.jobId, job.id));
    if (employeeIds) await setEmployees(tx, ctx, [job.id], employeeIds);
    if (!job.seriesId && input.recurrence) {
      const series = await startSeries(tx, ctx, updated, input.recurrence, now);
      result.seriesId = series.id;
      result.createdJobIds = (
        await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.seriesId, series.id), ne(jobs.id, job.id)))
      ).map((r) => r.id);
    }
  } else {
    await editSeries(
      tx,
      ctx,
      job,
      { scope, times, timeZone, common, employeeIds, recurrence: input.recurrence, now },
      result,
    );
  }
  const eventId = await addTimeline(
    tx,
    ctx,
    job.id,
    wasOpen && job.status !== status ? statusEvent[status as JobStatusValue] : TimelineEvent.Rescheduled,
    {
      fromStatus: job.status,
      toStatus: status,
      notifyCustomer: input.notify ?? false,
      data: { startTime: job.startTime?.toISOString() ?? null, endTime: job.endTime?.toISOString() ?? null, scope },
    },
  );
  // Visits created on the way (a new series) got theirs in insertVisitCopies.
  await syncReminders(tx, ctx.companyId, [job.id, ...result.updatedJobIds], now);
  if (input.notify) queued = await queueJobScheduled(tx, ctx, job.id, eventId);
  return { result, queued };
}

type SeriesEdit = {
  scope: EditScopeValue;
  times: { start: Date; end: Date };
  timeZone: string;
  common: Partial<typeof jobs.$inferInsert>;
  employeeIds?: number[];
  recurrence?: RecurrenceInput | null;
  now: Date;
};

/** "This and following" or "all" on a series visit: a new rule, matched to the open visits in order. */
async function editSeries(
  tx: Executor,
  ctx: CallerContext,
  clicked: JobRow,
  edit: SeriesEdit,
  result: RescheduleResult,
) {
  const [series] = await tx
    .select()
    .from(jobSeries)
    .where(and(eq(jobSeries.id, clicked.seriesId!), eq(jobSeries.companyId, ctx.companyId)))
    .for("update");
  const clickedOccurrence = clicked.seriesOccurrence ?? clicked.startTime ?? edit.times.start;
  const open = await tx
    .select({ id: jobs.id, occurrence: jobs.seriesOccurrence, startTime: jobs.startTime })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, ctx.companyId),
        eq(jobs.seriesId, series.id),
        inArray(jobs.status, [...OPEN_VISIT_STATUSES]),
      ),
    )
    .orderBy(asc(jobs.seriesOccurrence), asc(jobs.id));
  const anchor =
    edit.scope === EditScope.All
      ? open[0]?.occurrence && open[0].occurrence < clickedOccurrence
        ? open[0].occurrence
        : clickedOccurrence
      : clickedOccurrence;
  const affected = open.filter((v) => v.id !== clicked.id && v.occurrence && v.occurrence >= anchor);
  affected.push({ id: clicked.id, occurrence: clickedOccurrence, startTime: clicked.startTime });
  affected.sort((a, b) => a.occurrence!.getTime() - b.occurrence!.getTime() || a.id - b.id);
  const tz = edit.timeZone;
  const oldStart = clicked.startTime ?? clickedOccurrence;
  const delta = wallDeltaMinutes(oldStart, edit.times.start, tz);
  const durationMinutes = wallDeltaMinutes(edit.times.start, edit.times.end, tz);
  const before = expandOccurrences(ruleOf(series), { before: new Date(anchor.getTime() - 1) }).length;

  if (edit.recurrence === null) {
    // 'never': the clicked visit leaves the series; the other affected visits go.
    const others = affected.filter((v) => v.id !== clicked.id).map((v) => v.id);
    await deleteVisits(tx, ctx.companyId, others);
    result.deletedJobIds = others;
    await tx
      .update(jobs)
      .set({
        ...edit.common,
        status: JobStatus.Scheduled,
        seriesId: null,
        seriesOccurrence: null,
        startTime: edit.times.start,
        endTime: edit.times.end,
      })
      .where(eq(jobs.id, clicked.id));
    await tx.update(jobEmployees).set({ startTime: edit.times.start }).where(eq(jobEmployees.jobId, clicked.id));
    if (edit.employeeIds) await setEmployees(tx, ctx, [clicked.id], edit.employeeIds);
    await endSeriesBefore(tx, series, anchor, before);
    result.seriesId = null;
    return;
  }

  // The new rule: the given one, else the old one moved by the same wall-clock shift.
  const dayShift = Math.round(
    (startOfDayInZone(edit.times.start, tz).getTime() - startOfDayInZone(oldStart, tz).getTime()) / 86_400_000,
  );
  const rule = edit.recurrence
    ? ruleColumns(edit.recurrence)
    : {
        ...ruleColumns({
          frequency: series.frequency,
          interval: series.interval,
          setPosition: series.setPosition ?? undefined,
          month: series.month ?? undefined,
          weekNumber: series.weekNumber ?? undefined,
          onWeekBasis: series.onWeekBasis,
        }),
        until: series.until,
        count: series.count === null ? null : Math.max(1, series.count - before),
        daysOfWeek: series.daysOfWeek?.length ? shiftWeekdays(series.daysOfWeek, oldStart, edit.times.start, tz) : null,
        daysOfMonth: series.daysOfMonth?.length
          ? series.daysOfMonth.map((d) => Math.min(31, Math.max(1, d + dayShift)))
          : null,
        daysOfYear: series.daysOfYear,
      };
  const dtstart = shiftWall(anchor, delta, tz);
  // Never pull the horizon back: visits that already exist keep existing.
  const horizon = new Date(
    Math.max(horizonFrom(edit.now > dtstart ? edit.now : dtstart).getTime(), series.materializedUntil.getTime()),
  );
  const values = {
    companyId: ctx.companyId,
    ...rule,
    dtstart,
    timezone: tz,
    durationMinutes,
    isAllDay: edit.common.isAllDay ?? clicked.isAllDay,
    materializedUntil: horizon,
    isComplete: false,
  };
  let target: SeriesRow;
  if (edit.scope === EditScope.All) {
    [target] = await tx.update(jobSeries).set(values).where(eq(jobSeries.id, series.id)).returning();
  } else {
    await endSeriesBefore(tx, series, anchor, before);
    [target] = await tx.insert(jobSeries).values(values).returning();
  }
  const starts = expandOccurrences(ruleOf(target), { before: horizon, limit: SERIES_MAX_VISITS });
  const paired = Math.min(starts.length, affected.length);
  const moved = affected.slice(0, paired).map((v) => v.id);
  if (paired > 0) {
    const ids = moved;
    const startIso = starts.slice(0, paired).map((d) => d.toISOString());
    const endIso = starts.slice(0, paired).map((d) => shiftWall(d, durationMinutes, tz).toISOString());
    await tx.execute(sql`
      update ${jobs} set start_time = v.s, end_time = v.e, series_occurrence = v.s, series_id = ${target.id},
        status = case when ${jobs.status} = ${JobStatus.Unscheduled} then ${JobStatus.Scheduled} else ${jobs.status} end
      from (select unnest(${sql.param(ids)}::int[]) as id, unnest(${sql.param(startIso)}::timestamptz[]) as s, unnest(${sql.param(endIso)}::timestamptz[]) as e) v
      where ${jobs.id} = v.id and ${jobs.companyId} = ${ctx.companyId}`);
    await tx
      .update(jobs)
      .set(edit.common)
      .where(and(eq(jobs.companyId, ctx.companyId), inArray(jobs.id, ids)));
    await tx.execute(
      sql`update ${jobEmployees} set start_time = j.start_time from ${jobs} j where ${jobEmployees.jobId} = j.id and j.id = any(${sql.param(ids)}::int[])`,
    );
    if (edit.employeeIds) await setEmployees(tx, ctx, ids, edit.employeeIds);
  }
  const leftovers = affected
    .slice(paired)
    .map((v) => v.id)
    .filter((id) => id !== clicked.id);
  await deleteVisits(tx, ctx.companyId, leftovers);
  if (starts.length > paired) {
    const [template] = await tx
      .select()
      .from(jobs)
      .where(eq(jobs.id, moved.includes(clicked.id) ? clicked.id : (moved[moved.length - 1] ?? clicked.id)));
    result.createdJobIds = await insertVisitCopies(tx, template, target.id, starts.slice(paired), durationMinutes, tz);
  }
  if (!moved.includes(clicked.id)) {
    // The new rule has no occurrence for the clicked visit: it stays as edited, outside the series.
    await tx
      .update(jobs)
      .set({
        ...edit.common,
        seriesId: null,
        seriesOccurrence: null,
        startTime: edit.times.start,
        endTime: edit.times.end,
      })
      .where(eq(jobs.id, clicked.id));
  }
  result.updatedJobIds = moved;
  result.deletedJobIds = leftovers;
  result.seriesId = target.id;
}

function shiftWeekdays(days: number[], from: Date, to: Date, tz: string): number[] {
  const shift = weekdayInZone(to, tz) - weekdayInZone(from, tz);
  return [...new Set(days.map((d) => (((d + shift) % 7) + 7) % 7))].sort();
}

/** Ends a series just before an occurrence: no visit at or after it will be generated. */
async function endSeriesBefore(tx: Executor, series: SeriesRow, occurrence: Date, countBefore: number) {
  await tx
    .update(jobSeries)
    .set({
      until: new Date(occurrence.getTime() - 1000),
      count: series.count === null ? null : countBefore,
      isComplete: true,
    })
    .where(eq(jobSeries.id, series.id));
}

/** DELETE jobs/{id}?affectRecurrence=: one visit, this and following, or all open visits of the series. */
export async function deleteJob(
  ctx: CallerContext,
  id: number,
  scope: EditScopeValue = EditScope.OnlyThis,
): Promise<number[] | null> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, id, true);
    if (!job) return null;
    if (!job.seriesId || scope === EditScope.OnlyThis) {
      await deleteVisits(tx, ctx.companyId, [id]);
      return [id];
    }
    const [series] = await tx.select().from(jobSeries).where(eq(jobSeries.id, job.seriesId)).for("update");
    const occurrence = job.seriesOccurrence ?? job.startTime ?? new Date(0);
    const conditions = [
      eq(jobs.companyId, ctx.companyId),
      eq(jobs.seriesId, job.seriesId),
      inArray(jobs.status, [...OPEN_VISIT_STATUSES]),
    ];
    if (scope === EditScope.ThisAndFollowing) conditions.push(gte(jobs.seriesOccurrence, occurrence));
    const ids = [
      ...new Set([
        id,
        ...(
          await tx
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(...conditions))
        ).map((r) => r.id),
      ]),
    ];
    await deleteVisits(tx, ctx.companyId, ids);
    if (scope === EditScope.ThisAndFollowing)
      await endSeriesBefore(
        tx,
        series,
        occurrence,
        expandOccurrences(ruleOf(series), { before: new Date(occurrence.getTime() - 1) }).length,
      );
    else await tx.update(jobSeries).set({ isComplete: true }).where(eq(jobSeries.id, series.id));
    return ids;
  });
}

/**
 * The background step of the series horizon: materialises visits of every open series up to
 * SERIES_HORIZON_MONTHS ahead. Idempotent; run daily (and safe to run more often).
 */
export async function extendSeriesHorizons(now = new Date(), exec: typeof db = db): Promise<number> {
  const horizon = horizonFrom(now);
  const due = await exec
    .select()
    .from(jobSeries)
    .where(and(eq(jobSeries.isComplete, false), lt(jobSeries.materializedUntil, horizon)))
    .limit(500);
  let created = 0;
  for (const series of due) created += await exec.transaction((tx) => extendSeries(tx, series, horizon));
  return created;
}

/**
 * PUT jobs/updateJobStatus: a move allowed by JOB_STATUS_MOVES, recorded on the timeline with the
 * actor, the reason and notify-customer in the same transaction. startDate: when the change
 * happened (defaults to now); moving an unscheduled job to scheduled with a startDate schedules it
 * there for an hour.
 */
export async function updateJobStatus(
  ctx: CallerContext,
  input: { jobId: number; status: number; startDate?: Date; notifyCustomer?: boolean; reason?: string },
): Promise<{ id: number; status: number } | null> {
  let queued = false;
  const changed = await db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, input.jobId, true);
    if (!job) return null;
    const from = job.status as JobStatusValue;
    const to = input.status as JobStatusValue;
    if (!JOB_STATUS_MOVES[from].includes(to))
      throw new JobRuleError(`A job cannot move from ${jobStatusLabels[from]} to ${jobStatusLabels[to]}`, "status");
    const changes: Partial<typeof jobs.$inferInsert> = { status: to, updatedAt: new Date() };
    if (to === JobStatus.Scheduled && !job.startTime) {
      if (!input.startDate) throw new JobRuleError("Choose a start date to schedule the job", "startDate");
      changes.startTime = input.startDate;
      changes.endTime = new Date(input.startDate.getTime() + 60 * 60_000);
    }
    if (to === JobStatus.Unscheduled) Object.assign(changes, { startTime: null, endTime: null });
    await saveStatusMove(tx, ctx, jobRecord, job.id, changes);
    if (to === JobStatus.Finished && job.customerServicePlanId)
      await startBillingAfterVisit(tx, job.customerServicePlanId, input.startDate ?? new Date());
    const eventId = await addTimeline(tx, ctx, job.id, statusEvent[to], {
      fromStatus: from,
      toStatus: to,
      reason: input.reason ?? null,
      notifyCustomer: input.notifyCustomer ?? false,
      at: input.startDate && to !== JobStatus.Scheduled ? input.startDate : new Date(),
      data: { startTime: job.startTime?.toISOString() ?? null, endTime: job.endTime?.toISOString() ?? null },
    });
    await syncReminders(tx, ctx.companyId, [job.id]);
    if (input.notifyCustomer && to === JobStatus.Scheduled) queued = await queueJobScheduled(tx, ctx, job.id, eventId);
    if (
      input.notifyCustomer &&
      to === JobStatus.OnMyWay &&
      (await companyHasPlanFeature(tx, ctx.companyId, PlanFeature.OnMyWayTexts))
    )
      queued = await queueMessage(tx, {
        companyId: ctx.companyId,
        jobId: job.id,
        kind: MessageKind.OnMyWay,
        key: `on-my-way:${job.id}:${eventId}`,
      });
    if (to === JobStatus.Finished)
      queued = (await queueFinishedJobCampaigns(tx, ctx.companyId, job, input.startDate ?? new Date())) || queued;
    await recordJobWebhook(tx, ctx.companyId, "job.status_changed", job.id, { previousStatus: jobStatusLabels[from] });
    return { id: job.id, status: to };
  });
  if (queued) nudgeDispatcher();
  return changed;
}

/**
 * PUT jobs/undo {id, statusClicked}: reverts the job's last status change, if it is the move to
 * statusClicked (so a stale click undoes nothing). Undoing a payment removes that payment.
 */
export async function undoJobStatus(
  ctx: CallerContext,
  input: { id: number; statusClicked: number },
): Promise<{ id: number; status: number } | null> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, input.id, true);
    if (!job) return null;
    const last = await lastUndoableMove<typeof jobTimelineEvents.$inferSelect>(tx, jobTimeline, job.id, {
      statusUndone: TimelineEvent.StatusUndone,
      rescheduled: TimelineEvent.Rescheduled,
    });
    if (!last || last.toStatus !== input.statusClicked || job.status !== input.statusClicked)
      throw new JobRuleError("There is no status change to undo", "statusClicked");
    const data = (last.data ?? {}) as {
      startTime?: string | null;
      endTime?: string | null;
      paymentId?: number;
      amountCents?: number;
    };
    const changes: Partial<typeof jobs.$inferInsert> = {
      status: last.fromStatus!,
      updatedAt: new Date(),
      ...restoredVisitTimes(data),
    };
    if (data.paymentId) {
      await tx
        .delete(jobPayments)
        .where(and(eq(jobPayments.id, data.paymentId), eq(jobPayments.companyId, ctx.companyId)));
      changes.paidCents = Math.max(0, job.paidCents - (data.amountCents ?? 0));
    }
    await saveStatusMove(tx, ctx, jobRecord, job.id, changes);
    await tx.update(jobTimelineEvents).set({ undoneAt: new Date() }).where(eq(jobTimelineEvents.id, last.id));
    await addTimeline(tx, ctx, job.id, TimelineEvent.StatusUndone, {
      fromStatus: job.status,
      toStatus: last.fromStatus,
      data: { undoneEventId: last.id },
    });
    // An undone move takes back its message if it has not gone yet; the reminder follows the restored status and time.
    if (job.status === JobStatus.OnMyWay) await cancelPending(tx, ctx.companyId, job.id, MessageKind.OnMyWay);
    if (job.status === JobStatus.Scheduled) await cancelPending(tx, ctx.companyId, job.id, MessageKind.JobScheduled);
    await syncReminders(tx, ctx.companyId, [job.id]);
    return { id: job.id, status: last.fromStatus! };
  });
}

/** POST jobs/{id}/pay: records a payment (cash, check, card, other) and moves the job to paid. */
export async function recordPayment(
  ctx: CallerContext,
  id: number,
  input: { method: number; amount?: number; note?: string },
): Promise<{ id: number; paymentId: number; amountCents: number } | null> {
  let queued = false;
  const paid = await db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, id, true);
    if (!job) return null;
    if (!PAYABLE_STATUSES.includes(job.status as JobStatusValue))
      throw new JobRuleError(
        `A ${jobStatusLabels[job.status as JobStatusValue].toLowerCase()} job cannot take a payment`,
      );
    const amountCents = input.amount ?? Math.max(0, job.totalCents - job.paidCents);
    const [payment] = await tx
      .insert(jobPayments)
      .values({
        companyId: ctx.companyId,
        jobId: id,
        method: input.method,
        amountCents,
        note: input.note ?? null,
        recordedByUserId: ctx.userId,
      })
      .returning({ id: jobPayments.id });
    await tx
      .update(jobs)
      .set({ status: JobStatus.Paid, paidCents: job.paidCents + amountCents, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.companyId, ctx.companyId)));
    await addTimeline(tx, ctx, id, TimelineEvent.Paid, {
      fromStatus: job.status,
      toStatus: JobStatus.Paid,
      data: { paymentId: payment.id, amountCents, method: input.method },
    });
    await syncReminders(tx, ctx.companyId, [id]);
    // Paid without being finished first: the job-finished campaigns go as if it had been.
    if (job.status !== JobStatus.Finished) queued = await queueFinishedJobCampaigns(tx, ctx.companyId, job, new Date());
    return { id, paymentId: payment.id, amountCents };
  });
  if (queued) nudgeDispatcher();
  return paid;
}

// ---------------------------------------------------------------- reads

export type JobListItem = {
  id: number;
  name: string | null;
  customerId: number;
  customerName: string;
  location: string | null;
  status: number;
  startTime: string | null;
  endTime: string | null;
  isAllDay: boolean;
  totalCents: number;
  seriesId: number | null;
};

export type JobListQuery = {
  paging: Paging;
  searchQuery?: string;
  tags?: number[];
  type?: number;
  customerId?: number;
};

const sortColumns: Record<JobSortField, SQL | SQL[]> = {
  startTime: sql`${jobs.startTime}`,
  name: sql`${jobs.name}`,
  customerName: byCustomerName,
  status: sql`${jobs.status}`,
  total: sql`${jobs.totalCents}`,
  createdAt: sql`${jobs.createdAt}`,
};

/** A prefix full-text query from what the user typed (each word must match). */
export function searchTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return null;
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(" & ");
}

/**
 * The narrowing the lists of records with a visit share (jobs, estimates): any of `tags`, none of
 * `excludeTags`, and every word typed in the search (the record's search vector).
 */
export function tagAndTextFilters(
  record: { id: AnyPgColumn; searchVector: AnyPgColumn },
  links: RecordTags,
  query: { tags?: number[]; excludeTags?: number[]; searchQuery?: string },
): SQL[] {
  const where: SQL[] = [];
  const tagged = (ids: number[]) =>
    sql`exists (select 1 from ${links.table} where ${links.recordId} = ${record.id} and ${links.table.tagId} in ${ids})`;
  if (query.tags?.length) where.push(tagged(query.tags));
  if (query.excludeTags?.length) where.push(sql`not ${tagged(query.excludeTags)}`);
  const ts = query.searchQuery ? searchTsQuery(query.searchQuery) : null;
  if (ts) where.push(sql`${record.searchVector} @@ to_tsquery('simple', ${ts})`);
  return where;
}

function listConditions(ctx: CallerContext, query: JobListQuery): SQL[] {
  const where: SQL[] = [visibleJobs(ctx)];
  if (query.customerId) where.push(eq(jobs.customerId, query.customerId));
  if (query.type !== undefined) where.push(eq(jobs.status, query.type));
  return [...where, ...tagAndTextFilters(jobs, jobTagLinks, query)];
}

/** GET jobs/page: one page of the jobs list, filtered and sorted in the database. */
export const JOBS_COUNT_CAP = 10_000;
const jobsList = pagedList(jobs, jobCounts, sortColumns, "startTime", JOBS_COUNT_CAP);

export async function listJobsPage(
  ctx: CallerContext,
  query: JobListQuery,
): Promise<{ items: JobListItem[]; total: number; totalIsCapped: boolean }> {
  const conditions = listConditions(ctx, query);
  // The whole company's list reads its total from the counter row first, to read a deep page from
  // the nearer end (list-pages.ts); a filtered one counts, up to JOBS_COUNT_CAP so that no request
  // counts a whole 200,000-job company. A deferred join: the inner query walks the sort index for
  // the page's ids (however deep the page), then only those rows are read and joined to their customers.
  const { rows, total, totalIsCapped } = await jobsList(
    {
      paging: query.paging,
      companyId: ctx.companyId,
      where: conditions,
      wholeCompany: conditions.length === 1 && !isFieldTech(ctx),
    },
    {
      id: jobs.id,
      name: jobs.name,
      customerId: jobs.customerId,
      location: jobs.location,
      status: jobs.status,
      startTime: jobs.startTime,
      endTime: jobs.endTime,
      isAllDay: jobs.isAllDay,
      totalCents: jobs.totalCents,
      seriesId: jobs.seriesId,
    },
  );
  return {
    totalIsCapped,
    items: rows.map(({ startTime, endTime, ...r }) => ({
      ...r,
      startTime: startTime?.toISOString() ?? null,
      endTime: endTime?.toISOString() ?? null,
    })),
    total,
  };
}

/** GET /customers/{id}/jobs/page: the customer profile's jobs tab. */
export function listCustomerJobsPage(ctx: CallerContext, customerId: number, query: Omit<JobListQuery, "customerId">) {
  return listJobsPage(ctx, { ...query, customerId });
}

/** GET jobs/unscheduled: jobs without a time, newest first. */
export async function listUnscheduledJobs(ctx: CallerContext, limit = 100): Promise<JobListItem[]> {
  const page = await listJobsPage(ctx, {
    paging: { pageNumber: 1, pageSize: limit, sortSettings: [{ fieldName: "createdAt", descending: true }] },
    type: JobStatus.Unscheduled,
  });
  return page.items;
}

async function employeesOf(jobIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (jobIds.length === 0) return map;
  const rows = await db
    .select({ jobId: jobEmployees.jobId, userId: jobEmployees.userId })
    .from(jobEmployees)
    .where(sql`${jobEmployees.jobId} = any(${sql.param(jobIds)}::int[])`);
  for (const r of rows) map.set(r.jobId, [...(map.get(r.jobId) ?? []), r.userId]);
  return map;
}

/** GET jobs/{id}: the job with everything its details page shows. */
export async function getJob(ctx: CallerContext, id: number) {
  const job = await findJob(db, ctx, id);
  if (!job) return null;
  const [customer, lineItems, employees, jobTagRows, segments, attachments, currentState, payments, timeline, series] =
    await Promise.all([
      customerContact(job.customerId),
      db.select().from(jobLineItems).where(eq(jobLineItems.jobId, id)).orderBy(asc(jobLineItems.position)),
      assignedEmployees(jobRecord.assignees, id),
      tagsOfRecord(jobTagLinks, id),
      db
        .select({ id: jobSegments.id, name: jobSegments.name, position: jobSegments.position })
        .from(jobSegments)
        .where(eq(jobSegments.jobId, id))
        .orderBy(asc(jobSegments.position), asc(jobSegments.id)),
      db.select().from(jobAttachments).where(eq(jobAttachments.jobId, id)).orderBy(asc(jobAttachments.createdAt)),
      db
        .select()
        .from(jobCurrentStateAttachments)
        .where(eq(jobCurrentStateAttachments.jobId, id))
        .orderBy(asc(jobCurrentStateAttachments.createdAt)),
      db.select().from(jobPayments).where(eq(jobPayments.jobId, id)).orderBy(asc(jobPayments.paidAt)),
      timelineOf(jobTimeline, id),
      job.seriesId
        ? db
            .select()
            .from(jobSeries)
            .where(eq(jobSeries.id, job.seriesId))
            .then((r) => r[0] ?? null)
        : Promise.resolve(null),
    ]);
  const { searchText: _s, searchVector: _v, ...fields } = job;
  return {
    ...fields,
    customer,
    customerName: customer ? [customer.firstName, customer.lastName].filter(Boolean).join(" ") : "",
    // A field tech never reads costs.
    lineItems: lineItems.map(({ costCents, ...l }) => ({
      ...l,
      quantity: Number(l.quantity),
      ...(readsCosts(ctx.role) ? { costCents } : {}),
    })),
    employees,
    employeeIds: employees.map((e) => e.id),
    tags: jobTagRows,
    segments,
    attachments: attachments.map(({ storageKey: _k, ...a }) => a),
    currentStateAttachments: currentState.map(({ storageKey: _k, ...a }) => a),
    payments,
    timeline,
    recurrence: series ? recurrenceOf(series) : null,
  };
}
export type JobDetails = NonNullable<Awaited<ReturnType<typeof getJob>>>;

/** GET jobs/{id}/visit: what one visit on the schedule shows. */
export async function getVisit(ctx: CallerContext, id: number) {
  const job = await findJob(db, ctx, id);
  if (!job) return null;
  const [[customer], assigned] = await Promise.all([
    db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, job.customerId)),
    employeesOf([id]),
  ]);
  return {
    id: job.id,
    name: job.name,
    customerId: job.customerId,
    customerName: customer ? [customer.firstName, customer.lastName].filter(Boolean).join(" ") : "",
    location: job.location,
    status: job.status,
    startTime: job.startTime?.toISOString() ?? null,
    endTime: job.endTime?.toISOString() ?? null,
    isAllDay: job.isAllDay,
    arrivalWindowOffset: job.arrivalWindowOffset,
    timezone: job.timezone,
    description: job.description,
    employeeIds: assigned.get(id) ?? [],
    seriesId: job.seriesId,
    seriesOccurrence: job.seriesOccurrence?.toISOString() ?? null,
    totalCents: job.totalCents,
  };
}

/** Job tags whose name starts with the text (GET jobs/tags?name). */
export function searchJobTags(ctx: CallerContext, name: string) {
  return tagsStartingWith(ctx, TagType.Job, name);
}

// ---------------------------------------------------------------- segments

export async function listSegments(ctx: CallerContext, jobId: number) {
  if (!(await findJob(db, ctx, jobId))) return null;
  return db
    .select({ id: jobSegments.id, name: jobSegments.name, position: jobSegments.position })
    .from(jobSegments)
    .where(eq(jobSegments.jobId, jobId))
    .orderBy(asc(jobSegments.position), asc(jobSegments.id));
}

export async function addSegment(ctx: CallerContext, jobId: number, name: string) {
  return db.transaction(async (tx) => {
    if (!(await findJob(tx, ctx, jobId, true))) return null;
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${jobSegments.position}) + 1, 0)::int` })
      .from(jobSegments)
      .where(eq(jobSegments.jobId, jobId));
    const [row] = await tx
      .insert(jobSegments)
      .values({ companyId: ctx.companyId, jobId, name, position: next })
      .returning({ id: jobSegments.id, name: jobSegments.name, position: jobSegments.position });
    return row;
  });
}

export async function deleteSegment(ctx: CallerContext, jobId: number, segmentId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await findJob(tx, ctx, jobId, true))) return false;
    const deleted = await tx
      .delete(jobSegments)
      .where(and(eq(jobSegments.id, segmentId), eq(jobSegments.jobId, jobId), eq(jobSegments.companyId, ctx.companyId)))
      .returning({ id: jobSegments.id });
    return deleted.length > 0;
  });
}

// ---------------------------------------------------------------- attachments

export type AttachmentKind = "attachment" | "currentState";
const attachmentTables = {
  attachment: recordFileTable(jobAttachments, "jobId"),
  currentState: recordFileTable(jobCurrentStateAttachments, "jobId"),
};

/**
 * Records a stored file on a job (the route stored it after checking type and size), within the
 * attachments' count limit, customers' rule (JobRuleError on `files` past it).
 */
export async function addAttachment(
  ctx: CallerContext,
  jobId: number,
  kind: AttachmentKind,
  file: { key: string; url: string; fileName: string; contentType: string; size: number },
) {
  return db.transaction(async (tx) => {
    if (!(await findJob(tx, ctx, jobId, true))) return null;
    const row = await addRecordFile(tx, ctx, attachmentTables[kind], jobId, file, (message) => {
      throw new JobRuleError(message, "files");
    });
    await addTimeline(tx, ctx, jobId, TimelineEvent.AttachmentAdded, { data: { fileName: file.fileName } });
    return row;
  });
}

/** Removes an attachment by its URL; returns the storage key to delete, or null when not found. */
export async function removeAttachment(
  ctx: CallerContext,
  jobId: number,
  fileUrl: string,
  kind: AttachmentKind = "attachment",
): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (!(await findJob(tx, ctx, jobId, true))) return null;
    const row = await removeRecordFile(tx, ctx, attachmentTables[kind], jobId, fileUrl);
    if (!row) return null;
    await addTimeline(tx, ctx, jobId, TimelineEvent.AttachmentRemoved, { data: { fileName: row.fileName } });
    return row.key;
  });
}

/** Whether the caller may see the job (for file downloads and sub-resources). */
export async function canSeeJob(ctx: CallerContext, jobId: number): Promise<boolean> {
  return !!(await findJob(db, ctx, jobId));
}

// ---------------------------------------------------------------- public visit details

/** The customer-facing visit page by its unguessable token (no sign-in). */
export async function getPublicVisit(token: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [row] = await db
    .select({
      id: jobs.id,
      companyId: jobs.companyId,
      name: jobs.name,
      status: jobs.status,
      startTime: jobs.startTime,
      endTime: jobs.endTime,
      isAllDay: jobs.isAllDay,
      arrivalWindowOffset: jobs.arrivalWindowOffset,
      timezone: jobs.timezone,
      location: jobs.location,
      unitNumber: jobs.unitNumber,
      description: jobs.description,
      message: jobs.message,
      subtotalCents: jobs.subtotalCents,
      discountCents: jobs.discountCents,
      taxCents: jobs.taxCents,
      totalCents: jobs.totalCents,
      companyName: companies.businessName,
      companyPhone: companies.businessPhoneNumber,
      companyEmail: companies.email,
      companyLogoUrl: companies.logoUrl,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(eq(jobs.publicToken, token))
    .limit(1);
  if (!row) return null;
  const [lineItems, technicians] = await Promise.all([
    db
      .select({
        name: jobLineItems.name,
        description: jobLineItems.description,
        quantity: jobLineItems.quantity,
        unitPriceCents: jobLineItems.unitPriceCents,
        amountCents: jobLineItems.amountCents,
      })
      .from(jobLineItems)
      .where(eq(jobLineItems.jobId, row.id))
      .orderBy(asc(jobLineItems.position)),
    db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(jobEmployees)
      .innerJoin(users, eq(users.id, jobEmployees.userId))
      .where(eq(jobEmployees.jobId, row.id))
      .orderBy(asc(users.firstName)),
  ]);
  return { ...row, lineItems: lineItems.map((l) => ({ ...l, quantity: Number(l.quantity) })), technicians };
}

/** POST jobs/createJobForEvent: the visit of a series at an occurrence, created when it does not exist yet. */
export async function createJobForEvent(
  ctx: CallerContext,
  input: { jobId: number; start: Date; end?: Date },
): Promise<{ id: number } | null> {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, input.jobId, true);
    if (!job) return null;
    if (!job.seriesId) return { id: job.id };
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(eq(jobs.seriesId, job.seriesId), eq(jobs.seriesOccurrence, input.start), eq(jobs.companyId, ctx.companyId)),
      );
    if (existing) return existing;
    const [series] = await tx.select().from(jobSeries).where(eq(jobSeries.id, job.seriesId));
    const matches = expandOccurrences(ruleOf(series), {
      after: new Date(input.start.getTime() - 1),
      before: input.start,
      limit: 1,
    });
    if (matches.length === 0 || matches[0].getTime() !== input.start.getTime())
      throw new JobRuleError("The series has no visit at that time", "start");
    const duration =
      input.end && input.end > input.start
        ? wallDeltaMinutes(input.start, input.end, series.timezone)
        : series.durationMinutes;
    const [id] = await insertVisitCopies(tx, job, series.id, [input.start], duration, series.timezone);
    return { id };
  });
}

/**
 * "Send visit details" on the job page: the visit's details to its customer on the chosen channel
 * (text 1, email 2, both 3), through the automatic messages' outbox. `requestToken` is the form's
 * own token, so a double post sends once. Null when the caller may not see the job.
 */
export async function sendVisitDetails(
  ctx: CallerContext,
  input: { jobId: number; channel: number; requestToken?: string },
): Promise<{ queued: boolean } | null> {
  const queued = await db.transaction(async (tx) => {
    const job = await findJob(tx, ctx, input.jobId, true);
    if (!job) return null;
    return queueMessage(tx, {
      companyId: ctx.companyId,
      jobId: job.id,
      kind: MessageKind.VisitDetails,
      channel: input.channel,
      key: `visit-details:${job.id}:${requestKey(input.requestToken)}`,
    });
  });
  if (queued) nudgeDispatcher();
  return queued === null ? null : { queued };
}
