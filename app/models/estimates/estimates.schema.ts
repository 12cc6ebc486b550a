import { z } from "zod";
import { labelledEnum } from "~/utils/labelled-enum";
import { checkbox, messages } from "~/utils/validation";
import { idList } from "~/http/query-schemas";
import { idArray, isoDate, NAME_MAX, renameSchema, scheduleFieldsSchema, TEXT_MAX } from "~/models/jobs/jobs.schema";
import { lineItemSchema, LINE_ITEMS_MAX } from "~/models/line-items/line-items.schema";
import { moneyField, taxRateField } from "~/models/line-items/money";

/** Estimate and visit status numbers of the spec (part 2 section 4). */
const estimateStatuses = labelledEnum({
  Scheduled: [0, "Scheduled"],
  OnMyWay: [1, "On my way"],
  Started: [2, "Started"],
  Finished: [3, "Finished"],
  Sent: [4, "Sent"],
  Approved: [5, "Approved"],
  Cancelled: [6, "Cancelled"],
  Unscheduled: [7, "Unscheduled"],
  CopiedToJob: [8, "Copied to job"],
  Declined: [9, "Declined"],
});
export const EstimateStatus = estimateStatuses.values;
export type EstimateStatusValue = (typeof EstimateStatus)[keyof typeof EstimateStatus];
export const estimateStatusLabels = estimateStatuses.labels;
export const ESTIMATE_STATUSES = estimateStatuses.all;

/** Approval of the spec: 0 not yet approved, 1 approved, 2 declined (set by the approval page, next round). */
export const EstimateApproval = { Pending: 0, Approved: 1, Declined: 2 } as const;

/**
 * The moves of the estimate status call (docs/decisions/051-estimates.md). The visit moves run like
 * a job's; sent, approved, declined and copied to job are reached by sending, the customer's answer
 * and the copy (next round), so staff move to them only from the states around them. Undo reverts
 * the last recorded move whatever it was.
 */
export const ESTIMATE_STATUS_MOVES: Record<EstimateStatusValue, readonly EstimateStatusValue[]> = {
  0: [1, 2, 3, 6, 7],
  1: [0, 2, 3, 6],
  2: [1, 3, 6],
  3: [4, 6],
  4: [5, 9, 6],
  5: [6, 8],
  6: [0, 7],
  7: [0, 4, 6],
  8: [],
  9: [4, 6],
};

/** Statuses a visit can still be (re)scheduled from. */
export const SCHEDULABLE_STATUSES: readonly EstimateStatusValue[] = [0, 1, 2, 7];

/** Timeline event types of an estimate (our documented list, like the jobs' one). */
const estimateTimelineEvents = labelledEnum({
  Created: [0, "Estimate created"],
  Scheduled: [1, "Scheduled"],
  OnMyWay: [2, "On my way"],
  Started: [3, "Started"],
  Finished: [4, "Finished"],
  Sent: [5, "Sent"],
  Approved: [6, "Approved"],
  Cancelled: [7, "Cancelled"],
  Unscheduled: [8, "Unscheduled"],
  CopiedToJob: [9, "Copied to job"],
  Declined: [10, "Declined"],
  Rescheduled: [11, "Rescheduled"],
  StatusUndone: [12, "Status change undone"],
  Renamed: [13, "Renamed"],
  EmployeesAssigned: [14, "Employees assigned"],
  Edited: [15, "Estimate edited"],
  OptionAdded: [16, "Option added"],
  OptionDeleted: [17, "Option deleted"],
  AttachmentAdded: [18, "Attachment added"],
  AttachmentRemoved: [19, "Attachment removed"],
});
export const EstimateEvent = estimateTimelineEvents.values;
export type EstimateEventValue = (typeof EstimateEvent)[keyof typeof EstimateEvent];
export const estimateEventLabels = estimateTimelineEvents.labels;

/** The timeline event that records a move to each status. */
export const estimateStatusEvent: Record<EstimateStatusValue, EstimateEventValue> = {
  0: EstimateEvent.Scheduled,
  1: EstimateEvent.OnMyWay,
  2: EstimateEvent.Started,
  3: EstimateEvent.Finished,
  4: EstimateEvent.Sent,
  5: EstimateEvent.Approved,
  6: EstimateEvent.Cancelled,
  7: EstimateEvent.Unscheduled,
  8: EstimateEvent.CopiedToJob,
  9: EstimateEvent.Declined,
};

export const OPTIONS_MAX = 10;
export const ESTIMATE_SORT_FIELDS = [
  "number",
  "name",
  "customerName",
  "status",
  "total",
  "startTime",
  "createdAt",
] as const;
export type EstimateSortField = (typeof ESTIMATE_SORT_FIELDS)[number];

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (label: string) =>
  z.preprocess(blank, z.string().trim().max(TEXT_MAX, messages.max(label, TEXT_MAX)).optional());

/**
 * A line of an estimate option: a line item plus its optionalState (spec: null, or isRecommended
 * and isApproved). Forms post isOptional/isRecommended checkboxes; the API may send optionalState.
 */
export const estimateLineSchema = lineItemSchema
  .extend({
    isOptional: checkbox().optional(),
    isRecommended: checkbox().optional(),
    isApproved: checkbox().optional(),
    optionalState: z
      .object({ isRecommended: checkbox().default(false), isApproved: checkbox().default(false) })
      .nullable()
      .optional(),
  })
  .transform(({ optionalState, isOptional, isRecommended, isApproved, ...line }) => {
    const optional = optionalState !== undefined ? optionalState !== null : !!isOptional;
    return {
      ...line,
      isOptional: optional,
      isRecommended: optional && !!(optionalState?.isRecommended ?? isRecommended),
      isApproved: optional && !!(optionalState?.isApproved ?? isApproved),
    };
  });
export type EstimateLineInput = z.infer<typeof estimateLineSchema>;

const optionName = z
  .string({ required_error: messages.required("Option name"), invalid_type_error: messages.required("Option name") })
  .trim()
  .min(1, messages.required("Option name"))
  .max(NAME_MAX, messages.max("Option name", NAME_MAX));

/** One option (version) of an estimate with its lines. */
export const estimateOptionSchema = z.object({
  id: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  name: optionName,
  lineItems: z.array(estimateLineSchema).max(LINE_ITEMS_MAX).default([]),
});
export type EstimateOptionInput = z.infer<typeof estimateOptionSchema>;

const optionsField = z
  .array(estimateOptionSchema)
  .min(1, "Add at least one option")
  .max(OPTIONS_MAX, `An estimate has at most ${OPTIONS_MAX} options`);

/** Fields shared by creating and editing an estimate (money in dollars, tax rate in percent). */
const estimateFields = {
  customerAddressId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  name: z.preprocess(blank, z.string().trim().max(NAME_MAX, messages.max("Name", NAME_MAX)).optional()),
  description: text("Description"),
  privateNotes: text("Private notes"),
  message: text("Message"),
  taxRate: taxRateField,
  discount: moneyField("Discount").transform((v) => v ?? 0),
  tags: idArray.default([]),
};

/**
 * POST estimates (the spec's estimate fields). `lineItems` alone is one option named "Option 1";
 * `options` (the spec's versions) carry their own lines.
 */
export const estimateCreateSchema = scheduleFieldsSchema
  .omit({ recurrence: true, sendAppointmentReminder: true })
  .extend({
    customerId: z.coerce
      .number({ required_error: messages.required("Customer"), invalid_type_error: messages.required("Customer") })
      .int()
      .positive(messages.required("Customer")),
    location: z.preprocess(blank, z.string().trim().max(500).optional()),
    ...estimateFields,
    lineItems: z.array(estimateLineSchema).max(LINE_ITEMS_MAX).optional(),
    options: optionsField.optional(),
    bookingRequestId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
    templateId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
    /** Copy the template's files to the estimate; absent is yes. */
    templateAttachments: checkbox().optional(),
  })
  .transform(({ lineItems, options, ...rest }) => ({
    ...rest,
    options: options ?? [{ name: "Option 1", lineItems: lineItems ?? [] }],
  }));
export type EstimateCreateInput = z.infer<typeof estimateCreateSchema>;

/** PUT estimates/{id}: every field optional; `options` replaces the options (kept by id, new ones added, missing ones deleted). */
export const estimateUpdateSchema = z.object({
  customerAddressId: estimateFields.customerAddressId,
  name: estimateFields.name,
  description: z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(TEXT_MAX).optional()),
  privateNotes: z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(TEXT_MAX).optional()),
  message: z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(TEXT_MAX).optional()),
  taxRate: taxRateField.optional(),
  discount: moneyField("Discount"),
  tags: idArray.optional(),
  isAllDay: checkbox().optional(),
  options: optionsField.optional(),
});
export type EstimateUpdateInput = z.infer<typeof estimateUpdateSchema>;

/** POST estimates/{id}/options: a new option (lines optional). */
export const estimateOptionCreateSchema = estimateOptionSchema.omit({ id: true });
/** DELETE estimates/{id}/option {optionId}. */
export const estimateOptionIdSchema = z.object({
  optionId: z.coerce.number({ invalid_type_error: "Option Id is required" }).int().positive("Option Id is required"),
});
/** Renaming an option (the details page). */
export const optionRenameSchema = estimateOptionIdSchema.extend({ name: optionName });

/** PUT estimates/{id}/status {estimateId, startDate, notifyCustomer, reason, status}. */
export const estimateStatusSchema = z.object({
  estimateId: z.coerce.number().int().positive(),
  status: z.coerce
    .number({ invalid_type_error: messages.required("Status"), required_error: messages.required("Status") })
    .int()
    .refine((n) => n >= 0 && n <= 9, "Status must be 0-9"),
  startDate: isoDate("Start date"),
  notifyCustomer: checkbox().optional(),
  reason: z.preprocess(blank, z.string().trim().max(1000, messages.max("Reason", 1000)).optional()),
});
export type EstimateStatusInput = z.infer<typeof estimateStatusSchema>;

/** PUT estimates/undo {id, statusClicked}. */
export const estimateUndoSchema = z.object({
  id: z.coerce.number().int().positive(),
  statusClicked: z.coerce.number().int().min(0).max(9),
});

/** POST estimates/schedule: the visit's time, arrival window and employees. */
export const estimateScheduleSchema = scheduleFieldsSchema
  .omit({ recurrence: true, sendAppointmentReminder: true })
  .extend({ id: z.coerce.number().int().positive(), unschedule: checkbox().optional() });
export type EstimateScheduleInput = z.infer<typeof estimateScheduleSchema>;

export const estimateRenameSchema = renameSchema;
export const estimateEmployeesSchema = z.object({ employeeIds: idList });

/** GET /api/estimates/page filters (besides paging); status filters by estimate status. */
export const estimatesPageFiltersSchema = z.object({
  searchQuery: z.string().max(200).optional(),
  tags: idList,
  excludeTags: idList,
  status: z.preprocess(blank, z.coerce.number().int().min(0).max(9).optional()),
  customerId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
});

/** GET /api/estimates/tags?name. */
export const estimateTagsQuerySchema = z.object({ name: z.string().max(100).default("") });
