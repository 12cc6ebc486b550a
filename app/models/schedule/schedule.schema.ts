import { z } from "zod";
import { EditScope, Frequency, SERIES_MAX_VISITS, type RecurrenceInput } from "~/models/jobs/jobs.schema";
import type { SeriesRule } from "~/models/jobs/job-recurrence";
import { isDateText, splitWall } from "~/models/schedule/schedule";
import { parseTimeText } from "~/utils/format";
import { checkbox, messages } from "~/utils/validation";

/** Shared by the schedule's drag-and-drop island (browser) and the schedule route's action. */

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const wallField = (label: string) =>
  z
    .string({ required_error: messages.required(label) })
    .refine((v) => splitWall(v) !== null, `${label} must be a date and time (YYYY-MM-DDTHH:mm)`);
const scopeField = z.preprocess(blank, z.coerce.number().int().min(EditScope.OnlyThis).max(EditScope.All).optional());

/**
 * intent=move / resize: times are wall clock in the company's zone. employeeId is the lane the
 * visit was dropped on (0 = unassigned) and fromEmployeeId the lane it left; absent = no change.
 */
export const moveVisitSchema = z
  .object({
    intent: z.enum(["move", "resize"]),
    jobId: z.coerce.number().int().positive(),
    /** What jobId names: a job (the default) or an estimate visit. */
    kind: z.preprocess(blank, z.enum(["job", "estimate"]).default("job")),
    start: wallField("Start"),
    end: wallField("End"),
    isAllDay: checkbox(),
    employeeId: z.preprocess(blank, z.coerce.number().int().min(0).optional()),
    fromEmployeeId: z.preprocess(blank, z.coerce.number().int().min(0).optional()),
    recurrentEventEditOption: scopeField,
    returnTo: z.preprocess(blank, z.string().max(500).optional()),
  })
  .refine((v) => v.end > v.start, { message: "End time must be after start time", path: ["end"] });
export type MoveVisitInput = z.infer<typeof moveVisitSchema>;

// ---------------------------------------------------------------- /jobs/:jobId/schedule

export const RECURRENCE_OPTIONS = [
  { value: "never", label: "Never" },
  { value: String(Frequency.Daily), label: "Daily" },
  { value: String(Frequency.Weekly), label: "Weekly" },
  { value: String(Frequency.Monthly), label: "Monthly" },
  { value: String(Frequency.Yearly), label: "Yearly" },
] as const;
export const END_OPTIONS = [
  { value: "never", label: "Never" },
  { value: "after", label: "After" },
  { value: "on", label: "On date" },
] as const;
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const timeText = (label: string) =>
  z
    .preprocess(blank, z.string().optional())
    .refine((v) => v === undefined || parseTimeText(v) !== null, `${label} must be like 09:30 am`);
const dateText = (label: string) =>
  z.preprocess(blank, z.string().optional()).refine((v) => v === undefined || isDateText(v), `${label} must be a date`);
const intIn = (label: string, min: number, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ invalid_type_error: `${label} must be a number` })
      .int()
      .min(min, messages.numberMin(label, min))
      .max(max, `${label} must be less than or equal to ${max}`)
      .optional(),
  );
const listOf = (schema: z.ZodTypeAny) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(schema));

/**
 * The schedule screen's fields (POST jobs/schedule of the spec, in form shape): dates as
 * 'YYYY-MM-DD', times as 'hh:mm am', the recurrence in the spec's form-state names.
 */
export const scheduleFormSchema = z
  .object({
    isAllDay: checkbox(),
    startDate: dateText("Start date"),
    startTime: timeText("Start time"),
    endDate: dateText("End date"),
    endTime: timeText("End time"),
    arrivalWindowOffset: z.preprocess(
      (v) => (v === "" || v === undefined ? 0 : v),
      z.coerce
        .number({ invalid_type_error: "Arrival window must be a number" })
        .int()
        .min(0, messages.numberMin("Arrival window", 0))
        .max(24 * 60, "Arrival window must be less than or equal to 1440"),
    ),
    setArrivalWindowOffsetAsDefault: checkbox(),
    employeeIds: listOf(z.coerce.number().int().positive()).pipe(z.array(z.number()).min(1, messages.oneEmployee)),
    description: z.preprocess(blank, z.string().trim().max(5000, messages.max("Description", 5000)).optional()),
    recurrenceOption: z.enum(["never", "0", "1", "2", "3"]).default("never"),
    interval: intIn("Interval", 1, 99),
    weekDays: listOf(z.coerce.number().int().min(0).max(6)),
    on: z.enum(["day", "weekday"]).default("day"),
    day: intIn("Day", 1, 31),
    order: intIn("Order", 1, 4),
    weekDay: intIn("Week day", 0, 6),
    month: intIn("Month", 1, 12),
    endOption: z.enum(["never", "after", "on"]).default("never"),
    count: intIn("Number of visits", 1, SERIES_MAX_VISITS),
    until: dateText("End date of the series"),
    sendAppointmentReminder: checkbox(),
    notify: checkbox(),
    recurrentEventEditOption: scopeField,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.startDate) issue("startDate", messages.required("Start date"));
    if (!v.isAllDay && !v.startTime) issue("startTime", messages.required("Start time"));
    const start = v.isAllDay ? 0 : (parseTimeText(v.startTime ?? "") ?? 0);
    const end = v.endTime ? parseTimeText(v.endTime) : null;
    const endDate = v.endDate ?? v.startDate;
    if (v.startDate && endDate && endDate < v.startDate) issue("endDate", "End date must not be before start date");
    else if (v.startDate && !v.isAllDay && end !== null && endDate === v.startDate && end <= start)
      issue("endTime", "End time must be after start time");
    if (v.recurrenceOption === "never") return;
    if (v.recurrenceOption === String(Frequency.Weekly) && v.weekDays.length === 0)
      issue("weekDays", "Choose at least one day of the week");
    const monthly = v.recurrenceOption === String(Frequency.Monthly) || v.recurrenceOption === String(Frequency.Yearly);
    if (monthly && v.on === "weekday" && (v.order === undefined || v.weekDay === undefined))
      issue("order", "Choose which week day of the month");
    if (v.endOption === "after" && !v.count) issue("count", messages.required("Number of visits"));
    if (v.endOption === "on" && !v.until) issue("until", messages.required("End date of the series"));
    if (v.endOption === "on" && v.until && v.startDate && v.until < v.startDate)
      issue("until", "End date of the series must not be before the start date");
  })
  // A valid form always has its start date (required above).
  .transform((v) => v as typeof v & { startDate: string });
export type ScheduleFormInput = z.infer<typeof scheduleFormSchema>;

/**
 * The recurrence rule of the form, or null for 'never'. Monthly and yearly repeat on the start
 * date's day unless 'on the Nth week day' is chosen; `until` is the end of that day (inclusive).
 */
export function recurrenceFromForm(v: ScheduleFormInput, untilInstant?: Date): RecurrenceInput | null {
  if (v.recurrenceOption === "never") return null;
  const frequency = Number(v.recurrenceOption);
  const byWeekday = (frequency === Frequency.Monthly || frequency === Frequency.Yearly) && v.on === "weekday";
  const startDay = Number(v.startDate.slice(8, 10));
  return {
    frequency,
    interval: v.interval ?? 1,
    daysOfWeek: frequency === Frequency.Weekly ? [...new Set(v.weekDays)].sort() : byWeekday ? [v.weekDay!] : undefined,
    setPosition: byWeekday ? v.order : undefined,
    daysOfMonth:
      (frequency === Frequency.Monthly || frequency === Frequency.Yearly) && !byWeekday
        ? [v.day ?? startDay]
        : undefined,
    month: frequency === Frequency.Yearly ? (v.month ?? Number(v.startDate.slice(5, 7))) : undefined,
    count: v.endOption === "after" ? v.count : undefined,
    until: v.endOption === "on" ? untilInstant : undefined,
  };
}

/** The form's recurrence fields from a stored rule (the jobs model's recurrence shape). */
export function recurrenceFormValues(
  r:
    | (Pick<SeriesRule, "frequency" | "interval" | "count" | "setPosition" | "daysOfWeek" | "daysOfMonth" | "month"> & {
        until: string | null;
      })
    | null,
  untilDate: string | null,
) {
  if (!r) return { recurrenceOption: "never", interval: 1, weekDays: [] as number[], on: "day", endOption: "never" };
  return {
    recurrenceOption: String(r.frequency),
    interval: r.interval,
    weekDays: r.frequency === Frequency.Weekly ? (r.daysOfWeek ?? []) : [],
    on: r.setPosition ? "weekday" : "day",
    day: r.daysOfMonth?.[0],
    order: r.setPosition ?? undefined,
    weekDay: r.setPosition ? r.daysOfWeek?.[0] : undefined,
    month: r.month ?? undefined,
    endOption: r.count ? "after" : r.until ? "on" : "never",
    count: r.count ?? undefined,
    until: untilDate ?? undefined,
  };
}
