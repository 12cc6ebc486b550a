import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, geoData, lower, ownedBy, setNullRef, tz, updatedAt } from "./columns";
import { users } from "./core";
import { customers } from "./customers";
import { estimates } from "./estimates";
import { jobs } from "./jobs";
import { priceListItems } from "./price-book";
import { attachmentColumns, companyId, companyKey, companyRow } from "./refs";

/** One weekday of the booking form's working hours (0 Sunday ... 6 Saturday), minutes after midnight. */
export type BookingWorkDay = { weekday: number; isOpen: boolean; startMinutes: number; endMinutes: number };

/** An answer as the customer gave it, with the question as it read then (questions change later). */
export type BookingAnswer = { questionId: number; type: number; label: string; value: string | string[] | null };

/**
 * The company's online booking form (/online-booking/{formUrl}): its public address, what a visit
 * takes, when it can be booked, and whether a request waits for the office or becomes a job at once.
 * The service area is the company's own radius (companies.service_area_radius, miles).
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    companyId: companyKey(),
    /** The last part of the public address, unique across companies without regard to case. */
    formUrl: text("form_url").notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    /** true: a request waits for the office; false: it becomes a job at once. */
    needsApproval: boolean("needs_approval").notNull().default(true),
    /** 60, 90, 120 or 180 (the spec's 1, 1.5, 2, 3 hours). */
    durationMinutes: integer("duration_minutes").notNull().default(120),
    /** Lead time: amount in hours (unit 0, up to 24) or days (unit 1, up to 60). */
    leadTimeAmount: integer("lead_time_amount").notNull().default(2),
    leadTimeUnit: integer("lead_time_unit").notNull().default(0),
    /** Minutes kept free after each visit: 0, 15, 30, 60, 120, 180 or 240. */
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    /** Seven entries, one per weekday; default 05:00 to 22:00 every day. */
    workHours: jsonb("work_hours").$type<BookingWorkDay[]>().notNull(),
    introText: text("intro_text"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("booking_settings_form_url_unique").on(lower(t.formUrl))],
);

/** The price book services the form offers, in the order shown. */
export const bookingServices = pgTable(
  "booking_services",
  {
    companyId: companyId(),
    priceListItemId: ownedBy("price_list_item_id", () => priceListItems.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.priceListItemId] })],
);

/**
 * The form's questions. type (spec order from 0): text field 0, date 1, dropdown 2, checkbox 3,
 * radio 4, text area 5, location 6, upload image 7; options for dropdown, checkbox and radio.
 */
export const bookingQuestions = pgTable(
  "booking_questions",
  {
    ...companyRow(),
    type: integer("type").notNull(),
    label: text("label").notNull(),
    isRequired: boolean("is_required").notNull().default(false),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("booking_questions_company_position_idx").on(t.companyId, t.position, t.id)],
);

/**
 * A booking request from the public form. status (spec "Online booking request"): 0 new, 1 viewed,
 * 2 pending, 3 bad request, 4 resolved, 5 converted to job, 6 converted to estimate; isPast moves
 * it to the past list. While open (0-2, not past) its window holds employeeId's time.
 */
export const bookingRequests = pgTable(
  "booking_requests",
  {
    ...companyRow(),
    status: integer("status").notNull().default(0),
    isPast: boolean("is_past").notNull().default(false),
    customerId: setNullRef("customer_id", () => customers.id),
    priceListItemId: setNullRef("price_list_item_id", () => priceListItems.id),
    serviceName: text("service_name"),
    startTime: tz("start_time").notNull(),
    endTime: tz("end_time").notNull(),
    timezone: text("timezone").notNull(),
    /** The free employee the window was booked with. */
    employeeId: setNullRef("employee_id", () => users.id),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    phone: text("phone"),
    location: text("location").notNull(),
    unitNumber: text("unit_number"),
    geoData: geoData(),
    notes: text("notes"),
    answers: jsonb("answers").$type<BookingAnswer[]>().notNull().default([]),
    /** The form's one-time key: the same submission sent twice stores one request. */
    submissionKey: text("submission_key").notNull(),
    jobId: setNullRef("job_id", () => jobs.id),
    estimateId: setNullRef("estimate_id", () => estimates.id),
    viewedAt: tz("viewed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("booking_requests_submission_unique").on(t.companyId, t.submissionKey),
    index("booking_requests_company_past_created_idx").on(t.companyId, t.isPast, t.createdAt, t.id),
    index("booking_requests_company_status_idx").on(t.companyId, t.status),
    index("booking_requests_employee_start_idx").on(t.employeeId, t.startTime),
  ],
);

const requestId = () => ownedBy("request_id", () => bookingRequests.id);

/** Photos the customer sent with the request (the upload-image questions). */
export const bookingRequestPhotos = pgTable(
  "booking_request_photos",
  { ...companyRow(), requestId: requestId(), questionId: integer("question_id"), ...attachmentColumns() },
  (t) => [index("booking_request_photos_request_idx").on(t.requestId, t.createdAt)],
);

/** The request's history (received, viewed, assigned, marked bad or past, edited, converted). */
export const bookingRequestTimelineEvents = pgTable(
  "booking_request_timeline_events",
  {
    ...companyRow(),
    requestId: requestId(),
    type: integer("type").notNull(),
    /** 0 system, 1 employee, 2 the customer (as on the jobs' timeline). */
    actorType: integer("actor_type").notNull().default(0),
    actorUserId: setNullRef("actor_user_id", () => users.id),
    data: jsonb("data").$type<Record<string, unknown> | null>(),
    at: tz("at").notNull().defaultNow(),
  },
  (t) => [index("booking_request_timeline_request_at_idx").on(t.requestId, t.at, t.id)],
);
