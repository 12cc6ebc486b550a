import { randomBytes } from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { formFields } from "~/http/request-data.server";
import { withUploadForm } from "~/http/uploads.server";
import {
  bookingSubmissionSchema,
  FORM_URL_PATTERN,
  QuestionType,
  type BookingAnswer,
} from "~/models/booking/booking.schema";
import { findOpenDays } from "~/models/booking/availability.server";
import { findPublicBookingForm, type PublicBookingForm } from "~/models/booking/booking-settings.server";
import {
  bookingFormUploadRule,
  checkAnswers,
  findRequestByKey,
  rulesOf,
  storeBookingPhoto,
  submitBookingRequest,
} from "~/models/booking/submission.server";
import { RuleError } from "~/models/rules";
import { ImageUploadError, isFileChosen } from "~/services/images.server";
import { maps } from "~/services/maps.server";
import { clientAddress, consumeAttempt, RateLimited } from "~/services/rate-limits.server";
import { formatInZone, formatMoney } from "~/utils/format";
import { fieldErrors, formatPhone } from "~/utils/validation";
import { NO_STORE } from "./__payment-page";

/** The public booking page's server side: the form's view, its post and the confirmation. */

/** Whether the settings could have saved this form address; another (a NUL byte, 5000 characters) is not looked up. */
export const isFormUrl = (formUrl: string | undefined): formUrl is string =>
  formUrl !== undefined && formUrl.length <= 100 && FORM_URL_PATTERN.test(formUrl.trim().toLowerCase());

export async function requireBookingForm(formUrl: string | undefined): Promise<PublicBookingForm> {
  const form = isFormUrl(formUrl) ? await findPublicBookingForm(formUrl) : null;
  if (!form) throw json({ message: "Not found" }, { status: 404, headers: NO_STORE });
  return form;
}

/** A new one-time key for the form: what makes a repeated post store one request. */
export const newSubmissionKey = () => randomBytes(18).toString("base64url");

const TIME = "h:mm a";

/**
 * The form as the page shows it: the company, services, questions, the open days and the chosen day's
 * windows, and its place search's address when a maps key is set (null: the address stays plain text).
 */
export async function bookingPageView(form: PublicBookingForm, wantedDay: string | null) {
  const tz = form.company.timezone;
  const days = await findOpenDays(form.company.id, rulesOf(form));
  const day = days.find((d) => d.date === wantedDay) ?? days[0];
  return {
    kind: "form" as const,
    company: { name: form.company.name, logoUrl: form.company.logoUrl, phone: form.company.phone },
    introText: form.settings.introText,
    placeSearch: maps().enabled
      ? `/api/booking-requests/public/${encodeURIComponent(form.settings.formUrl)}/places`
      : null,
    durationMinutes: form.settings.durationMinutes,
    timezone: tz,
    services: form.services.map((s) => ({ value: s.id, label: `${s.name} (${formatMoney(s.priceCents)})` })),
    questions: form.questions,
    days: days.map((d) => ({ date: d.date, label: formatInZone(d.windows[0]!.start, tz, "ddd, MMM D") })),
    day: day?.date ?? null,
    windows: (day?.windows ?? []).map((w) => ({
      start: w.start.toISOString(),
      label: formatInZone(w.start, tz, TIME),
    })),
  };
}
export type BookingPageView = Awaited<ReturnType<typeof bookingPageView>>;

/** The confirmation: what was booked, in the company's zone. null when the key stored nothing (the honeypot's pretend success). */
export async function confirmationView(form: PublicBookingForm, submissionKey: string) {
  const request = await findRequestByKey(form.company.id, submissionKey);
  const tz = form.company.timezone;
  return {
    kind: "confirmed" as const,
    company: { name: form.company.name, logoUrl: form.company.logoUrl, phone: form.company.phone },
    needsApproval: form.settings.needsApproval,
    request: request && {
      serviceName: request.serviceName,
      when: `${formatInZone(request.startTime, tz, "dddd, MMM D, YYYY")}, ${formatInZone(request.startTime, tz, TIME)} – ${formatInZone(request.endTime, tz, TIME)}`,
      name: `${request.firstName} ${request.lastName}`.trim(),
      location: [request.location, request.unitNumber].filter(Boolean).join(", "),
      contact: [request.email, formatPhone(request.phone)].filter(Boolean).join(", "),
      answers: request.answers.filter((a) => a.value !== null).map(answerText),
    },
  };
}

export type ConfirmedView = Awaited<ReturnType<typeof confirmationView>>;

const answerText = (a: BookingAnswer) => ({
  label: a.label,
  text:
    a.type === QuestionType.UploadImage
      ? `${(a.value as string[]).length} photo(s)`
      : Array.isArray(a.value)
        ? a.value.join(", ")
        : (a.value ?? ""),
});

/** answers.<questionId> fields (repeated for checkboxes and photos) as the submission's answers. */
function postedAnswers(form: FormData): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    const id = /^answers\.(\d{1,9})$/.exec(key)?.[1];
    if (!id || typeof value !== "string") continue;
    const had = answers[id];
    answers[id] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return answers;
}

type PostResult = { errors: Record<string, string>; values: Record<string, unknown>; status: number };

/**
 * The form's post (multipart, read within the photo limits while it streams): the honeypot, the rate
 * limit per address and per form, the chosen photos stored (their URLs kept in the form so a failed
 * post does not ask for them again), then the submission. Success redirects to the confirmation.
 */
export async function postBookingForm(
  request: Request,
  context: unknown,
  form: PublicBookingForm,
  customerId: number | null = null,
): Promise<Response | PostResult> {
  try {
    await consumeAttempt("bookingRequest", { account: `form-${form.company.id}`, address: clientAddress(context) });
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    return { errors: { _global: error.message }, values: {}, status: 429 };
  }
  return withUploadForm<Response | PostResult>(
    request,
    bookingFormUploadRule,
    (message) => ({ errors: { _global: message }, values: {}, status: 413 }),
    async (formData) => {
      const confirmation = (key: string) =>
        redirect(`${new URL(request.url).pathname}?confirmed=${encodeURIComponent(key)}`, {
          status: 303,
          headers: NO_STORE,
        });
      const fields = formFields(formData);
      const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => !(v instanceof File)));
      const key = String(fields.submissionKey ?? "");
      // A robot filled the hidden field: it is told the request went through, and nothing is kept.
      if (fields.website) return confirmation(key);
      const answers = postedAnswers(formData);
      for (const q of form.questions.filter((q) => q.type === QuestionType.UploadImage)) {
        const files = formData.getAll(`photo.${q.id}`).filter(isFileChosen);
        const kept = answers[q.id] === undefined ? [] : ([] as string[]).concat(answers[q.id]!);
        try {
          for (const file of files) kept.push(await storeBookingPhoto(form.company.id, file));
        } catch (error) {
          if (!(error instanceof ImageUploadError)) throw error;
          return {
            errors: { [`answers.${q.id}`]: error.message },
            values: { ...values, [`answers.${q.id}`]: kept },
            status: 422,
          };
        }
        if (kept.length) answers[q.id] = kept;
      }
      const withPhotos = {
        ...values,
        ...Object.fromEntries(Object.entries(answers).map(([id, v]) => [`answers.${id}`, v])),
      };
      const parsed = bookingSubmissionSchema.safeParse({ ...values, answers, website: undefined });
      if (!parsed.success) {
        // The answers' messages too, so one post shows every field to correct.
        const answerErrors = (await checkAnswers(form.company.id, form.questions, answers)).errors;
        return { errors: { ...answerErrors, ...fieldErrors(parsed.error) }, values: withPhotos, status: 422 };
      }
      try {
        await submitBookingRequest(form, parsed.data, undefined, customerId);
      } catch (error) {
        if (!(error instanceof RuleError)) throw error;
        return { errors: error.fieldErrors, values: withPhotos, status: 422 };
      }
      return confirmation(parsed.data.submissionKey);
    },
  );
}
