import { and, asc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  estimateCounts,
  estimateEmployees,
  estimateLineItems,
  estimateOptions,
  estimates,
  estimateTags,
  estimateTimelineEvents,
  priceListItems,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { readsCosts } from "~/access/roles";
import type { Paging } from "~/http/api.server";
import { TagType } from "~/models/company/tags.schema";
import { tagsStartingWith } from "~/models/company/tags.server";
import {
  ESTIMATE_STATUS_MOVES,
  EstimateEvent,
  EstimateStatus,
  estimateStatusEvent,
  estimateStatusLabels,
  SCHEDULABLE_STATUSES,
  type EstimateCreateInput,
  type EstimateEventValue,
  type EstimateLineInput,
  type EstimateOptionInput,
  type EstimateScheduleInput,
  type EstimateSortField,
  type EstimateStatusInput,
  type EstimateStatusValue,
  type EstimateUpdateInput,
} from "~/models/estimates/estimates.schema";
import { estimateFiles } from "~/models/estimates/estimate-attachments.server";
import { copyEstimateToJob, copyMessages } from "~/models/estimates/estimate-copy.server";
import { isTimeZone } from "~/models/jobs/job-recurrence";
import {
  checkEmployees,
  lineImage,
  newVisit,
  searchTextOf,
  tagAndTextFilters,
  visitDetailChanges,
  visitSearchText,
  visitTimes,
} from "~/models/jobs/jobs.server";
import { costsKeptFromTech } from "~/models/line-items/line-items.server";
import { totalsLine } from "~/models/line-items/line-items.schema";
import { lineInputOf, lineItemColumns } from "~/models/line-items/line-rows.server";
import { computeTotals, lineAmountCents } from "~/models/line-items/totals";
import { byCustomerName, pagedList } from "~/models/list-pages.server";
import { FieldRuleError } from "~/models/rules";
import { applyTemplate } from "~/models/templates/templates.server";
import {
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
  type VisitRecord,
} from "~/models/visits/visit-records.server";
import { recordEstimateWebhook } from "~/models/webhooks/event-data.server";

/** A business rule of estimates failed: the message goes onto `field` (or the form). */
export class EstimateRuleError extends FieldRuleError {}

/** An estimate is a record with a visit: the shared rules of app/models/visits read these tables. */
export const estimateRecord: VisitRecord = visitRecord(estimates, estimateEmployees, "estimateId");
const estimateTimeline = visitTimeline(estimateTimelineEvents, "estimateId");
const estimateTagLinks = recordTags(estimateTags, "estimateId");

const visibleEstimates = (ctx: CallerContext) => visibleToCaller(ctx, estimateRecord);

type EstimateRow = typeof estimates.$inferSelect;

export const findEstimate = (exec: Executor, ctx: CallerContext, id: number, lock = false) =>
  findVisitRecord<EstimateRow>(exec, ctx, estimateRecord, id, lock);

/** True when the caller may see the estimate (uploads and other callers outside this module). */
export async function canSeeEstimate(ctx: CallerContext, id: number): Promise<boolean> {
  return (await findEstimate(db, ctx, id)) !== null;
}

export const addTimeline = (
  exec: Executor,
  ctx: CallerContext,
  estimateId: number,
  type: EstimateEventValue,
  extra: Partial<typeof estimateTimelineEvents.$inferInsert> = {},
) => addTimelineEvent(exec, ctx, estimateTimeline, estimateId, type, extra);

/** The next estimate number of the company, taken in the creating transaction: a rolled-back estimate gives its number back. */
async function nextNumber(tx: Executor, companyId: number): Promise<number> {
  const [row] = await tx
    .insert(estimateCounts)
    .values({ companyId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: estimateCounts.companyId,
      set: { lastNumber: sql`${estimateCounts.lastNumber} + 1` },
    })
    .returning({ lastNumber: estimateCounts.lastNumber });
  return row.lastNumber;
}

async function setEmployees(exec: Executor, ctx: CallerContext, estimate: EstimateRow, employeeIds: number[]) {
  await exec
    .delete(estimateEmployees)
    .where(and(eq(estimateEmployees.companyId, ctx.companyId), eq(estimateEmployees.estimateId, estimate.id)));
  if (employeeIds.length)
    await exec.insert(estimateEmployees).values(
      employeeIds.map((userId) => ({
        estimateId: estimate.id,
        userId,
        companyId: ctx.companyId,
        startTime: estimate.startTime,
      })),
    );
}

const setTags = (exec: Executor, ctx: CallerContext, estimateId: number, tagIds: number[]) =>
  setRecordTags(exec, ctx, estimateTagLinks, TagType.Estimate, estimateId, tagIds);

const refuseTechReassignment = (exec: Executor, ctx: CallerContext, estimateId: number, employeeIds: number[]) =>
  refuseAssigneeChange(exec, ctx, estimateRecord.assignees, estimateId, employeeIds);

/** A line's price book item must be this company's. */
async function checkPriceItems(exec: Executor, ctx: CallerContext, options: EstimateOptionInput[]) {
  const ids = [...new Set(options.flatMap((o) => o.lineItems.flatMap((l) => l.priceListItemId ?? [])))];
  if (ids.length === 0) return;
  const rows = await exec
    .select({ id: priceListItems.id })
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, ctx.companyId), inArray(priceListItems.id, ids)));
  if (rows.length !== ids.length) throw new EstimateRuleError("Price book item not found", "lineItems");
}

/** An optional line counts in its option's totals only once the customer approved it. */
const counts = (l: { isOptional: boolean; isApproved: boolean }) => !l.isOptional || l.isApproved;

/** One option's totals by the line-items module, with the estimate's discount and tax rate. */
export function optionTotals(lines: EstimateLineInput[], discountCents: number, taxRate: number) {
  const totals = computeTotals(lines.filter(counts).map(totalsLine), discountCents, taxRate);
  return { ...totals, lineAmounts: lines.map((l) => lineAmountCents(l.quantity, l.unitPrice)) };
}

/** The stored lines of an option, as input (recomputing totals after a tax or discount change). */
async function storedLines(exec: Executor, optionId: number): Promise<EstimateLineInput[]> {
  const rows = await exec
    .select()
    .from(estimateLineItems)
    .where(eq(estimateLineItems.optionId, optionId))
    .orderBy(asc(estimateLineItems.position));
  return rows.map((l) => ({
    ...lineInputOf(l),
    isOptional: l.isOptional,
    isRecommended: l.isRecommended,
    isApproved: l.isApproved,
  }));
}

/** Replaces an option's lines (a field tech keeps the stored costs) and stores its totals. */
async function writeOptionLines(
  tx: Executor,
  ctx: CallerContext,
  estimate: Pick<EstimateRow, "id" | "discountCents" | "taxRate">,
  optionId: number,
  input: EstimateLineInput[],
) {
  const stored = () =>
    tx
      .select({
        name: estimateLineItems.name,
        priceListItemId: estimateLineItems.priceListItemId,
        costCents: estimateLineItems.costCents,
      })
      .from(estimateLineItems)
      .where(eq(estimateLineItems.optionId, optionId))
      .orderBy(asc(estimateLineItems.position));
  const lines = (await costsKeptFromTech(tx, ctx, stored, input)) as EstimateLineInput[];
  await tx.delete(estimateLineItems).where(eq(estimateLineItems.optionId, optionId));
  const totals = optionTotals(lines, estimate.discountCents, estimate.taxRate);
  if (lines.length)
    await tx.insert(estimateLineItems).values(
      lineItemColumns(ctx.companyId, lines, totals.lineAmounts, (imageUrl, position) =>
        lineImage(ctx, imageUrl, position),
      ).map((row, position) => ({
        ...row,
        estimateId: estimate.id,
        optionId,
        isOptional: lines[position].isOptional,
        isRecommended: lines[position].isRecommended,
        isApproved: lines[position].isApproved,
      })),
    );
  await tx
    .update(estimateOptions)
    .set({ subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents })
    .where(eq(estimateOptions.id, optionId));
}

/**
 * Makes the stored options match `options`: an option with a known id is kept (renamed, lines
 * replaced), one without an id is added, a stored one left out is deleted.
 */
async function writeOptions(
  tx: Executor,
  ctx: CallerContext,
  estimate: Pick<EstimateRow, "id" | "discountCents" | "taxRate">,
  options: EstimateOptionInput[],
) {
  await checkPriceItems(tx, ctx, options);
  const existing = await tx
    .select({ id: estimateOptions.id })
    .from(estimateOptions)
    .where(eq(estimateOptions.estimateId, estimate.id));
  const known = new Set(existing.map((o) => o.id));
  const kept: number[] = [];
  for (const [position, option] of options.entries()) {
    let optionId = option.id && known.has(option.id) ? option.id : undefined;
    if (optionId) {
      await tx.update(estimateOptions).set({ name: option.name, position }).where(eq(estimateOptions.id, optionId));
    } else {
      const [row] = await tx
        .insert(estimateOptions)
        .values({ companyId: ctx.companyId, estimateId: estimate.id, name: option.name, position })
        .returning({ id: estimateOptions.id });
      optionId = row.id;
    }
    kept.push(optionId);
    await writeOptionLines(tx, ctx, estimate, optionId, option.lineItems);
  }
  await tx
    .delete(estimateOptions)
    .where(and(eq(estimateOptions.estimateId, estimate.id), notInArray(estimateOptions.id, kept)));
}

/** Recomputes every option's totals (tax rate or discount changed) and the estimate's total. */
async function recomputeOptions(tx: Executor, ctx: CallerContext, estimate: EstimateRow) {
  const options = await tx
    .select({ id: estimateOptions.id })
    .from(estimateOptions)
    .where(eq(estimateOptions.estimateId, estimate.id));
  for (const o of options) await writeOptionLines(tx, ctx, estimate, o.id, await storedLines(tx, o.id));
}

/** The estimate's totalCents: the chosen option's, else the first's. */
async function syncEstimateTotal(tx: Executor, estimateId: number, chosenOptionId: number | null) {
  const options = await tx
    .select({ id: estimateOptions.id, totalCents: estimateOptions.totalCents })
    .from(estimateOptions)
    .where(eq(estimateOptions.estimateId, estimateId))
    .orderBy(asc(estimateOptions.position), asc(estimateOptions.id));
  const chosen = options.find((o) => o.id === chosenOptionId);
  await tx
    .update(estimates)
    .set({ totalCents: (chosen ?? options[0])?.totalCents ?? 0, chosenOptionId: chosen ? chosen.id : null })
    .where(eq(estimates.id, estimateId));
}

/** An estimate is found by its number, with or without the #. */
const numberWords = (number: number) => [`#${number}`, String(number)];

function defaultName(input: { name?: string; options: EstimateOptionInput[]; description?: string }) {
  return (
    input.name ?? input.options[0]?.lineItems[0]?.name ?? input.description?.split("\n")[0].slice(0, 80) ?? "Estimate"
  );
}

/** POST estimates: the estimate, its number, options and lines, employees and tags in one transaction. */
export async function createEstimate(
  ctx: CallerContext,
  input: EstimateCreateInput,
  within: Executor = db,
): Promise<{ id: number; number: number; publicToken: string }> {
  // Within another transaction (a booking request converted), the estimate is a savepoint of it.
  return within.transaction(async (tx) => {
    const { customer, times, employeeIds, columns } = await newVisit(
      tx,
      ctx,
      input,
      defaultName(input),
      EstimateRuleError,
    );
    const status = times ? EstimateStatus.Scheduled : EstimateStatus.Unscheduled;
    const number = await nextNumber(tx, ctx.companyId);
    const [estimate] = await tx
      .insert(estimates)
      .values({
        ...columns,
        number,
        status,
        discountCents: input.discount,
        searchText: searchTextOf([
          ...numberWords(number),
          columns.name,
          input.description,
          customer.firstName,
          customer.lastName,
          customer.ownCompanyName,
          columns.location,
        ]),
      })
      .returning();
    await writeOptions(tx, ctx, estimate, input.options);
    await syncEstimateTotal(tx, estimate.id, null);
    await setEmployees(tx, ctx, estimate, employeeIds);
    await setTags(tx, ctx, estimate.id, input.tags);
    if (input.templateId)
      await applyTemplate(
        tx,
        ctx,
        { estimateId: estimate.id },
        input.templateId,
        input.templateAttachments ?? true,
        EstimateRuleError,
      );
    await addTimeline(tx, ctx, estimate.id, EstimateEvent.Created, { toStatus: status });
    await recordEstimateWebhook(tx, ctx.companyId, "estimate.created", estimate.id);
    return { id: estimate.id, number, publicToken: estimate.publicToken };
  });
}

/** PUT estimates/{id}: details, money, tags and (when sent) the options with their lines. */
export async function updateEstimate(ctx: CallerContext, id: number, input: EstimateUpdateInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, id, true);
    if (!estimate) return false;
    const changes: Partial<typeof estimates.$inferInsert> = {
      updatedAt: new Date(),
      ...(await visitDetailChanges(tx, ctx, estimate.customerId, input)),
    };
    if (input.taxRate !== undefined) changes.taxRate = input.taxRate;
    if (input.discount !== undefined) changes.discountCents = input.discount;
    changes.searchText = await visitSearchText(tx, estimate, changes, numberWords(estimate.number));
    const [updated] = await tx
      .update(estimates)
      .set(changes)
      .where(and(eq(estimates.id, id), eq(estimates.companyId, ctx.companyId)))
      .returning();
    if (input.options) await writeOptions(tx, ctx, updated, input.options);
    else if (input.taxRate !== undefined || input.discount !== undefined) await recomputeOptions(tx, ctx, updated);
    await syncEstimateTotal(tx, id, updated.chosenOptionId);
    if (input.tags) await setTags(tx, ctx, id, input.tags);
    await addTimeline(tx, ctx, id, EstimateEvent.Edited);
    return true;
  });
}

/** PUT estimates/{id}/rename. */
export async function renameEstimate(ctx: CallerContext, id: number, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, id, true);
    if (!estimate) return false;
    const searchText = await visitSearchText(tx, estimate, { name }, numberWords(estimate.number));
    await tx
      .update(estimates)
      .set({ name, searchText, updatedAt: new Date() })
      .where(and(eq(estimates.id, id), eq(estimates.companyId, ctx.companyId)));
    await addTimeline(tx, ctx, id, EstimateEvent.Renamed, { data: { from: estimate.name, to: name } });
    return true;
  });
}

/** PUT estimates/{id}/employees. */
export async function assignEstimateEmployees(ctx: CallerContext, id: number, employeeIds: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, id, true);
    if (!estimate) return false;
    const ids = await checkEmployees(tx, ctx, employeeIds);
    await refuseTechReassignment(tx, ctx, id, ids);
    await setEmployees(tx, ctx, estimate, ids);
    await addTimeline(tx, ctx, id, EstimateEvent.EmployeesAssigned, { data: { employeeIds: ids } });
    return true;
  });
}

/** POST estimates/schedule: the estimate visit's time, arrival window and employees (scheduled 0), or no time (unscheduled 7). */
export async function scheduleEstimate(
  ctx: CallerContext,
  input: EstimateScheduleInput,
): Promise<{ id: number; status: number } | null> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, input.id, true);
    if (!estimate) return null;
    const from = estimate.status as EstimateStatusValue;
    if (!SCHEDULABLE_STATUSES.includes(from))
      throw new EstimateRuleError(
        `A ${estimateStatusLabels[from].toLowerCase()} estimate cannot be rescheduled`,
        "startTime",
      );
    const timeZone = input.timezone && isTimeZone(input.timezone) ? input.timezone : estimate.timezone;
    const times = input.unschedule
      ? null
      : visitTimes({ ...input, isAllDay: input.isAllDay ?? estimate.isAllDay }, timeZone);
    if (!times && !input.unschedule) throw new EstimateRuleError("Start time is required", "startTime");
    const employeeIds = input.employeeIds === undefined ? undefined : await checkEmployees(tx, ctx, input.employeeIds);
    if (employeeIds) await refuseTechReassignment(tx, ctx, estimate.id, employeeIds);
    const status = times
      ? from === EstimateStatus.Unscheduled
        ? EstimateStatus.Scheduled
        : from
      : EstimateStatus.Unscheduled;
    const [updated] = await tx
      .update(estimates)
      .set({
        status,
        startTime: times?.start ?? null,
        endTime: times?.end ?? null,
        timezone: timeZone,
        isAllDay: input.isAllDay ?? estimate.isAllDay,
        arrivalWindowOffset: input.arrivalWindowOffset ?? estimate.arrivalWindowOffset,
        updatedAt: new Date(),
      })
      .where(and(eq(estimates.id, estimate.id), eq(estimates.companyId, ctx.companyId)))
      .returning();
    if (employeeIds) await setEmployees(tx, ctx, updated, employeeIds);
    else
      await tx
        .update(estimateEmployees)
        .set({ startTime: updated.startTime })
        .where(eq(estimateEmployees.estimateId, estimate.id));
    await addTimeline(tx, ctx, estimate.id, status !== from ? estimateStatusEvent[status] : EstimateEvent.Rescheduled, {
      fromStatus: from,
      toStatus: status,
      data: {
        startTime: estimate.startTime?.toISOString() ?? null,
        endTime: estimate.endTime?.toISOString() ?? null,
      },
    });
    return { id: estimate.id, status };
  });
}

/** PUT estimates/{id}/status: a move of ESTIMATE_STATUS_MOVES, on the timeline with actor, reason and notify-customer. */
export async function updateEstimateStatus(
  ctx: CallerContext,
  input: EstimateStatusInput,
): Promise<{ id: number; status: number; jobId?: number } | null> {
  // Copied to job is the copy itself: the job is made in the same move (estimate-copy.server).
  if (input.status === EstimateStatus.CopiedToJob) return copyEstimateToJob(ctx, input.estimateId);
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, input.estimateId, true);
    if (!estimate) return null;
    const from = estimate.status as EstimateStatusValue;
    const to = input.status as EstimateStatusValue;
    if (!ESTIMATE_STATUS_MOVES[from].includes(to))
      throw new EstimateRuleError(
        `An estimate cannot move from ${estimateStatusLabels[from]} to ${estimateStatusLabels[to]}`,
        "status",
      );
    const changes: Partial<typeof estimates.$inferInsert> = { status: to, updatedAt: new Date() };
    if (to === EstimateStatus.Scheduled && !estimate.startTime) {
      if (!input.startDate) throw new EstimateRuleError("Choose a start date to schedule the estimate", "startDate");
      changes.startTime = input.startDate;
      changes.endTime = new Date(input.startDate.getTime() + 60 * 60_000);
    }
    if (to === EstimateStatus.Unscheduled) Object.assign(changes, { startTime: null, endTime: null });
    if (to === EstimateStatus.Approved) Object.assign(changes, { approval: 1, answeredAt: new Date() });
    if (to === EstimateStatus.Declined)
      Object.assign(changes, { approval: 2, answeredAt: new Date(), declineReason: input.reason ?? null });
    await saveStatusMove(tx, ctx, estimateRecord, estimate.id, changes);
    await addTimeline(tx, ctx, estimate.id, estimateStatusEvent[to], {
      fromStatus: from,
      toStatus: to,
      reason: input.reason ?? null,
      notifyCustomer: input.notifyCustomer ?? false,
      at: input.startDate && to !== EstimateStatus.Scheduled ? input.startDate : new Date(),
      data: {
        startTime: estimate.startTime?.toISOString() ?? null,
        endTime: estimate.endTime?.toISOString() ?? null,
        approval: estimate.approval,
        answeredAt: estimate.answeredAt?.toISOString() ?? null,
        declineReason: estimate.declineReason,
      },
    });
    if (to === EstimateStatus.Approved || to === EstimateStatus.Declined)
      await recordEstimateWebhook(
        tx,
        ctx.companyId,
        to === EstimateStatus.Approved ? "estimate.approved" : "estimate.declined",
        estimate.id,
      );
    return { id: estimate.id, status: to };
  });
}

/** PUT estimates/undo {id, statusClicked}: reverts the last status change when it is the move to statusClicked. */
export async function undoEstimateStatus(
  ctx: CallerContext,
  input: { id: number; statusClicked: number },
): Promise<{ id: number; status: number } | null> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, input.id, true);
    if (!estimate) return null;
    if (estimate.status === EstimateStatus.CopiedToJob)
      throw new EstimateRuleError(copyMessages.notUndone, "statusClicked");
    const last = await lastUndoableMove<typeof estimateTimelineEvents.$inferSelect>(tx, estimateTimeline, estimate.id, {
      statusUndone: EstimateEvent.StatusUndone,
      rescheduled: EstimateEvent.Rescheduled,
    });
    if (!last || last.toStatus !== input.statusClicked || estimate.status !== input.statusClicked)
      throw new EstimateRuleError("There is no status change to undo", "statusClicked");
    const data = (last.data ?? {}) as {
      startTime?: string | null;
      endTime?: string | null;
      approval?: number;
      answeredAt?: string | null;
      declineReason?: string | null;
    };
    const changes: Partial<typeof estimates.$inferInsert> = {
      status: last.fromStatus!,
      updatedAt: new Date(),
      ...restoredVisitTimes(data),
    };
    if (data.approval !== undefined)
      Object.assign(changes, {
        approval: data.approval,
        answeredAt: data.answeredAt ? new Date(data.answeredAt) : null,
        declineReason: data.declineReason ?? null,
      });
    await saveStatusMove(tx, ctx, estimateRecord, estimate.id, changes);
    await tx.update(estimateTimelineEvents).set({ undoneAt: new Date() }).where(eq(estimateTimelineEvents.id, last.id));
    await addTimeline(tx, ctx, estimate.id, EstimateEvent.StatusUndone, {
      fromStatus: estimate.status,
      toStatus: last.fromStatus,
      data: { undoneEventId: last.id },
    });
    return { id: estimate.id, status: last.fromStatus! };
  });
}

/** DELETE estimates/{id}: the estimate and everything it owns (cascade). */
export async function deleteEstimate(ctx: CallerContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, id, true);
    if (!estimate) return false;
    await tx.delete(estimates).where(and(eq(estimates.id, id), eq(estimates.companyId, ctx.companyId)));
    return true;
  });
}

// ---------------------------------------------------------------- options

/** GET estimates/{id}/options: the options with their lines and totals (a field tech's copy has no costs). */
export async function listOptions(ctx: CallerContext, estimateId: number) {
  const estimate = await findEstimate(db, ctx, estimateId);
  if (!estimate) return null;
  return optionsOf(ctx, estimateId);
}

async function optionsOf(ctx: CallerContext, estimateId: number) {
  const [options, lines] = await Promise.all([
    db
      .select({
        id: estimateOptions.id,
        name: estimateOptions.name,
        position: estimateOptions.position,
        subtotalCents: estimateOptions.subtotalCents,
        taxCents: estimateOptions.taxCents,
        totalCents: estimateOptions.totalCents,
      })
      .from(estimateOptions)
      .where(eq(estimateOptions.estimateId, estimateId))
      .orderBy(asc(estimateOptions.position), asc(estimateOptions.id)),
    db
      .select()
      .from(estimateLineItems)
      .where(eq(estimateLineItems.estimateId, estimateId))
      .orderBy(asc(estimateLineItems.position)),
  ]);
  return options.map((o) => ({
    ...o,
    lineItems: lines
      .filter((l) => l.optionId === o.id)
      .map(({ costCents, companyId: _c, estimateId: _e, ...l }) => ({
        ...l,
        quantity: Number(l.quantity),
        optionalState: l.isOptional ? { isRecommended: l.isRecommended, isApproved: l.isApproved } : null,
        ...(readsCosts(ctx.role) ? { costCents } : {}),
      })),
  }));
}

/** POST estimates/{id}/options: adds an option at the end. */
export async function addOption(
  ctx: CallerContext,
  estimateId: number,
  option: Omit<EstimateOptionInput, "id">,
): Promise<{ id: number } | null> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, estimateId, true);
    if (!estimate) return null;
    await checkPriceItems(tx, ctx, [option]);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(estimateOptions)
      .where(eq(estimateOptions.estimateId, estimateId));
    if (n >= 10) throw new EstimateRuleError("An estimate has at most 10 options", "name");
    const [row] = await tx
      .insert(estimateOptions)
      .values({ companyId: ctx.companyId, estimateId, name: option.name, position: n })
      .returning({ id: estimateOptions.id });
    await writeOptionLines(tx, ctx, estimate, row.id, option.lineItems);
    await syncEstimateTotal(tx, estimateId, estimate.chosenOptionId);
    await addTimeline(tx, ctx, estimateId, EstimateEvent.OptionAdded, {
      data: { optionId: row.id, name: option.name },
    });
    return { id: row.id };
  });
}

async function findOption(tx: Executor, estimateId: number, optionId: number) {
  const [row] = await tx
    .select({ id: estimateOptions.id, name: estimateOptions.name })
    .from(estimateOptions)
    .where(and(eq(estimateOptions.id, optionId), eq(estimateOptions.estimateId, estimateId)));
  return row ?? null;
}

/** Renames one option. */
export async function renameOption(
  ctx: CallerContext,
  estimateId: number,
  optionId: number,
  name: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await findEstimate(tx, ctx, estimateId, true)) || !(await findOption(tx, estimateId, optionId))) return false;
    await tx.update(estimateOptions).set({ name }).where(eq(estimateOptions.id, optionId));
    return true;
  });
}

/** DELETE estimates/{id}/option {optionId}: never the last one. */
export async function deleteOption(ctx: CallerContext, estimateId: number, optionId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const estimate = await findEstimate(tx, ctx, estimateId, true);
    if (!estimate) return false;
    const option = await findOption(tx, estimateId, optionId);
    if (!option) return false;
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(estimateOptions)
      .where(eq(estimateOptions.estimateId, estimateId));
    if (n <= 1) throw new EstimateRuleError("An estimate keeps at least one option", "optionId");
    await tx.delete(estimateOptions).where(eq(estimateOptions.id, optionId));
    await syncEstimateTotal(tx, estimateId, estimate.chosenOptionId === optionId ? null : estimate.chosenOptionId);
    await addTimeline(tx, ctx, estimateId, EstimateEvent.OptionDeleted, { data: { optionId, name: option.name } });
    return true;
  });
}

// ---------------------------------------------------------------- reads

/** GET estimates/{id}: the estimate with everything its details page shows. */
export async function getEstimate(ctx: CallerContext, id: number) {
  const estimate = await findEstimate(db, ctx, id);
  if (!estimate) return null;
  const [customer, options, employees, tagRows, timeline] = await Promise.all([
    customerContact(estimate.customerId),
    optionsOf(ctx, id),
    assignedEmployees(estimateRecord.assignees, id),
    tagsOfRecord(estimateTagLinks, id),
    timelineOf(estimateTimeline, id),
  ]);
  const { searchText: _s, searchVector: _v, publicToken: _t, signatureImageUrl: _i, ...fields } = estimate;
  return {
    ...fields,
    customer,
    customerName: customer ? [customer.firstName, customer.lastName].filter(Boolean).join(" ") : "",
    options,
    employees,
    employeeIds: employees.map((e) => e.id),
    tags: tagRows,
    // The estimate's timeline has never shown who stood behind a shadow log-in by id.
    timeline: timeline.map(({ impersonatorUserId: _u, ...event }) => event),
    ...(await estimateFiles(id)),
  };
}
export type EstimateDetails = NonNullable<Awaited<ReturnType<typeof getEstimate>>>;

export type EstimateListItem = {
  id: number;
  number: number;
  name: string | null;
  customerId: number;
  customerName: string;
  location: string | null;
  status: number;
  approval: number;
  startTime: string | null;
  totalCents: number;
  createdAt: string;
};

export type EstimateListQuery = {
  paging: Paging;
  searchQuery?: string;
  tags?: number[];
  excludeTags?: number[];
  status?: number;
  customerId?: number;
};

const sortColumns: Record<EstimateSortField, SQL | SQL[]> = {
  number: sql`${estimates.number}`,
  name: sql`${estimates.name}`,
  customerName: byCustomerName,
  status: sql`${estimates.status}`,
  total: sql`${estimates.totalCents}`,
  startTime: sql`${estimates.startTime}`,
  createdAt: sql`${estimates.createdAt}`,
};

function listConditions(ctx: CallerContext, query: EstimateListQuery): SQL[] {
  const where: SQL[] = [visibleEstimates(ctx)];
  if (query.customerId) where.push(eq(estimates.customerId, query.customerId));
  if (query.status !== undefined) where.push(eq(estimates.status, query.status));
  return [...where, ...tagAndTextFilters(estimates, estimateTagLinks, query)];
}

export const ESTIMATES_COUNT_CAP = 10_000;
const estimatesList = pagedList(estimates, estimateCounts, sortColumns, "createdAt", ESTIMATES_COUNT_CAP);

/**
 * GET estimates/page: one page, filtered and sorted in the database. The jobs list's plan
 * (list-pages.ts): the counter row's total for the whole company, a deferred join that walks the
 * sort index for the page's ids, a capped count for a filtered list.
 */
export async function listEstimatesPage(
  ctx: CallerContext,
  query: EstimateListQuery,
): Promise<{ items: EstimateListItem[]; total: number; totalIsCapped: boolean }> {
  const conditions = listConditions(ctx, query);
  const { rows, total, totalIsCapped } = await estimatesList(
    {
      paging: query.paging,
      companyId: ctx.companyId,
      where: conditions,
      wholeCompany: conditions.length === 1 && !isFieldTech(ctx),
    },
    {
      id: estimates.id,
      number: estimates.number,
      name: estimates.name,
      customerId: estimates.customerId,
      location: estimates.location,
      status: estimates.status,
      approval: estimates.approval,
      startTime: estimates.startTime,
      totalCents: estimates.totalCents,
      createdAt: estimates.createdAt,
    },
  );
  return {
    totalIsCapped,
    items: rows.map(({ startTime, createdAt, ...r }) => ({
      ...r,
      startTime: startTime?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    })),
    total,
  };
}

/** GET /customers/{id}/estimates/page: the customer profile's estimates tab. */
export function listCustomerEstimatesPage(
  ctx: CallerContext,
  customerId: number,
  query: Omit<EstimateListQuery, "customerId">,
) {
  return listEstimatesPage(ctx, { ...query, customerId });
}

/** Estimate tags whose name starts with the text (GET estimates/tags?name). */
export function searchEstimateTags(ctx: CallerContext, name: string) {
  return tagsStartingWith(ctx, TagType.Estimate, name);
}
