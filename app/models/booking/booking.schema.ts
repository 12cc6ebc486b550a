import { z } from "zod";
import { labelledEnum } from "~/utils/labelled-enum";
import { checkbox, messages, optionalEmailField, optionalText, requiredText } from "~/utils/validation";
import type { BookingAnswer, BookingWorkDay } from "~/db/schema";

// The online booking area's numbers, limits and input shapes (spec part 2 sections 3, 4, 7 and 9),
// shared by the settings page, the public form, the requests pages and the API.

/** Online booking request status (spec part 2 section 4). */
const bookingRequestStatuses = labelledEnum({
  New: [0, "New"],
  Viewed: [1, "Viewed"],
  Pending: [2, "Pending"],
  BadRequest: [3, "Bad request"],
  Resolved: [4, "Resolved"],
  ConvertedToJob: [5, "Converted to job"],
  ConvertedToEstimate: [6, "Converted to estimate"],
});
export const BookingRequestStatus = bookingRequestStatuses.values;
export type BookingRequestStatusValue = (typeof BookingRequestStatus)[keyof typeof BookingRequestStatus];
export const bookingRequestStatusLabels = bookingRequestStatuses.labels;
/** A request in these statuses (and not past) still holds its employee's window. */
export const OPEN_REQUEST_STATUSES: readonly BookingRequestStatusValue[] = [0, 1, 2];

/** Question types in the spec's order (part 2 section 3). */
const questionTypes = labelledEnum({
  TextField: [0, "Text field"],
  Date: [1, "Date"],
  Dropdown: [2, "Dropdown"],
  Checkbox: [3, "Checkbox"],
  Radio: [4, "Radio"],
  TextArea: [5, "Text area"],
  Location: [6, "Location"],
  UploadImage: [7, "Upload image"],
});
export const QuestionType = questionTypes.values;
export type QuestionTypeValue = (typeof QuestionType)[keyof typeof QuestionType];
export const questionTypeLabels = questionTypes.labels;
export const QUESTION_TYPES = questionTypes.all;
/** Types whose answer is one or more of the question's options. */
export const CHOICE_TYPES: readonly QuestionTypeValue[] = [2, 3, 4];

/** The request's timeline (our documented list). */
const requestEvents = labelledEnum({
  Received: [0, "Request received"],
  Viewed: [1, "Viewed"],
  CustomerAssigned: [2, "Assigned to a customer"],
  MarkedBad: [3, "Marked as a bad request"],
  MarkedPast: [4, "Moved to past requests"],
  Edited: [5, "Request edited"],
  ConvertedToJob: [6, "Converted to job"],
  ConvertedToEstimate: [7, "Converted to estimate"],
  StatusChanged: [8, "Status changed"],
});
export const BookingRequestEvent = requestEvents.values;
export const bookingRequestEventLabels = requestEvents.labels;

// ---- Business constants (spec part 2 section 9) -------------------------------------------------

/** Duration options: 1, 1.5, 2, 3 hours. */
export const DURATION_MINUTES = [60, 90, 120, 180] as const;
/** Lead time units: hours (max 24) and days (max 60). */
export const LeadTimeUnit = { Hours: 0, Days: 1 } as const;
export const LEAD_TIME_MAX = { [LeadTimeUnit.Hours]: 24, [LeadTimeUnit.Days]: 60 } as const;
/** Time buffers: none, +15, +30, +60, +120, +180, +240 minutes. */
export const BUFFER_MINUTES = [0, 15, 30, 60, 120, 180, 240] as const;
/** Default work day: 05:00 am to 10:00 pm, every weekday. */
export const DEFAULT_DAY_START = 5 * 60;
export const DEFAULT_DAY_END = 22 * 60;
export const defaultWorkHours = (): BookingWorkDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    isOpen: true,
    startMinutes: DEFAULT_DAY_START,
    endMinutes: DEFAULT_DAY_END,
  }));

export const QUESTIONS_MAX = 30;
export const OPTIONS_MAX = 30;
export const SERVICES_MAX = 100;
export const LABEL_MAX = 200;
export const ANSWER_MAX = 2000;
/** How far ahead the form offers windows. */
export const BOOKING_HORIZON_DAYS = 60;
/** Photos per request and per upload (the spec's image types, as the jobs' uploads take). */
export const PHOTOS_MAX = 5;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/heic", "image/heif"] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

// ---- Settings (/online-booking-settings) --------------------------------------------------------

/** The public address: lower-case letters, digits and single hyphens, 3 to 60 characters. */
export const FORM_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const formUrlField = z
  .string({ required_error: messages.required("Form URL") })
  .trim()
  .toLowerCase()
  .min(3, messages.min("Form URL", 3))
  .max(60, messages.max("Form URL", 60))
  .regex(FORM_URL_PATTERN, "Use lower-case letters, digits and hyphens only");

const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.coerce.number({ invalid_type_error: message }).refine((v) => values.includes(v), message);

const minutesOfDay = z.coerce
  .number()
  .int()
  .min(0)
  .max(24 * 60);

export const workDaySchema = z
  .object({
    weekday: z.coerce.number().int().min(0).max(6),
    isOpen: checkbox(),
    startMinutes: minutesOfDay,
    endMinutes: minutesOfDay,
  })
  .refine((d) => !d.isOpen || d.endMinutes > d.startMinutes, {
    message: "The day must end after it starts",
    path: ["endMinutes"],
  });

export const bookingSettingsSchema = z
  .object({
    formUrl: formUrlField,
    isEnabled: checkbox(),
    needsApproval: checkbox(),
    durationMinutes: oneOf(DURATION_MINUTES, "Choose a duration"),
    leadTimeAmount: z.coerce
      .number({ invalid_type_error: messages.required("Lead time") })
      .int(messages.required("Lead time"))
      .min(0, messages.numberMin("Lead time", 0)),
    leadTimeUnit: oneOf([LeadTimeUnit.Hours, LeadTimeUnit.Days], "Choose hours or days"),
    bufferMinutes: oneOf(BUFFER_MINUTES, "Choose a buffer"),
    workHours: z.array(workDaySchema).length(7),
    /** Miles around the company address; empty: no limit. */
    serviceAreaRadius: z.preprocess(
      (v) => (v === "" || v === undefined || v === null ? null : v),
      z.coerce
        .number({ invalid_type_error: "Enter a number of miles" })
        .int("Enter a whole number of miles")
        .min(1, messages.numberMin("Service area radius", 1))
        .max(500, messages.numberMax("Service area radius", 500))
        .nullable(),
    ),
    introText: optionalText("Introduction", { max: ANSWER_MAX }),
    serviceIds: z.array(z.coerce.number().int().positive()).max(SERVICES_MAX).default([]),
  })
  .superRefine((s, ctx) => {
    const max = LEAD_TIME_MAX[s.leadTimeUnit as 0 | 1];
    if (max !== undefined && s.leadTimeAmount > max)
      ctx.addIssue({ code: "custom", path: ["leadTimeAmount"], message: messages.numberMax("Lead time", max) });
  });
export type BookingSettingsInput = z.infer<typeof bookingSettingsSchema>;

export const questionSchema = z
  .object({
    type: oneOf(QUESTION_TYPES, "Choose a question type"),
    label: requiredText("Question", { max: LABEL_MAX }),
    isRequired: checkbox(),
    /** One option per line on the form; an array in JSON. */
    options: z
      .preprocess(
        (v) => (typeof v === "string" ? v.split(/\r?\n/) : (v ?? [])),
        z.array(z.string().trim().max(LABEL_MAX, messages.max("Option", LABEL_MAX))),
      )
      .transform((list) => [...new Set(list.filter(Boolean))])
      .pipe(z.array(z.string()).max(OPTIONS_MAX, `At most ${OPTIONS_MAX} options`)),
  })
  .superRefine((q, ctx) => {
    if (CHOICE_TYPES.includes(q.type as QuestionTypeValue) && q.options.length === 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Add at least one option" });
  })
  .transform((q) => ({ ...q, options: CHOICE_TYPES.includes(q.type as QuestionTypeValue) ? q.options : [] }));
export type QuestionInput = z.infer<typeof questionSchema>;

// ---- The public form's submission ---------------------------------------------------------------

/**
 * POST /booking-requests/public/{companyId}/send and the public form: the fixed fields. Answers are
 * checked against the company's questions by the model (they are data, not a fixed shape).
 * `website` is the honeypot: people leave it empty, form-filling robots do not.
 */
export const bookingSubmissionSchema = z.object({
  submissionKey: z
    .string({ required_error: "The form has expired: reload it" })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "The form has expired: reload it"),
  serviceId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  /** The chosen window's start, an ISO instant from the offered list. */
  startTime: z
    .string({ required_error: "Choose a time" })
    .min(1, "Choose a time")
    .refine((v) => !Number.isNaN(Date.parse(v)), "Choose a time"),
  firstName: requiredText("First Name", { max: 100 }),
  lastName: optionalText("Last Name", { max: 100 }),
  email: optionalEmailField(),
  phone: optionalText("Phone", { max: 40 }),
  location: requiredText("Address", { max: 300 }),
  unitNumber: optionalText("Unit", { max: 40 }),
  latitude: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().min(-90).max(90).optional(),
  ),
  longitude: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().min(-180).max(180).optional(),
  ),
  notes: optionalText("Notes", { max: ANSWER_MAX }),
  /** questionId → answer (a string, or strings for checkboxes); photos come as uploaded file URLs. */
  answers: z
    .record(
      z.string().regex(/^\d+$/),
      z.union([z.string().max(ANSWER_MAX), z.array(z.string().max(LABEL_MAX)).max(OPTIONS_MAX)]),
    )
    .default({}),
  website: z.string().max(200).optional(),
});
export type BookingSubmissionInput = z.infer<typeof bookingSubmissionSchema>;
export type { BookingAnswer, BookingWorkDay };

// ---- The office side (/booking-requests, part 2 section 7 "Booking requests") -------------------

/** GET /booking-requests/page {pagingSettings, isPastRequest}: the list's own filter (paging is read as every list's). */
export const BOOKING_REQUEST_SORT_FIELDS = ["createdAt", "startTime", "status", "customerName"] as const;
export const bookingRequestPageQuerySchema = z.object({ isPastRequest: checkbox().default(false) });

/** PUT /booking-requests/{id}: what the office may correct on a request. */
export const bookingRequestUpdateSchema = z.object({
  firstName: requiredText("First Name", { max: 100 }),
  lastName: optionalText("Last Name", { max: 100 }),
  email: optionalEmailField(),
  phone: optionalText("Phone", { max: 40 }),
  location: requiredText("Address", { max: 300 }),
  unitNumber: optionalText("Unit", { max: 40 }),
  notes: optionalText("Notes", { max: ANSWER_MAX }),
  status: z.coerce
    .number()
    .int()
    .refine((v) => [0, 1, 2, 4].includes(v), "Choose new, viewed, pending or resolved")
    .optional(),
});
export type BookingRequestUpdateInput = z.infer<typeof bookingRequestUpdateSchema>;
