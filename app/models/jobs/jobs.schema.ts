import { z } from "zod";
import { labelledEnum } from "~/utils/labelled-enum";
import { checkbox, messages } from "~/utils/validation";
import { lineItemsSchema } from "~/models/line-items/line-items.schema";
import { moneyField, taxRateField } from "~/models/line-items/money";

/** Job status numbers of the spec (part 2 section 4). */
const jobStatuses = labelledEnum({
  Unscheduled: [0, "Unscheduled"],
  Scheduled: [1, "Scheduled"],
  OnMyWay: [2, "On my way"],
  Started: [3, "Started"],
  Finished: [4, "Finished"],
  Paid: [5, "Paid"],
  Cancelled: [6, "Cancelled"],
  Prescheduled: [7, "Prescheduled"],
});
export const JobStatus = jobStatuses.values;
export type JobStatusValue = (typeof JobStatus)[keyof typeof JobStatus];
export const jobStatusLabels = jobStatuses.labels;
export const JOB_STATUSES = jobStatuses.all;

/**
 * The allowed moves of updateJobStatus (docs/decisions/019-jobs-status-moves.md). A finished or paid
 * job never goes back to scheduled except through undo; paid is reached by recording a payment
 * (or from finished, when paid elsewhere).
 */
export const JOB_STATUS_MOVES: Record<JobStatusValue, readonly JobStatusValue[]> = {
  0: [1, 6],
  1: [0, 2, 3, 4, 6],
  2: [1, 3, 4, 6],
  3: [4, 6],
  4: [5],
  5: [],
  6: [0, 1],
  7: [0, 1, 6],
};

/** Statuses whose visits a series edit may still move or delete (not begun, not closed). */
export const OPEN_VISIT_STATUSES: readonly JobStatusValue[] = [0, 1, 7];
/** Statuses a payment may be recorded from. */
export const PAYABLE_STATUSES: readonly JobStatusValue[] = [0, 1, 2, 3, 4, 7];

/** Timeline event types 0-27 (the spec shows only some names; our documented list, 26-27: ADR 066). */
const timelineEvents = labelledEnum({
  JobCreated: [0, "Job created"],
  Scheduled: [1, "Scheduled"],
  OnMyWay: [2, "On my way"],
  Started: [3, "Started"],
  Finished: [4, "Finished"],
  Paid: [5, "Paid"],
  Cancelled: [6, "Cancelled"],
  Unscheduled: [7, "Unscheduled"],
  Prescheduled: [8, "Prescheduled"],
  Rescheduled: [9, "Rescheduled"],
  EstimateSent: [10, "Estimate sent"],
  EstimateApproved: [11, "Estimate approved"],
  EstimateDeclined: [12, "Estimate declined"],
  InvoiceSent: [13, "Invoice sent"],
  InvoicePaid: [14, "Invoice paid"],
  VisitDetailsSent: [15, "Visit details sent"],
  PaymentRecorded: [16, "Payment recorded"],
  StatusUndone: [17, "Status change undone"],
  Renamed: [18, "Renamed"],
  EmployeesAssigned: [19, "Employees assigned"],
  JobEdited: [20, "Job edited"],
  AttachmentAdded: [21, "Attachment added"],
  AttachmentRemoved: [22, "Attachment removed"],
  ChecklistCompleted: [23, "Checklist completed"],
  Signed: [24, "Signed"],
  CopiedFromEstimate: [25, "Created from an estimate"],
  InvoiceCreated: [26, "Invoice created"],
  InvoiceUncollectible: [27, "Marked uncollectible"],
});
export const TimelineEvent = timelineEvents.values;
export type TimelineEventValue = (typeof TimelineEvent)[keyof typeof TimelineEvent];
export const timelineEventLabels = timelineEvents.labels;

/** The timeline event that records a move to each status. */
export const statusEvent: Record<JobStatusValue, TimelineEventValue> = {
  0: TimelineEvent.Unscheduled,
  1: TimelineEvent.Scheduled,
  2: TimelineEvent.OnMyWay,
  3: TimelineEvent.Started,
  4: TimelineEvent.Finished,
  5: TimelineEvent.Paid,
  6: TimelineEvent.Cancelled,
  7: TimelineEvent.Prescheduled,
};

export const ActorType = { System: 0, Employee: 1, MainParticipant: 2 } as const;

export const PaymentMethod = { Cash: 0, Check: 1, Card: 2, Other: 3 } as const;
export const paymentMethodLabels: Record<number, string> = { 0: "Cash", 1: "Check", 2: "Card", 3: "Other" };

/** rrule frequency numbers (DECISIONS.md); 'never' is no rule at all. */
export const Frequency = { Yearly: 0, Monthly: 1, Weekly: 2, Daily: 3 } as const;
export const frequencyLabels: Record<number, string> = { 3: "Daily", 2: "Weekly", 1: "Monthly", 0: "Yearly" };
export const setPositionLabels: Record<number, string> = { 1: "First", 2: "Second", 3: "Third", 4: "4th" };
/** rrule weekday numbers: 0 Monday .. 6 Sunday. */
export const weekdayLabels = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Scope of an edit or deletion of one visit of a series (the spec's deletion scopes). */
export const EditScope = { OnlyThis: 0, ThisAndFollowing: 1, All: 2 } as const;
export type EditScopeValue = (typeof EditScope)[keyof typeof EditScope];
export const editScopeLabels: Record<EditScopeValue, string> = { 0: "Only this", 1: "This and following", 2: "All" };

/** Visits of a series exist as job rows this far ahead; a background step keeps the horizon. */
export const SERIES_HORIZON_MONTHS = 12;
/** A single series edit or creation never writes more visits than this in one request. */
export const SERIES_MAX_VISITS = 1000;

export const NAME_MAX = 255;
export const TEXT_MAX = 5000;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const JOB_SORT_FIELDS = ["startTime", "name", "customerName", "status", "total", "createdAt"] as const;
export type JobSortField = (typeof JOB_SORT_FIELDS)[number];

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * Recurrence rule of the spec. frequency 0-3 (rrule numbers); absent/null = never.
 * Ends: never (no count, no until), after `count` visits, or on `until`.
 */
export const recurrenceSchema = z.object({
  frequency: z.coerce
    .number({ invalid_type_error: "Frequency is required" })
    .int()
    .refine((n) => n >= 0 && n <= 3, "Frequency must be 0-3"),
  interval: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(1, messages.numberMin("Interval", 1))
      .max(99, messages.numberMax("Interval", 99))
      .default(1),
  ),
  count: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(1, messages.numberMin("Count", 1))
      .max(SERIES_MAX_VISITS, messages.numberMax("Count", SERIES_MAX_VISITS))
      .optional(),
  ),
  until: z.preprocess(blank, z.coerce.date({ invalid_type_error: "Until must be a date" }).optional()),
  setPosition: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .refine((n) => (n >= 1 && n <= 4) || n === -1, "Set position must be first to 4th")
      .optional(),
  ),
  daysOfWeek: z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int().min(0).max(6)).max(7).optional(),
  ),
  daysOfMonth: z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int().min(1).max(31)).max(31).optional(),
  ),
  daysOfYear: z.array(z.coerce.number().int().min(1).max(366)).max(366).optional(),
  month: z.preprocess(blank, z.coerce.number().int().min(1).max(12).optional()),
  weekNumber: z.preprocess(blank, z.coerce.number().int().min(1).max(53).optional()),
  onWeekBasis: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()).optional(),
});
export type RecurrenceInput = z.infer<typeof recurrenceSchema>;

/** Ids as a list, a comma list, or objects with an id (what GET jobs/{id} answers for tags), so a read job can be sent back. */
export const idArray = z.preprocess(
  (v) =>
    (v === undefined || v === "" || v === null ? [] : Array.isArray(v) ? v : String(v).split(",")).map((x) =>
      typeof x === "object" && x !== null && "id" in x ? (x as { id: unknown }).id : x,
    ),
  z.array(z.coerce.number().int().positive()).max(200),
);

export const isoDate = (label: string) =>
  z.preprocess(blank, z.coerce.date({ invalid_type_error: `${label} must be a date` }).optional());

/** Scheduling fields shared by job creation and jobs/schedule. */
export const scheduleFieldsSchema = z.object({
  startTime: isoDate("Start time"),
  endTime: isoDate("End time"),
  isAllDay: checkbox().optional(),
  arrivalWindowOffset: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(0, messages.numberMin("Arrival window", 0))
      .max(24 * 60)
      .optional(),
  ),
  /** The client's UTC offset in minutes; visits are planned in the company's IANA zone instead. */
  timezoneOffset: z.preprocess(blank, z.coerce.number().int().optional()),
  timezone: z.preprocess(blank, z.string().max(64).optional()),
  employeeIds: idArray.optional(),
  sendAppointmentReminder: checkbox().optional(),
  recurrence: z.preprocess((v) => (v === "" ? null : v), recurrenceSchema.nullable().optional()),
});

/** POST jobs (job fields of the spec). Money in dollars, tax rate in percent. */
export const jobCreateSchema = scheduleFieldsSchema.extend({
  customerId: z.coerce
    .number({ required_error: messages.required("Customer"), invalid_type_error: messages.required("Customer") })
    .int()
    .positive(messages.required("Customer")),
  customerAddressId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  location: z.preprocess(blank, z.string().trim().max(500).optional()),
  name: z.preprocess(blank, z.string().trim().max(NAME_MAX, messages.max("Name", NAME_MAX)).optional()),
  description: z.preprocess(blank, z.string().trim().max(TEXT_MAX, messages.max("Description", TEXT_MAX)).optional()),
  privateNotes: z.preprocess(
    blank,
    z.string().trim().max(TEXT_MAX, messages.max("Private notes", TEXT_MAX)).optional(),
  ),
  message: z.preprocess(blank, z.string().trim().max(TEXT_MAX, messages.max("Message", TEXT_MAX)).optional()),
  lineItems: lineItemsSchema.default([]),
  taxRate: taxRateField,
  discount: moneyField("Discount").transform((v) => v ?? 0),
  tags: idArray.default([]),
  jobStatus: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .refine((n) => n === 0 || n === 1 || n === 7, "Status must be unscheduled, scheduled or prescheduled")
      .optional(),
  ),
  bookingRequestId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  templateId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  /** Copy the template's files to the job; absent is yes. */
  templateAttachments: checkbox().optional(),
  servicePlanVisitDescription: z.preprocess(blank, z.string().trim().max(TEXT_MAX).optional()),
  /** Tell the customer the visit is scheduled (job scheduled message) when the job has a start. */
  notify: checkbox().optional(),
});
export type JobCreateInput = z.infer<typeof jobCreateSchema>;

/** PUT jobs/{id} {privateNotes, discount, lineItems, taxRate, message, servicePlanVisitDescription, tags, isAllDay}. */
export const jobUpdateSchema = z.object({
  name: z.preprocess(blank, z.string().trim().max(NAME_MAX, messages.max("Name", NAME_MAX)).optional()),
  description: z.preprocess(
    (v) => (v === null ? "" : v),
    z.string().trim().max(TEXT_MAX, messages.max("Description", TEXT_MAX)).optional(),
  ),
  customerAddressId: z.preprocess(blank, z.coerce.number().int().positive().optional()),
  privateNotes: z.preprocess(
    (v) => (v === null ? "" : v),
    z.string().trim().max(TEXT_MAX, messages.max("Private notes", TEXT_MAX)).optional(),
  ),
  message: z.preprocess(
    (v) => (v === null ? "" : v),
    z.string().trim().max(TEXT_MAX, messages.max("Message", TEXT_MAX)).optional(),
  ),
  servicePlanVisitDescription: z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(TEXT_MAX).optional()),
  lineItems: lineItemsSchema.optional(),
  taxRate: taxRateField.optional(),
  discount: moneyField("Discount"),
  tags: idArray.optional(),
  isAllDay: checkbox().optional(),
});
export type JobUpdateInput = z.infer<typeof jobUpdateSchema>;

/** POST jobs/schedule. */
export const jobScheduleSchema = scheduleFieldsSchema.extend({
  id: z.coerce.number().int().positive(),
  changeRecurrentJobs: checkbox().optional(),
  recurrentEventEditOption: z.preprocess(blank, z.coerce.number().int().min(0).max(2).optional()),
  description: z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(TEXT_MAX).optional()),
  setArrivalWindowOffsetAsDefault: checkbox().optional(),
  oldStartTime: isoDate("Old start time"),
  oldEndTime: isoDate("Old end time"),
  notify: checkbox().optional(),
});
export type JobScheduleInput = z.infer<typeof jobScheduleSchema>;

export const updateJobStatusSchema = z.object({
  jobId: z.coerce.number().int().positive(),
  status: z.coerce
    .number({ invalid_type_error: messages.required("Status") })
    .int()
    .refine((n) => n >= 0 && n <= 7, "Status must be 0-7"),
  startDate: isoDate("Start date"),
  notifyCustomer: checkbox().optional(),
  reason: z.preprocess(blank, z.string().trim().max(1000, messages.max("Reason", 1000)).optional()),
});

/** "Send visit details" on the job page: the channel (text 1, email 2, both 3) and the form's token. */
export const sendVisitDetailsSchema = z.object({
  channel: z.coerce
    .number({ invalid_type_error: "Choose text, email or both" })
    .int()
    .refine((n) => n === 1 || n === 2 || n === 3, "Choose text, email or both"),
  requestToken: z.preprocess(blank, z.string().max(64).optional()),
});

export const undoStatusSchema = z.object({
  id: z.coerce.number().int().positive(),
  statusClicked: z.coerce.number().int().min(0).max(7),
});

export const paySchema = z.object({
  method: z.coerce
    .number({
      invalid_type_error: messages.required("Payment method"),
      required_error: messages.required("Payment method"),
    })
    .int()
    .refine((n) => n >= 0 && n <= 3, messages.required("Payment method")),
  amount: moneyField("Amount"),
  note: z.preprocess(blank, z.string().trim().max(1000, messages.max("Note", 1000)).optional()),
});

export const renameSchema = z.object({
  name: z
    .string({ required_error: messages.required("Name") })
    .trim()
    .min(1, messages.required("Name"))
    .max(NAME_MAX, messages.max("Name", NAME_MAX)),
});
export const segmentSchema = z.object({
  name: z
    .string({ required_error: messages.required("Name") })
    .trim()
    .min(1, messages.required("Name"))
    .max(NAME_MAX, messages.max("Name", NAME_MAX)),
});
