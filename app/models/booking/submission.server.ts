import { stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { bookingRequestPhotos, bookingRequests, bookingSettings } from "~/db/schema";
import {
  BookingRequestEvent,
  PHOTOS_MAX,
  PHOTO_MAX_BYTES,
  QuestionType,
  type BookingAnswer,
  type BookingSubmissionInput,
} from "~/models/booking/booking.schema";
import { employeeForWindow, gridWindowAt, type BookingRules } from "~/models/booking/availability.server";
import {
  findPublicBookingForm,
  type BookingQuestionView,
  type PublicBookingForm,
} from "~/models/booking/booking-settings.server";
import { addRequestTimeline, convertRequestToJob } from "~/models/booking/request-conversion.server";
import { publishNewRequestCounter } from "~/models/booking/request-counter.server";
import { checkServiceArea } from "~/models/company/company.server";
import { companyFileUrl } from "~/models/files/company-files.server";
import { imageMessages, type ImageRules } from "~/models/files/file-rules";
import type { UploadRule } from "~/models/files/upload-rules.server";
import { RuleError } from "~/models/rules";
import { storeImageUpload } from "~/services/images.server";
import { maps } from "~/services/maps.server";
import { keyFromUrl, uploadsRoot } from "~/services/storage.server";
import { messages, normalizePhone } from "~/utils/validation";
import { recordBookingRequestWebhook } from "~/models/webhooks/event-data.server";

/**
 * A booking request from the public form or POST /api/booking-requests/public/{companyId}/send,
 * stored in one transaction (docs/decisions/057-online-booking-windows.md): under the company's
 * booking lock the window is checked again and given to a free employee, the request, its photos and
 * its "Request received" row are written, and a form that creates jobs at once converts it. The
 * form's one-time key makes a repeat (a double tap, a retry after a lost answer) return the stored one.
 */

/** Where the customers' photos are kept: private to the company's staff. */
export const BOOKING_PHOTO_FOLDER = "booking-photos";

export const submissionMessages = {
  taken: "That time was just taken. Please choose another time.",
  chooseTime: "Choose a time",
  chooseService: "Choose a service from the list",
  unknownQuestion: "This question is not on the form",
  chooseOption: "Choose one of the options",
  date: "Enter a valid date",
  photo: "Upload the photo again",
  tooManyPhotos: `Attach at most ${PHOTOS_MAX} photos`,
  contact: "Enter an email or a phone number",
  outsideArea: "Sorry, this address is outside our service area.",
} as const;

/** The stored photos: turned upright and fitted within 1600 px, the spec's image types up to 10 MB. */
export const bookingPhotoRules: ImageRules = {
  maxBytes: PHOTO_MAX_BYTES,
  tooLargeMessage: imageMessages.imageTooLarge,
  accept: ["jpeg", "png", "heic"],
  wrongTypeMessage: imageMessages.editorTypes,
  resize: { mode: "inside", side: 1600 },
};

/** The public form's multipart body: up to PHOTOS_MAX photos of 10 MB, refused while it streams past that. */
export const bookingFormUploadRule: UploadRule = {
  fileLimit: () => ({ bytes: PHOTO_MAX_BYTES, message: imageMessages.imageTooLarge }),
  maxFiles: { count: PHOTOS_MAX, message: submissionMessages.tooManyPhotos },
  oversize: "refuse",
  maxBytes: PHOTOS_MAX * PHOTO_MAX_BYTES + 1024 * 1024,
};

/** Stores one customer photo for the company's form (processed, never as sent); its URL is the answer. */
export async function storeBookingPhoto(companyId: number, file: File | Buffer): Promise<string> {
  const stored = await storeImageUpload({ companyId, folder: BOOKING_PHOTO_FOLDER, file, rules: bookingPhotoRules });
  return stored.url;
}

/** What the customer and the API see of a stored request (never the employee). */
export type PublicRequestSummary = {
  id: number;
  submissionKey: string;
  status: number;
  serviceName: string | null;
  startTime: string;
  endTime: string;
  timezone: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  location: string;
  unitNumber: string | null;
  notes: string | null;
  answers: BookingAnswer[];
  createdAt: string;
};

const summaryColumns = {
  id: bookingRequests.id,
  submissionKey: bookingRequests.submissionKey,
  status: bookingRequests.status,
  serviceName: bookingRequests.serviceName,
  startTime: bookingRequests.startTime,
  endTime: bookingRequests.endTime,
  timezone: bookingRequests.timezone,
  firstName: bookingRequests.firstName,
  lastName: bookingRequests.lastName,
  email: bookingRequests.email,
  phone: bookingRequests.phone,
  location: bookingRequests.location,
  unitNumber: bookingRequests.unitNumber,
  notes: bookingRequests.notes,
  answers: bookingRequests.answers,
  createdAt: bookingRequests.createdAt,
};

/** The company's request stored under a form key, or null. */
export async function findRequestByKey(
  companyId: number,
  submissionKey: string,
  exec: Executor = db,
): Promise<PublicRequestSummary | null> {
  const [row] = await exec
    .select(summaryColumns)
    .from(bookingRequests)
    .where(and(eq(bookingRequests.companyId, companyId), eq(bookingRequests.submissionKey, submissionKey)));
  return row
    ? {
        ...row,
        startTime: row.startTime.toISOString(),
        endTime: row.endTime.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }
    : null;
}

/** The public form of a company by its id (the API's path), or null when unknown or off. */
export async function publicFormOfCompany(companyId: number): Promise<PublicBookingForm | null> {
  const [row] = await db
    .select({ formUrl: bookingSettings.formUrl })
    .from(bookingSettings)
    .where(eq(bookingSettings.companyId, companyId));
  return row ? findPublicBookingForm(row.formUrl) : null;
}

export const rulesOf = (form: PublicBookingForm): BookingRules => ({
  ...form.settings,
  timezone: form.company.timezone,
});

const isEmpty = (value: string | string[] | undefined) =>
  value === undefined || (Array.isArray(value) ? value.every((v) => !v.trim()) : !value.trim());

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

type StoredPhoto = { questionId: number; key: string; url: string; size: number };

/** A photo answer's URL when it names a photo uploaded for this company's form and still stored. */
async function uploadedPhoto(
  companyId: number,
  url: string,
): Promise<{ key: string; url: string; size: number } | null> {
  const own = companyFileUrl(companyId, url, [BOOKING_PHOTO_FOLDER]);
  const key = own ? keyFromUrl(own) : null;
  if (!own || !key) return null;
  try {
    const info = await stat(path.join(uploadsRoot(), key));
    return info.isFile() ? { key, url: own, size: info.size } : null;
  } catch {
    return null;
  }
}

/**
 * The answers checked against the company's questions: every key one of its questions, required ones
 * answered, options among the question's, dates real, photos this form's uploads. Field errors are
 * keyed `answers.<questionId>`.
 */
export async function checkAnswers(
  companyId: number,
  questions: readonly BookingQuestionView[],
  answers: Record<string, string | string[]>,
): Promise<{ errors: Record<string, string>; answers: BookingAnswer[]; photos: StoredPhoto[] }> {
  const errors: Record<string, string> = {};
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  for (const key of Object.keys(answers))
    if (!byId.has(key)) errors[`answers.${key}`] = submissionMessages.unknownQuestion;
  const stored: BookingAnswer[] = [];
  const photos: StoredPhoto[] = [];
  for (const q of questions) {
    const field = `answers.${q.id}`;
    const raw = Object.hasOwn(answers, String(q.id)) ? answers[String(q.id)] : undefined;
    const fail = (message: string) => {
      errors[field] = message;
    };
    if (isEmpty(raw)) {
      if (q.isRequired) fail(messages.required(q.label));
      stored.push({ questionId: q.id, type: q.type, label: q.label, value: null });
      continue;
    }
    const list = (Array.isArray(raw) ? raw : [raw!]).map((v) => v.trim()).filter(Boolean);
    const many = q.type === QuestionType.Checkbox || q.type === QuestionType.UploadImage;
    if (!many && list.length > 1) {
      fail(
        q.type === QuestionType.Dropdown || q.type === QuestionType.Radio
          ? submissionMessages.chooseOption
          : messages.required(q.label),
      );
      continue;
    }
    let value: string | string[] = many ? [...new Set(list)] : list[0]!;
    if (q.type === QuestionType.Dropdown || q.type === QuestionType.Radio || q.type === QuestionType.Checkbox) {
      if ((Array.isArray(value) ? value : [value]).some((v) => !q.options.includes(v)))
        fail(submissionMessages.chooseOption);
    } else if (q.type === QuestionType.Date) {
      if (!isCalendarDate(value as string)) fail(submissionMessages.date);
    } else if (q.type === QuestionType.UploadImage) {
      const found = await Promise.all((value as string[]).map((url) => uploadedPhoto(companyId, url)));
      if (found.some((p) => !p)) fail(submissionMessages.photo);
      else {
        photos.push(...found.map((p) => ({ questionId: q.id, ...p! })));
        value = found.map((p) => p!.url);
      }
    }
    stored.push({ questionId: q.id, type: q.type, label: q.label, value });
  }
  if (photos.length > PHOTOS_MAX) errors._global = submissionMessages.tooManyPhotos;
  return { errors, answers: stored, photos };
}

/** Inside the service area by the given coordinates, else by the address geocoded when the maps key allows. */
async function outsideServiceArea(form: PublicBookingForm, input: BookingSubmissionInput) {
  if (!form.company.serviceAreaRadius || !form.company.geoData) return false;
  let point: { latitude: number; longitude: number } | null =
    input.latitude !== undefined && input.longitude !== undefined
      ? { latitude: input.latitude, longitude: input.longitude }
      : null;
  if (!point && maps().enabled) point = await maps().geocode(input.location);
  if (!point) return false;
  return (await checkServiceArea(form.company.id, point.latitude, point.longitude)) === false;
}

/** A key of the per-company booking lock (pg_advisory_xact_lock(int, int)): the second half names it. */
const BOOKING_LOCK = 7208;

export type SubmissionResult = { request: PublicRequestSummary; created: boolean };

/**
 * Validates and stores a submission; a RuleError carries the field errors (also "That time was just
 * taken" on startTime when the last free employee was booked meanwhile). Returns once committed.
 */
export async function submitBookingRequest(
  form: PublicBookingForm,
  input: BookingSubmissionInput,
  now = new Date(),
  customerId: number | null = null,
): Promise<SubmissionResult> {
  const companyId = form.company.id;
  const repeated = await findRequestByKey(companyId, input.submissionKey);
  if (repeated) return { request: repeated, created: false };
  const rules = rulesOf(form);
  const errors: Record<string, string> = {};
  const service = input.serviceId ? form.services.find((s) => s.id === input.serviceId) : undefined;
  if (input.serviceId ? !service : form.services.length > 0) errors.serviceId = submissionMessages.chooseService;
  const start = new Date(input.startTime);
  if (!gridWindowAt(rules, start, now)) errors.startTime = submissionMessages.chooseTime;
  const phone = input.phone ? normalizePhone(input.phone) : null;
  if (input.phone && !phone) errors.phone = messages.phone;
  if (!input.email && !input.phone) errors.email = submissionMessages.contact;
  const checked = await checkAnswers(companyId, form.questions, input.answers);
  Object.assign(errors, checked.errors);
  if (!errors.location && (await outsideServiceArea(form, input))) errors.location = submissionMessages.outsideArea;
  if (Object.keys(errors).length) throw new RuleError(errors);

  const result = await db.transaction(async (tx) => {
    // One booking at a time per company: the window's check and its insert cannot interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(${companyId}, ${BOOKING_LOCK})`);
    const again = await findRequestByKey(companyId, input.submissionKey, tx);
    if (again) return { request: again, created: false };
    const booked = await employeeForWindow(tx, companyId, rules, start, now);
    if (!booked) throw new RuleError({ startTime: submissionMessages.taken });
    const [row] = await tx
      .insert(bookingRequests)
      .values({
        companyId,
        customerId, // a signed-in portal customer's request is theirs from the start
        priceListItemId: service?.id ?? null,
        serviceName: service?.name ?? null,
        startTime: booked.window.start,
        endTime: booked.window.end,
        timezone: rules.timezone,
        employeeId: booked.employeeId,
        firstName: input.firstName,
        lastName: input.lastName ?? "",
        email: input.email ?? null,
        phone,
        location: input.location,
        unitNumber: input.unitNumber ?? null,
        geoData:
          input.latitude !== undefined && input.longitude !== undefined
            ? { latitude: input.latitude, longitude: input.longitude }
            : null,
        notes: input.notes ?? null,
        answers: checked.answers,
        submissionKey: input.submissionKey,
      })
      .returning({ id: bookingRequests.id });
    const requestId = row!.id;
    if (checked.photos.length)
      await tx.insert(bookingRequestPhotos).values(
        checked.photos.map((p, i) => ({
          companyId,
          requestId,
          questionId: p.questionId,
          storageKey: p.key,
          fileUrl: p.url,
          fileName: `photo-${i + 1}.png`,
          contentType: "image/png",
          sizeBytes: p.size,
        })),
      );
    await addRequestTimeline(tx, companyId, requestId, null, BookingRequestEvent.Received);
    await recordBookingRequestWebhook(tx, companyId, requestId);
    if (!form.settings.needsApproval) await convertRequestToJob(tx, companyId, requestId, null);
    return { request: (await findRequestByKey(companyId, input.submissionKey, tx))!, created: true };
  });
  // The request is stored: a failed badge update must not turn its answer into an error (a retry is a repeat).
  if (result.created) await publishNewRequestCounter(companyId).catch(() => undefined);
  return result;
}
